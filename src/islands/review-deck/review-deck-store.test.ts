import { describe, expect, it, vi } from 'vitest';
import { failed, fakeApi, testEnvironment } from '../../../tests/support/store-environment.ts';
import { reviewApi } from '../../lib/api/endpoints.ts';
import type { ReviewCounts, ReviewDue, ReviewOutcome, ReviewQuestion } from '../../lib/api/review.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { createDueCountStore } from './due-count-store.ts';
import { showReviewReminder } from './home-reminder.ts';
import { createReviewDeckStore } from './review-deck-store.ts';

// The review deck's stores against a stand-in API and clock.

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, message: '', data });
const offline = failed('We could not reach the server.', 0);
const counts = (dueNow: number, dueLaterToday = 0, nextDue: string | null = null): ReviewCounts => ({
  dueNow,
  dueLaterToday,
  waiting: 0,
  nextDue,
});

function question(id: string, file: string | null = null): ReviewQuestion {
  return {
    _id: id,
    question: `<p>${id}?</p>`,
    questionType: 'text',
    file: file ? { url: file } : null,
    options: ['a', 'b', 'c', 'd'].map((letter) => ({
      _id: `${id}-${letter}`,
      option: letter,
      optionType: 'text',
      file: null,
    })),
    subject: { _id: 'maths', title: 'Mathematics' },
    topic: 'Indices',
  };
}

function outcome(id: string, correct: boolean, left: ReviewCounts): ReviewOutcome {
  return {
    question: id,
    correct,
    correctOption: `${id}-b`,
    explanation: '<p>Because.</p>',
    rating: correct ? 'good' : 'again',
    due: '2026-03-04T23:00:00.000Z',
    counts: left,
  };
}

/**
 * A deck whose API answers from `answers` (GET for the due questions, POST for an answer, with its body)
 * and whose clock the test moves.
 */
function deckWith(answers: (method: 'GET' | 'POST', body: unknown) => ApiResult<unknown>, online = true) {
  let clock = 1_000;
  const sent: unknown[] = [];
  const api = fakeApi()
    .on(reviewApi.due, () => answers('GET', undefined) as ApiResult<ReviewDue>)
    .on(reviewApi.answer, (input) => {
      sent.push(input.body);
      return answers('POST', input.body) as ApiResult<ReviewOutcome>;
    });
  const loadImage = vi.fn(async (_url: string) => ({}));
  testEnvironment({ call: api.call, now: () => clock, isOnline: () => online, loadImage });
  const store = createReviewDeckStore();
  return { store, api, loadImage, sent, tick: (ms: number) => (clock += ms) };
}

