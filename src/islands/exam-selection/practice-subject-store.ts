import { computed } from 'nanostores';
import type { Subject } from '../../lib/api/catalogue.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { requireSignIn } from '../../lib/client/session.ts';
import { readToken } from '../../lib/client/storage.ts';
import { quickPicks, toChoice } from './catalogue.ts';
import { createImageFailures, createListStore } from './list-store.ts';

/** /practice-subject: every subject, for the daily test, with three quick picks at the top (spec §2). */
export function createPracticeSubjectStore() {
  const list = createListStore<Subject>();
  const images = createImageFailures();
  const $quickPicks = computed(list.$list, (state) =>
    state.status === 'ready' ? quickPicks(state.items) : [],
  );

  /** Loads (or reloads, for Retry) all subjects. */
  function load() {
    return list.load('/api/v1/subject');
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
    $failedImages: images.$failed,
    imageFailed: images.markFailed,
    load,
    choose,
  };
}
