import { offlineApi } from '../../lib/api/endpoints.ts';
import type { OfflinePaper } from '../../lib/api/offline.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { imageUrlsOf } from '../quiz/quiz-images.ts';
import { environment } from '../shared/environment.ts';
import { paperHasMaths } from './maths-fonts.ts';
import { type PaperSummary, requestPersistence, type StoredPaper } from './offline-papers.ts';

/** Which paper, as the query of GET /api/v1/exam/download and /download/size names it. */
export interface PaperQuery {
  examType: string;
  subject: string;
  year: string;
}

/** How far a download has got: the paper itself, each image, then KaTeX's fonts if it has maths: one step each. */
export interface Progress {
  done: number;
  total: number;
}

/** Shown when an image of the paper could not be fetched: the paper would be incomplete offline. */
export const IMAGE_FAILED_MESSAGE =
  'A picture in this paper did not download, so the paper was not saved. Check your connection and try again.';

/** Shown when the phone refused to store the paper (it is full, or storage is blocked). */
export const SAVE_FAILED_MESSAGE =
  'This phone could not store the paper. Free some space (or leave private browsing) and try again.';

/** The size of a paper before it is downloaded (GET /api/v1/exam/download/size). */
export function fetchPaperSize(query: PaperQuery) {
  return environment().call(offlineApi.size, { query: { ...query } });
}

/** What the phone keeps of a paper for listing, and what it takes: the JSON as stored, and the images. */
export function summaryOf(paper: OfflinePaper, owner: string, images: Record<string, Blob>): PaperSummary {
  const { questions, ...rest } = paper;
  const json = new Blob([JSON.stringify(paper)]).size;
  const pictures = Object.values(images).reduce((total, image) => total + image.size, 0);
  return {
    owner,
    paperId: rest.paperId,
    version: rest.version,
    examType: rest.examType,
    subject: rest.subject,
    year: rest.year,
    duration: rest.duration,
    questions: questions.length,
    bytes: json + pictures,
    downloadedAt: rest.downloadedAt,
    usableUntil: rest.usableUntil,
  };
}

/**
 * Downloads a paper for `owner`: the paper with its key, then each of its images, then stores it all in one
 * go (replacing an older download of it). Nothing is stored unless everything arrived. The first download
 * asks the browser to keep the store when the phone runs short of space. A paper with maths then stores
 * KaTeX's fonts, those the phone lacks, so that its formulas look the same offline; the paper is kept
 * whether or not they arrive, as its maths is readable in a fallback font.
 */
export async function downloadPaper(
  owner: string,
  query: PaperQuery,
  onProgress: (progress: Progress) => void = () => {},
): Promise<ApiResult<PaperSummary>> {
  const { call, fetchImage, papers, storageManager, storeMathsFonts } = environment();
  const fetched = await call(offlineApi.download, { query: { ...query } });
  if (!fetched.ok) return fetched;
  const paper = fetched.data;
  const urls = imageUrlsOf(paper);
  const maths = paperHasMaths(paper);
  const total = 1 + urls.length + (maths ? 1 : 0);
  onProgress({ done: 1, total });
  const images: Record<string, Blob> = {};
  // One at a time: a phone on a weak signal does better with one transfer than with several competing.
  for (const url of urls) {
    try {
      images[url] = await fetchImage(url);
    } catch {
      return { ok: false, status: 0, message: IMAGE_FAILED_MESSAGE };
    }
    onProgress({ done: Object.keys(images).length + 1, total });
  }
  const stored: StoredPaper = {
    summary: summaryOf(paper, owner, images),
    questions: paper.questions,
    images,
  };
  try {
    const store = papers();
    const first = (await store.list(owner)).length === 0;
    await store.save(stored);
    if (first) await requestPersistence(storageManager()).catch(() => false);
  } catch {
    return { ok: false, status: 0, message: SAVE_FAILED_MESSAGE };
  }
  if (maths) {
    await storeMathsFonts().catch(() => false);
    onProgress({ done: total, total });
  }
  return { ok: true, data: stored.summary, message: '' };
}