describe('the review deck store', () => {
  it('shows the due questions one at a time, marks each answer and ends with a summary', async () => {
    const due: ReviewDue = { questions: [question('q1', '/d.svg'), question('q2')], counts: counts(2) };
    const { store, sent, tick, loadImage } = deckWith((method, body) => {
      if (method === 'GET') return ok(due);
      const { question: id, option } = body as { question: string; option: string | null };
      return ok(
        outcome(id, option === `${id}-b`, id === 'q1' ? counts(1, 1) : counts(0, 1, '2026-03-02T10:20:00Z')),
      );
    });
    await store.load();
    expect(store.$state.get()).toMatchObject({
      status: 'reviewing',
      position: 0,
      total: 2,
      picked: undefined,
    });
    // The session's images are fetched as soon as it starts.
    expect(loadImage).toHaveBeenCalledWith('/d.svg');

    // Next does nothing before an answer; an answer is sent with the seconds it took.
    store.next();
    expect(store.$state.get()).toMatchObject({ position: 0 });
    tick(4_250);
    await store.answer('q1-a');
    expect(sent).toEqual([{ question: 'q1', option: 'q1-a', seconds: 4.3 }]);
    expect(store.$state.get()).toMatchObject({
      picked: 'q1-a',
      outcome: { correct: false, correctOption: 'q1-b' },
    });
    // A second pick of the same question is ignored: it is answered.
    await store.answer('q1-b');
    expect(sent).toHaveLength(1);

    store.next();
    expect(store.$state.get()).toMatchObject({
      status: 'reviewing',
      position: 1,
      picked: undefined,
      outcome: null,
    });
    tick(2_000);
    await store.answer('q2-b');
    store.next();
    expect(store.$state.get()).toEqual({
      status: 'done',
      tally: { answered: 2, right: 1 },
      counts: counts(0, 1, '2026-03-02T10:20:00Z'),
    });
  });

  it('answers "I don’t know" with a null option', async () => {
    const { store, sent } = deckWith((method) =>
      method === 'GET'
        ? ok({ questions: [question('q1')], counts: counts(1) })
        : ok(outcome('q1', false, counts(0, 1))),
    );
    await store.load();
    await store.answer(null);
    expect(sent).toEqual([{ question: 'q1', option: null, seconds: 0 }]);
    expect(store.$state.get()).toMatchObject({ picked: null, outcome: { correct: false } });
  });

  it('says when nothing is due, and that reviews need a connection', async () => {
    const empty = deckWith(() => ok({ questions: [], counts: counts(0, 0, '2026-03-04T23:00:00Z') }));
    await empty.store.load();
    expect(empty.store.$state.get()).toEqual({
      status: 'empty',
      counts: counts(0, 0, '2026-03-04T23:00:00Z'),
    });

    const away = deckWith(() => ok({ questions: [], counts: counts(0) }), false);
    await away.store.load();
    expect(away.store.$state.get()).toEqual({ status: 'offline' });
    expect(away.api.calls).toEqual([]);

    const dropped = deckWith(() => offline);
    await dropped.store.load();
    expect(dropped.store.$state.get()).toEqual({ status: 'offline' });

    const refused = deckWith(() => failed('Something went wrong', 500));
    await refused.store.load();
    expect(refused.store.$state.get()).toEqual({ status: 'failed', message: 'Something went wrong' });
  });

  it('keeps an answer the connection lost, to try again or skip', async () => {
    let connected = false;
    const { store, sent } = deckWith((method) => {
      if (method === 'GET') return ok({ questions: [question('q1'), question('q2')], counts: counts(2) });
      return connected ? ok(outcome('q1', true, counts(1))) : offline;
    });
    await store.load();
    await store.answer('q1-b');
    expect(store.$state.get()).toMatchObject({
      picked: 'q1-b',
      outcome: null,
      error: expect.stringMatching(/offline/),
    });

    connected = true;
    await store.retry();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(store.$state.get()).toMatchObject({ outcome: { correct: true }, error: null });

    // Skipping a question whose answer failed moves on without a mark.
    connected = false;
    store.next();
    await store.answer('q2-a');
    store.next();
    expect(store.$state.get()).toEqual({
      status: 'done',
      tally: { answered: 1, right: 1 },
      counts: counts(1),
    });
  });
});

describe('the due count and the home reminder', () => {
  it('reads the counts without questions, and forgets them when the read fails', async () => {
    const answers = [ok<ReviewDue>({ questions: [], counts: counts(3, 1) }), offline];
    const api = fakeApi().on(reviewApi.due, () => answers.shift() ?? offline);
    testEnvironment({ call: api.call });
    const store = createDueCountStore();
    expect(await store.load()).toEqual(counts(3, 1));
    expect(api.calls).toEqual([{ binding: reviewApi.due, input: { query: { limit: 0 } } }]);
    expect(await store.load()).toBeUndefined();
  });

  it('shows the reminder with today’s count only when questions are due now', async () => {
    const reminder = fakeReminder();
    await showReviewReminder(reminder.element, { load: async () => counts(0, 2) } as never);
    expect(reminder.element.hidden).toBe(true);
    await showReviewReminder(reminder.element, { load: async () => undefined } as never);
    expect(reminder.element.hidden).toBe(true);
    await showReviewReminder(reminder.element, { load: async () => counts(3, 2) } as never);
    expect(reminder.element.hidden).toBe(false);
    expect(reminder.text.textContent).toBe('You have 5 questions to review today.');
  });
});

/** Just enough of the reminder's markup for showReviewReminder, without a DOM. */
function fakeReminder() {
  const text = { textContent: '' };
  const element = { hidden: true, querySelector: () => text } as unknown as HTMLElement;
  return { element, text };
}
