import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPaper } from '../../../tests/support/bank-fixture.ts';
import {
  appApi,
  failed as failure,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { createTestApp, subscribedStudent } from '../../../tests/support/test-app.ts';
import { offlineApi } from '../../lib/api/endpoints.ts';
import type { QuizResult } from '../../lib/api/exam.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { PaperStore, QueuedAttempt } from './offline-papers.ts';
import { isRefusedForGood, uploadQueued } from './offline-sync.ts';

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

/** A queue in memory, as the phone's store keeps it. */
function memoryQueue(waiting: QueuedAttempt[]) {
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
  return { queue, store };
}

/** A queue in memory, and an API that answers each upload in turn, for student-1 (or a guest). */
function setup(
  waiting: QueuedAttempt[],
  answers: ApiResult<QuizResult>[],
  { online = true, guest = false } = {},
) {
  const { queue, store } = memoryQueue(waiting);
  const api = fakeApi().on(offlineApi.upload, () => answers.shift() ?? failure('offline', 0));
  testEnvironment({
    call: api.call,
    papers: () => store,
    userId: () => (guest ? undefined : 'student-1'),
    isOnline: () => online,
  });
  return { queue, api };
}

// What the server answers does not matter here: only whether it accepted the attempt.
const ok = success({} as QuizResult);
const failed = (status: number) => failure(`failed ${status}`, status);

describe('uploading offline attempts', () => {
  it('sends each of the student’s attempts to POST /api/v1/exam/offline and empties the queue', async () => {
    const { queue, api } = setup([queued('a'), queued('bb'), queued('other', 'student-2')], [ok, ok]);
    expect(await uploadQueued()).toEqual({ sent: 2, refused: 0, kept: 0 });
    expect(api.calls).toEqual([
      { binding: offlineApi.upload, input: { body: queued('a').upload, quiet: true } },
      { binding: offlineApi.upload, input: { body: queued('bb').upload, quiet: true } },
    ]);
    expect(queue.map((attempt) => attempt.upload.clientId)).toEqual(['other']);
  });

  it('drops an attempt the server refuses for good (4xx), and keeps it on 0, 5xx, 401 and 429', async () => {
    for (const status of [0, 500, 503, 401, 429]) {
      const { queue } = setup([queued('a')], [failed(status)]);
      expect(await uploadQueued()).toEqual({ sent: 0, refused: 0, kept: 1 });
      expect(queue).toHaveLength(1);
    }
    for (const status of [400, 403, 404, 409, 422]) {
      const { queue } = setup([queued('a')], [failed(status)]);
      expect(await uploadQueued()).toEqual({ sent: 0, refused: 1, kept: 0 });
      expect(queue).toEqual([]);
    }
  });

  it('stops at the first failure worth retrying, keeping the rest for later', async () => {
    const { queue, api } = setup([queued('a'), queued('bb'), queued('ccc')], [ok, failed(0)]);
    expect(await uploadQueued()).toEqual({ sent: 1, refused: 0, kept: 2 });
    expect(api.calls).toHaveLength(2);
    expect(queue.map((attempt) => attempt.upload.clientId)).toEqual(['bb', 'ccc']);
  });

  it('sends nothing while offline or signed out', async () => {
    const offline = setup([queued('a')], [ok], { online: false });
    expect(await uploadQueued()).toEqual({ sent: 0, refused: 0, kept: 0 });
    expect(offline.api.calls).toEqual([]);
    const guest = setup([queued('a')], [ok], { guest: true });
    await uploadQueued();
    expect(guest.api.calls).toEqual([]);
  });

  it('hands an attempt taken on a downloaded paper to the API, which accepts it, and empties the queue', async () => {
    const t = await createTestApp();
    const paper = await createPaper(t.db, { count: 2, duration: 5 });
    const { token, user } = await subscribedStudent(t);
    const downloaded = await t.call(offlineApi.download, { query: paper.ids, token });
    expect(downloaded.status, downloaded.text).toBe(200);
    const started = t.clock.now().getTime() + 60_000;
    const first = paper.questions[0];
    const attempt: QueuedAttempt = {
      owner: user._id,
      queuedAt: new Date(started + 180_000).toISOString(),
      upload: {
        clientId: randomUUID(),
        paperId: paper.paperId,
        startedAt: new Date(started).toISOString(),
        finishedAt: new Date(started + 180_000).toISOString(),
        answers: first ? [{ question: first.id, option: first.right }] : [],
      },
    };
    // The phone comes back online an hour later.
    t.clock.advance(3_600_000);
    const { queue, store } = memoryQueue([attempt]);
    testEnvironment({ call: appApi(t, token), papers: () => store, userId: () => user._id });
    expect(await uploadQueued()).toEqual({ sent: 1, refused: 0, kept: 0 });
    expect(queue).toEqual([]);
  });

  it('classifies statuses', () => {
    expect([400, 404, 422, 499].every(isRefusedForGood)).toBe(true);
    expect([0, 200, 401, 429, 500].some(isRefusedForGood)).toBe(false);
  });
});
