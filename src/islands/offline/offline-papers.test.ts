import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paperSummary } from '../../../tests/support/offline-fixture.ts';
import {
  formatBytes,
  openPaperStore,
  type PaperSummary,
  type QueuedAttempt,
  requestPersistence,
  type StoredPaper,
} from './offline-papers.ts';

// Each test gets an empty IndexedDB of its own.
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  return () => vi.unstubAllGlobals();
});

/** A smaller, older paper than the shared one: one question, twenty minutes, 2 KiB. */
function summary(overrides: Partial<PaperSummary> = {}): PaperSummary {
  return paperSummary({
    duration: 20,
    questions: 1,
    bytes: 2048,
    downloadedAt: '2025-01-10T10:00:00.000Z',
    usableUntil: '2025-02-10T10:00:00.000Z',
    ...overrides,
  });
}

function paper(overrides: Partial<PaperSummary> = {}): StoredPaper {
  return {
    summary: summary(overrides),
    questions: [
      {
        _id: 'q1',
        question: '<p>2 + 2?</p>',
        questionType: 'diagram',
        file: { url: '/bank/q1.png' },
        options: [
          { _id: 'a', option: '<p>4</p>', optionType: 'text', file: null },
          { _id: 'b', option: '<p>5</p>', optionType: 'text', file: null },
        ],
        answer: 'a',
        explanation: '<p>Two and two make four.</p>',
      },
    ],
    images: { '/bank/q1.png': new Blob(['png-bytes'], { type: 'image/png' }) },
  };
}

const attempt = (clientId: string, queuedAt: string, owner = 'student-1'): QueuedAttempt => ({
  owner,
  queuedAt,
  upload: {
    clientId,
    paperId: 'paper-1',
    startedAt: '2025-01-11T09:00:00.000Z',
    finishedAt: '2025-01-11T09:15:00.000Z',
    answers: [{ question: 'q1', option: 'a' }],
  },
});

describe('the store of downloads', () => {
  it('keeps a paper with its questions, key and images, and lists it without them', async () => {
    const store = openPaperStore();
    await store.save(paper());
    expect(await store.list('student-1')).toEqual([summary()]);
    const stored = await store.get('student-1', 'paper-1');
    expect(stored?.questions[0]?.answer).toBe('a');
    const image = stored?.images['/bank/q1.png'];
    expect(image).toBeInstanceOf(Blob);
    expect(await image?.text()).toBe('png-bytes');
  });

  it('shows a student only their own downloads', async () => {
    const store = openPaperStore();
    await store.save(paper());
    await store.save(paper({ owner: 'student-2', paperId: 'paper-2' }));
    expect((await store.list('student-1')).map((item) => item.paperId)).toEqual(['paper-1']);
    expect(await store.get('student-2', 'paper-1')).toBeUndefined();
  });

  it('lists the newest download first, and a new download of a paper replaces the old one', async () => {
    const store = openPaperStore();
    await store.save(paper({ paperId: 'old', downloadedAt: '2025-01-01T00:00:00.000Z' }));
    await store.save(paper({ paperId: 'new', downloadedAt: '2025-01-05T00:00:00.000Z' }));
    await store.save(paper({ paperId: 'old', version: 'v2', downloadedAt: '2025-01-02T00:00:00.000Z' }));
    const listed = await store.list('student-1');
    expect(listed.map((item) => [item.paperId, item.version])).toEqual([
      ['new', 'v1'],
      ['old', 'v2'],
    ]);
  });

  it('removes a paper with its questions and images', async () => {
    const store = openPaperStore();
    await store.save(paper());
    await store.remove('student-1', 'paper-1');
    expect(await store.list('student-1')).toEqual([]);
    expect(await store.get('student-1', 'paper-1')).toBeUndefined();
  });

  it('survives the page: a second opening of the database finds what the first stored', async () => {
    await openPaperStore().save(paper());
    expect(await openPaperStore().list('student-1')).toHaveLength(1);
  });

  it('queues attempts per student, oldest first, and removes one by its clientId', async () => {
    const store = openPaperStore();
    await store.enqueue(attempt('later', '2025-01-11T10:00:00.000Z'));
    await store.enqueue(attempt('earlier', '2025-01-11T09:30:00.000Z'));
    await store.enqueue(attempt('theirs', '2025-01-11T09:00:00.000Z', 'student-2'));
    expect((await store.queued('student-1')).map((item) => item.upload.clientId)).toEqual([
      'earlier',
      'later',
    ]);
    await store.dequeue('earlier');
    expect((await store.queued('student-1')).map((item) => item.upload.clientId)).toEqual(['later']);
  });

  it('keeps one entry for an attempt queued twice', async () => {
    const store = openPaperStore();
    await store.enqueue(attempt('same', '2025-01-11T09:30:00.000Z'));
    await store.enqueue(attempt('same', '2025-01-11T09:31:00.000Z'));
    expect(await store.queued('student-1')).toHaveLength(1);
  });
});

describe('persistence', () => {
  it('asks the browser to keep the store once, and not again when it already does', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistence({ persist, persisted: async () => false } as never)).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    persist.mockClear();
    expect(await requestPersistence({ persist, persisted: async () => true } as never)).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('answers false where the browser has no storage manager', async () => {
    expect(await requestPersistence(undefined)).toBe(false);
  });
});

describe('formatBytes', () => {
  it('says a size as a phone does', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(240 * 1024)).toBe('240 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});
