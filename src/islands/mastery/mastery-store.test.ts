import { describe, expect, it } from 'vitest';
import { failed, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { masteryApi } from '../../lib/api/endpoints.ts';
import type { MasteryOverview, SubjectMastery } from '../../lib/api/mastery.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { quizRequestFromState } from '../quiz/quiz-paper.ts';
import { createMasteryStore, topicGroups } from './mastery-store.ts';

const mathematics: SubjectMastery = {
  subject: { _id: 's1', slug: 'mathematics', title: 'Mathematics' },
  topics: [
    { topic: 'Sets', answers: 4, right: 4, share: 100, level: 'familiar' },
    { topic: 'Surds', answers: 5, right: 1, share: 20, level: 'practising' },
    { topic: 'Bearings', answers: 0, right: 0, share: null, level: 'not-started' },
    { topic: 'Variation', answers: 0, right: 0, share: null, level: 'not-started' },
  ],
  weakest: [{ topic: 'Surds', answers: 5, right: 1, share: 20, level: 'practising' }],
};

function setup(answers: ApiResult<MasteryOverview>[]) {
  const api = fakeApi().on(masteryApi.overview, () => answers.shift() ?? failed('none left', 0));
  const browser = testEnvironment({ call: api.call });
  return { store: createMasteryStore(), browser };
}

describe('the topic mastery store', () => {
  it('shows the subjects, and a failure with its reason until Retry loads them', async () => {
    const { store } = setup([
      failed('We could not reach the server.', 0),
      success({ window: 20, subjects: [mathematics] }),
    ]);
    expect(store.$state.get()).toEqual({ status: 'loading' });
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'failed', message: 'We could not reach the server.' });
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'ready', data: [mathematics] });
  });

  it('opens /test on a practice of the topic, in state the quiz reads as one', () => {
    const { store, browser } = setup([]);
    store.practise(mathematics.subject, 'Surds');
    expect(browser.navigations).toEqual([
      {
        path: '/test',
        state: { topicPractice: { subject: { slug: 'mathematics', title: 'Mathematics' }, topic: 'Surds' } },
      },
    ]);
    const state = browser.navigations[0]?.state;
    expect(quizRequestFromState('exam', state)).toMatchObject({
      binding: masteryApi.topic,
      query: { subject: 'mathematics', topic: 'Surds' },
    });
  });

  it('splits a subject into the topics answered and the names of those not started', () => {
    expect(topicGroups(mathematics)).toEqual({
      answered: mathematics.topics.slice(0, 2),
      notStarted: ['Bearings', 'Variation'],
    });
  });
});
