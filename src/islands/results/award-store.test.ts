import { describe, expect, it } from 'vitest';
import { testEnvironment } from '../../../tests/support/store-environment.ts';
import { createAwardStore } from './award-store.ts';
import { reviewStateFor } from './result.ts';

// /award's store with the navigation state the quiz hands it, or none.

/** A result too low for the confetti, which needs a page. */
const result = { _id: 'attempt-1', scoreAccuracy: 20, totalQuestions: 5, correctAnswer: 1 };

function awardOpenedWith(state: unknown) {
  const went: { path: string; state: unknown; replace: boolean | undefined }[] = [];
  testEnvironment({
    readNavigationState: () => state,
    navigate: (path, handed, options) => went.push({ path, state: handed, replace: options?.replace }),
  });
  return { store: createAwardStore(), went };
}

describe('the award store', () => {
  it('without a result handed over, goes home in place of the page', () => {
    const { store, went } = awardOpenedWith(undefined);
    store.init();
    expect(store.$award.get()).toBeUndefined();
    expect(went).toEqual([{ path: '/', state: undefined, replace: true }]);
  });

  it('shows the result handed over, and Review Answers hands its answers to /review-answers', () => {
    const { store, went } = awardOpenedWith({ result, user: { firstName: 'Aisha', lastName: 'Bello' } });
    store.init();
    const award = store.$award.get();
    expect(award).toMatchObject({ result: { scoreAccuracy: 20 }, user: { firstName: 'Aisha' } });
    store.review();
    expect(went).toEqual([
      { path: '/review-answers', state: award && reviewStateFor(award.result), replace: undefined },
    ]);
  });
});
