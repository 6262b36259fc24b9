import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The tracker the work was planned in is not part of the repository: a comment or a document that cites one
// of its numbers ("issue 11", "(#15)") says nothing to a reader, who should be told what is meant instead.
const root = new URL('../../', import.meta.url).pathname;
const FOLDERS = ['src', 'tests', 'docs', 'scripts'];
const TEXT = /\.(ts|tsx|astro|md|mdx|css|mjs|js)$/;
const CITATION = /\bissues? ?#?\d+\b|\(#\d+\)/i;

function files(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((path) => TEXT.test(path)).map((path) => join(folder, path));
}

/** This file, which has to spell citations out to test that it notices them. */
function isThisFile(path: string): boolean {
  return path === join('tests', 'unit', 'tracker-numbers.test.ts');
}

describe('the repository', () => {
  it('cites no tracker number in its code, tests or documents', () => {
    const citing = FOLDERS.flatMap(files)
      .filter((path) => !isThisFile(path))
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .flatMap((line, index) => (CITATION.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(citing).toEqual([]);
  });

  it('would notice a citation', () => {
    expect(CITATION.test('// Issue 15’s server side')).toBe(true);
    expect(CITATION.test('as agreed (#12)')).toBe(true);
    expect(CITATION.test('for (const issue of parsed.error.issues)')).toBe(false);
  });
});
