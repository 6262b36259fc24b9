import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testEnvironment } from '../../../tests/support/store-environment.ts';
import { createDownloadsStore, paperTitle, STORE_FAILED_MESSAGE } from './downloads-store.ts';
import { openPaperStore, type PaperStore, type PaperSummary } from './offline-papers.ts';

let store: PaperStore;

const summary = (paperId: string, bytes: number, downloadedAt: string): PaperSummary => ({
  owner: 'student-1',
  paperId,
  version: 'v1',
  examType: { _id: 'waec', title: 'WAEC' },
  subject: { _id: 'maths', title: 'Mathematics' },
  year: { _id: paperId, title: paperId },
  duration: 20,
  questions: 20,
  bytes,
  downloadedAt,
  usableUntil: '2099-01-01T00:00:00.000Z',
});

async function keep(paper: PaperSummary) {
  await store.save({ summary: paper, questions: [], images: {} });
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  store = openPaperStore();
  return () => vi.unstubAllGlobals();
});

/** /profile's store on this phone, for `owner` (undefined: a guest), reading `phone`. */
function downloadsOf(owner: string | undefined, phone: PaperStore = store) {
  testEnvironment({ papers: () => phone, userId: () => owner });
  return createDownloadsStore();
}

describe('Downloaded papers on /profile', () => {
  it('lists the student’s downloads, newest first, with the total they take', async () => {
    await keep(summary('2018', 1000, '2025-01-01T00:00:00.000Z'));
    await keep(summary('2019', 3000, '2025-01-02T00:00:00.000Z'));
    const downloads = downloadsOf('student-1');
    await downloads.load();
    const state = downloads.$state.get();
    expect(state.status === 'ready' && state.data.papers.map(paperTitle)).toEqual([
      'WAEC Mathematics 2019',
      'WAEC Mathematics 2018',
    ]);
    expect(downloads.$total.get()).toBe(4000);
  });

  it('is empty with no downloads, and for a guest', async () => {
    const downloads = downloadsOf('student-1');
    await downloads.load();
    expect(downloads.$state.get()).toEqual({ status: 'ready', data: { papers: [], waiting: 0 } });
    await keep(summary('2019', 3000, '2025-01-02T00:00:00.000Z'));
    const guest = downloadsOf(undefined);
    await guest.load();
    expect(guest.$state.get()).toEqual({ status: 'ready', data: { papers: [], waiting: 0 } });
  });

  it('removes a paper only once the student confirms', async () => {
    const paper = summary('2019', 3000, '2025-01-02T00:00:00.000Z');
    await keep(paper);
    const downloads = downloadsOf('student-1');
    await downloads.load();
    downloads.askRemove(paper);
    downloads.cancelRemove();
    expect(await store.list('student-1')).toHaveLength(1);
    downloads.askRemove(paper);
    await downloads.confirmRemove();
    expect(downloads.$removing.get()).toBeUndefined();
    expect(await store.list('student-1')).toEqual([]);
    expect(downloads.$state.get()).toEqual({ status: 'ready', data: { papers: [], waiting: 0 } });
    expect(downloads.$total.get()).toBe(0);
  });

  it('counts the offline tests still waiting to be uploaded', async () => {
    await store.enqueue({
      owner: 'student-1',
      queuedAt: '2025-01-02T00:00:00.000Z',
      upload: { clientId: 'c1', paperId: 'p', startedAt: 'x', finishedAt: 'y', answers: [] },
    });
    const downloads = downloadsOf('student-1');
    await downloads.load();
    const state = downloads.$state.get();
    expect(state.status === 'ready' && state.data.waiting).toBe(1);
  });

  it('says so when the phone’s store cannot be read', async () => {
    const broken = { ...store, list: () => Promise.reject(new Error('blocked')) };
    const downloads = downloadsOf('student-1', broken);
    await downloads.load();
    expect(downloads.$state.get()).toEqual({ status: 'failed', message: STORE_FAILED_MESSAGE });
  });
});
