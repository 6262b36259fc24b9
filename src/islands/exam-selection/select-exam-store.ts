import type { ExamType } from '../../lib/api/catalogue.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { myDownloads } from '../offline/my-downloads.ts';
import { downloadedExamTypes } from '../offline/offline-catalogue.ts';
import type { PaperSummary } from '../offline/offline-papers.ts';
import { toChoice } from './catalogue.ts';
import { createImageFailures, createListStore } from './list-store.ts';

/**
 * /select-exam: the exam types, and choosing one goes on to its subjects (spec §2). Offline, the exam types
 * of the papers downloaded on the phone.
 */
export function createSelectExamStore(downloads: () => Promise<PaperSummary[]> = myDownloads) {
  const list = createListStore<ExamType>(undefined, async () => downloadedExamTypes(await downloads()));
  const images = createImageFailures();

  /** Loads (or reloads, for Retry) the exam types. */
  function load() {
    return list.load('/api/v1/examType');
  }

  /** Goes to /subjects with the exam type as navigation state. */
  function choose(examType: ExamType) {
    navigate('/subjects', { examType: toChoice(examType) });
  }

  return { $list: list.$list, $failedImages: images.$failed, imageFailed: images.markFailed, load, choose };
}
