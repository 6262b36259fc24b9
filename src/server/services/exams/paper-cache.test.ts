import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { PaperCache } from './paper-cache.ts';
import type { PaperContent } from './papers.ts';

const db = {} as Executor;

function content(version: string): PaperContent {
  return { version, questionIds: [version], questions: new Map(), ordered: [], key: new Map() };
}

/** A stand-in for the database: each paper's current version, and every read made. */
function bank() {
  const versions = new Map<string, string>();
  const reads: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    versions,
    reads,
    hold() {
      let open: () => void = () => {};
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
    load: async (_db: Executor, paperId: string) => {
      reads.push(paperId);
      // The version is what the database holds when the read starts.
      const version = versions.get(paperId) ?? '0:';
      if (gate) await gate;
      return content(version);
    },
  };
}

describe('PaperCache', () => {
  it('reads a paper once while its version is unchanged, and again when an import changed it', async () => {
    const data = bank();
    const cache = new PaperCache({ load: data.load });
    data.versions.set('p', '1:100');
    expect((await cache.get(db, 'p', '1:100')).version).toBe('1:100');
    expect((await cache.get(db, 'p', '1:100')).version).toBe('1:100');
    expect(data.reads).toEqual(['p']);

    data.versions.set('p', '2:200');
    expect((await cache.get(db, 'p', '2:200')).questionIds).toEqual(['2:200']);
    expect(data.reads).toEqual(['p', 'p']);
  });

  it('serves many students opening the same paper at once with one read', async () => {
    const data = bank();
    const cache = new PaperCache({ load: data.load });
    data.versions.set('p', '1:1');
    const open = data.hold();
    const all = Promise.all(Array.from({ length: 50 }, () => cache.get(db, 'p', '1:1')));
    open();
    expect(new Set((await all).map((paper) => paper.version))).toEqual(new Set(['1:1']));
    expect(data.reads).toEqual(['p']);
  });

  it('does not hand out a read that started before the version the caller saw', async () => {
    const data = bank();
    const cache = new PaperCache({ load: data.load });
    data.versions.set('p', '1:1');
    const open = data.hold();
    const early = cache.get(db, 'p', '1:1');
    // An import commits while that read is under way; the next student sees the new version.
    data.versions.set('p', '2:2');
    const late = cache.get(db, 'p', '2:2');
    open();
    expect((await early).version).toBe('1:1');
    expect((await late).version).toBe('2:2');
    expect((await cache.get(db, 'p', '2:2')).version).toBe('2:2');
    expect(data.reads).toEqual(['p', 'p']);
  });

  it('keeps at most `size` papers, dropping the least recently used', async () => {
    const data = bank();
    const cache = new PaperCache({ size: 2, load: data.load });
    for (const paper of ['a', 'b', 'c']) data.versions.set(paper, '1:1');
    await cache.get(db, 'a', '1:1');
    await cache.get(db, 'b', '1:1');
    await cache.get(db, 'a', '1:1');
    await cache.get(db, 'c', '1:1');
    expect(cache.count).toBe(2);
    await cache.get(db, 'a', '1:1');
    expect(data.reads).toEqual(['a', 'b', 'c']);
    await cache.get(db, 'b', '1:1');
    expect(data.reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
