import { atom } from 'nanostores';
import { $auth } from '../../lib/client/session.ts';
import { celebrates } from '../../lib/scoring.ts';
import { environment } from '../shared/environment.ts';
import {
  type AwardState,
  awardStateFromState,
  reviewStateFor,
  SCORE_COPIED_MESSAGE,
  shareText,
} from './result.ts';

/**
 * Throws confetti for a good score, loading canvas-confetti only then, and never for reduced motion. It
 * draws on a canvas of ours, on the main thread: its default worker starts from a blob: URL, which the
 * Content-Security-Policy refuses.
 */
async function throwConfetti(): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  try {
    const { default: confetti } = await import('canvas-confetti');
    document.body.append(canvas);
    const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
    await fire({ particleCount: 140, spread: 80, origin: { y: 0.6 } });
  } catch (error) {
    // A failed download of the confetti costs the student nothing.
    console.warn('Confetti could not load', error);
  } finally {
    canvas.remove();
  }
}

/** /award: the result handed over by the quiz, Review Answers and Share Score (spec §2 Results). */
export function createAwardStore() {
  const $award = atom<AwardState | undefined>(undefined);

  /** Reads the result from navigation state; without one, goes home. */
  function init() {
    const state = awardStateFromState(environment().readNavigationState());
    if (!state) {
      environment().navigate('/', undefined, { replace: true });
      return;
    }
    // The environment knows the student's id only; their name is the session's.
    const user = $auth.get().user;
    if (!state.user.firstName && user) state.user = { firstName: user.firstName, lastName: user.lastName };
    $award.set(state);
    if (celebrates(state.result.scoreAccuracy)) void throwConfetti();
  }

  /** Review Answers: the answers as state, or the two built-in samples when the result has none. */
  function review() {
    const state = $award.get();
    if (state) environment().navigate('/review-answers', reviewStateFor(state.result));
  }

  /** Share Score: copies the text, then the spec's alert; a failed copy is only logged. */
  async function share() {
    const state = $award.get();
    if (!state) return;
    try {
      await navigator.clipboard.writeText(shareText(state.result.scoreAccuracy));
      window.alert(SCORE_COPIED_MESSAGE);
    } catch (error) {
      console.warn('Could not copy the score to the clipboard', error);
    }
  }

  return { $award, init, review, share };
}
