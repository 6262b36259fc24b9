import { atom, computed } from 'nanostores';
import type { Subject } from '../../lib/api/catalogue.ts';
import { catalogueApi, examApi } from '../../lib/api/endpoints.ts';
import { environment } from '../shared/environment.ts';
import { quickPicks, toChoice } from './catalogue.ts';
import { createImageFailures, createListStore } from './list-store.ts';

/**
 * /practice-subject: every subject, for the daily test, with three quick picks at the top (spec §2), and
 * the subjects the student has already taken today marked.
 */
export function createPracticeSubjectStore() {
  const list = createListStore(catalogueApi.subjects);
  const images = createImageFailures();
  const $quickPicks = computed(list.$list, (state) =>
    state.status === 'ready' ? quickPicks(state.data) : [],
  );
  /** The ids of the subjects whose daily test the student has already taken today. */
  const $taken = atom<ReadonlySet<string>>(new Set());
  /** Those subjects, in the list's order, for the line that names them. */
  const $takenToday = computed([list.$list, $taken], (state, taken) =>
    state.status === 'ready' ? state.data.filter((subject) => taken.has(subject._id)) : [],
  );

  /**
   * Asks which subjects the student has taken today. A guest has none; a failure leaves the cards unmarked,
   * since the daily test itself says so when a subject is opened a second time.
   */
  async function loadTaken() {
    if (!environment().signedIn()) return;
    const result = await environment().call(examApi.dailyTaken);
    if (result.ok) $taken.set(new Set(result.data.subjects));
  }

  /** Loads (or reloads, for Retry) all subjects, and the ones taken today. */
  async function load() {
    await Promise.all([list.load(), loadTaken()]);
  }

  /** Opens today's test of the subject, or sends a guest to sign in first and on to it afterwards. */
  function choose(subject: Subject) {
    const state = { subject: toChoice(subject) };
    const { signedIn, navigate, requireSignIn } = environment();
    if (signedIn()) navigate('/daily-test', state);
    else requireSignIn('/daily-test', state);
  }

  return {
    $list: list.$list,
    $quickPicks,
    $taken,
    $takenToday,
    $failedImages: images.$failed,
    imageFailed: images.markFailed,
    load,
    choose,
  };
}
