/**
 * The offline contract: a paper downloaded to the phone (GET /api/v1/exam/download), the size shown before
 * downloading it, and an attempt taken offline and uploaded when the connection returns (POST
 * /api/v1/exam/offline). The server builds these shapes and the app reads them. Declared here once.
 */

import type { ExamOption, ExamQuestion } from './exam.ts';

/** A question of a downloaded paper: what the quiz shows, plus the key and the explanation. */
export interface OfflineQuestion extends ExamQuestion {
  /** The id of the right option. */
  answer: string;
  /** Sanitised HTML; '' when the question has none. */
  explanation: string;
  options: ExamOption[];
}

/** A catalogue choice as the screens pass it on: its id and title. */
export interface Choice {
  _id: string;
  title: string;
}

/** Which paper: its exam type, subject and year, as the catalogue names them. */
export interface OfflinePaperHeading {
  examType: Choice;
  subject: Choice;
  year: Choice;
}

/** What GET /api/v1/exam/download/size answers: enough to ask before downloading. */
export interface OfflinePaperSize extends OfflinePaperHeading {
  paperId: string;
  questions: number;
  /** The paper's JSON as it would be sent (gzipped), and its images, in bytes: the data a download uses. */
  bytes: number;
  /**
   * What the paper takes on the phone once downloaded, in bytes: its JSON as the phone stores it and its
   * images, measured as the phone's own list measures a download, so the size shown before and after agree.
   */
  storedBytes: number;
  /** How many images the paper has (counted in `bytes` when the server could measure them). */
  images: number;
}

/** What GET /api/v1/exam/download answers: the whole paper, key included, to take on the phone. */
export interface OfflinePaper extends OfflinePaperHeading {
  paperId: string;
  /** Changes when the paper's questions change (an import): a newer download replaces an older one. */
  version: string;
  /** Minutes. */
  duration: number;
  downloadedAt: string;
  /**
   * When the plan or trial it was downloaded under ends: after that the phone asks to go online (and
   * download again under a new plan) before the paper can be taken.
   */
  usableUntil: string;
  questions: OfflineQuestion[];
}

/** POST /api/v1/exam/offline: an attempt taken on the phone, sent once the connection returns. */
export interface OfflineAttemptUpload {
  /** A UUID the phone made for the attempt: sending it again stores nothing new. */
  clientId: string;
  paperId: string;
  /** When the student started and finished, by the phone's clock, as ISO times. */
  startedAt: string;
  finishedAt: string;
  answers: { question: string; option: string }[];
}
