import { atom } from 'nanostores';
import type { Subject } from '../../lib/api/catalogue.ts';
import { catalogueApi } from '../../lib/api/endpoints.ts';
import { myDownloads } from '../offline/my-downloads.ts';
import { downloadedSubjects } from '../offline/offline-catalogue.ts';
import { environment } from '../shared/environment.ts';
import { type Choice, examTypeFromState, subjectsForExamType, toChoice } from './catalogue.ts';
import { createImageFailures, createListStore } from './list-store.ts';

/**
 * /subjects: the subjects of the exam type chosen on /select-exam (spec §2). Offline, those of the papers
 * downloaded on the phone.
 */
export function createSelectSubjectStore() {
  const $examType = atom<Choice | undefined>(undefined);
  // The spec filters on the client; the query only trims what the server sends.
  const list = createListStore(
    catalogueApi.subjects,
    (subjects) => subjectsForExamType(subjects, $examType.get()?._id ?? ''),
    async () => downloadedSubjects(await myDownloads(), $examType.get()?._id ?? ''),
  );
  const images = createImageFailures();

  /** Reloads the subjects (Retry). */
  function load() {
    const examType = $examType.get();
    if (examType) return list.load({ examType: examType._id });
    return Promise.resolve();
  }

  /** Reads the chosen exam type from navigation state and loads its subjects; without one, goes home. */
  function init() {
    const examType = examTypeFromState(environment().readNavigationState());
    if (!examType) {
      environment().navigate('/', undefined, { replace: true });
      return Promise.resolve();
    }
    $examType.set(examType);
    return load();
  }

  /** Goes to /select-year with the exam type and the subject as navigation state. */
  function choose(subject: Subject) {
    const examType = $examType.get();
    if (examType) environment().navigate('/select-year', { examType, subject: toChoice(subject) });
  }

  return {
    $examType,
    $list: list.$list,
    $failedImages: images.$failed,
    imageFailed: images.markFailed,
    init,
    load,
    choose,
  };
}
