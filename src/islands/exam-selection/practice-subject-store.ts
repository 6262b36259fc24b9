import { atom, computed } from 'nanostores';
import type { Subject } from '../../lib/api/catalogue.ts';
import type { DailyTaken } from '../../lib/api/exam.ts';
import { request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { requireSignIn } from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';
import { quickPicks, toChoice } from './catalogue.ts';
import { createImageFailures, createListStore } from './list-store.ts';

/**
 * /practice-subject: every subject, for the daily test, with three quick picks at the top (spec §2), and
 * the subjects the student has already taken today marked.
 */
export function createPracticeSubjectStore() {
  const list = createListStore<Subject>();
  const images = createImageFailures();
  const $quickPicks = computed(list.$list, (state) =>
    state.status === 'ready' ? quickPicks(state.items) : [],
  );
  /** The ids of the subjects whose daily test the student has already taken today. */
  const $taken = atom<ReadonlySet<string>>(new Set());
  /** Those subjects, in the list's order, for the line that names them. */
  const $takenToday = computed([list.$list, $taken], (state, taken) =>
    state.status === 'ready' ? state.items.filter((subject) => taken.has(subject._id)) : [],
  );

  /**
   * Asks which subjects the student has taken today. A guest has none; a failure leaves the cards unmarked,
   * since the daily test itself says so when a subject is opened a second time.
   */
  async function loadTaken() {
    if (!readToken()) return;
    const result = await request<DailyTaken>('GET', '/api/v1/exam/daily/taken');
    if (result.ok) $taken.set(new Set(result.data.subjects));
  }

  /** Loads (or reloads, for Retry) all subjects, and the ones taken today. */
  async function load() {
    await Promise.all([list.load('/api/v1/subject'), loadTaken()]);
  }

  /** Opens today's test of the subject, or sends a guest to sign in first and on to it afterwards. */
  function choose(subject: Subject) {
    const state = { subject: toChoice(subject) };
    if (readToken()) navigate('/daily-test', state);
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
