import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/client/api.ts';
import type { PaperStore, QueuedAttempt } from './offline-papers.ts';
import { isRefusedForGood, type SyncDeps, uploadQueued } from './offline-sync.ts';

const queued = (clientId: string, owner = 'student-1'): QueuedAttempt => ({
  owner,
  queuedAt: `2026-03-02T09:0${clientId.length}:00.000Z`,
  upload: {
    clientId,
    paperId: 'paper-1',
    startedAt: '2026-03-02T08:00:00.000Z',
    finishedAt: '2026-03-02T08:20:00.000Z',
    answers: [{ question: 'q1', option: 'q1-b' }],
  },
});

/** A queue in memory, and an API that answers each upload in turn. */
function setup(waiting: QueuedAttempt[], answers: ApiResult<unknown>[], online = true) {
  const queue = [...waiting];
  const store = {
    queued: async (owner: string) => queue.filter((attempt) => attempt.owner === owner),
    dequeue: async (clientId: string) => {
      queue.splice(
        queue.findIndex((attempt) => attempt.upload.clientId === clientId),
        1,
      );
    },
  } as PaperStore;
  const request = vi.fn(async () => answers.shift() ?? { ok: false, status: 0, message: 'offline' });
  const deps: SyncDeps = {
    request: request as unknown as SyncDeps['request'],
    store,
    owner: () => 'student-1',
    isOnline: () => online,
  };
  return { deps, queue, request };
}

const ok: ApiResult<unknown> = { ok: true, data: {}, message: '' };
const failed = (status: number): ApiResult<unknown> => ({ ok: false, status, message: `failed ${status}` });

describe('uploading offline attempts', () => {
  it('sends each of the student’s attempts to POST /api/v1/exam/offline and empties the queue', async () => {
    const { deps, queue, request } = setup(
      [queued('a'), queued('bb'), queued('other', 'student-2')],
      [ok, ok],
    );
    expect(await uploadQueued(deps)).toEqual({ sent: 2, refused: 0, kept: 0 });
    expect(request.mock.calls).toEqual([
      ['POST', '/api/v1/exam/offline', { body: queued('a').upload, quiet: true }],
      ['POST', '/api/v1/exam/offline', { body: queued('bb').upload, quiet: true }],
    ]);
    expect(queue.map((attempt) => attempt.upload.clientId)).toEqual(['other']);
  });

  it('drops an attempt the server refuses for good (4xx), and keeps it on 0, 5xx, 401 and 429', async () => {
    for (const status of [0, 500, 503, 401, 429]) {
      const { deps, queue } = setup([queued('a')], [failed(status)]);
      expect(await uploadQueued(deps)).toEqual({ sent: 0, refused: 0, kept: 1 });
      expect(queue).toHaveLength(1);
    }
    for (const status of [400, 403, 404, 409, 422]) {
      const { deps, queue } = setup([queued('a')], [failed(status)]);
      expect(await uploadQueued(deps)).toEqual({ sent: 0, refused: 1, kept: 0 });
      expect(queue).toEqual([]);
    }
  });

  it('stops at the first failure worth retrying, keeping the rest for later', async () => {
    const { deps, queue, request } = setup([queued('a'), queued('bb'), queued('ccc')], [ok, failed(0)]);
    expect(await uploadQueued(deps)).toEqual({ sent: 1, refused: 0, kept: 2 });
    expect(request).toHaveBeenCalledTimes(2);
    expect(queue.map((attempt) => attempt.upload.clientId)).toEqual(['bb', 'ccc']);
  });

  it('sends nothing while offline or signed out', async () => {
    const offline = setup([queued('a')], [ok], false);
    expect(await uploadQueued(offline.deps)).toEqual({ sent: 0, refused: 0, kept: 0 });
    expect(offline.request).not.toHaveBeenCalled();
    const guest = setup([queued('a')], [ok]);
    guest.deps.owner = () => undefined;
    await uploadQueued(guest.deps);
    expect(guest.request).not.toHaveBeenCalled();
  });

  it('classifies statuses', () => {
    expect([400, 404, 422, 499].every(isRefusedForGood)).toBe(true);
    expect([0, 200, 401, 429, 500].some(isRefusedForGood)).toBe(false);
  });
});
