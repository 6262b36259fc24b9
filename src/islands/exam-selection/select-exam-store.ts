import type { ExamType } from '../../lib/api/catalogue.ts';
import { catalogueApi } from '../../lib/api/endpoints.ts';
import { myDownloads } from '../offline/my-downloads.ts';
import { downloadedExamTypes } from '../offline/offline-catalogue.ts';
import { environment } from '../shared/environment.ts';
import { toChoice } from './catalogue.ts';
import { createImageFailures, createListStore } from './list-store.ts';

/**
 * /select-exam: the exam types, and choosing one goes on to its subjects (spec §2). Offline, the exam types
 * of the papers downloaded on the phone.
 */
export function createSelectExamStore() {
  const list = createListStore(catalogueApi.examTypes, undefined, async () =>
    downloadedExamTypes(await myDownloads()),
  );
  const images = createImageFailures();

  /** Loads (or reloads, for Retry) the exam types. */
  function load() {
    return list.load();
  }

  /** Goes to /subjects with the exam type as navigation state. */
  function choose(examType: ExamType) {
    environment().navigate('/subjects', { examType: toChoice(examType) });
  }

  return { $list: list.$list, $failedImages: images.$failed, imageFailed: images.markFailed, load, choose };
}
