/** Papers downloaded for offline practice: their size before download (GET /exam/download/size) and the download. */

import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import type {
  OfflinePaper,
  OfflinePaperHeading,
  OfflinePaperSize,
  OfflineQuestion,
} from '../../../lib/api/offline.ts';
import type { Database, Executor } from '../../db/client.ts';
import { examTypes, paperDownloads, papers, subjects, years } from '../../db/schema.ts';
import { subscriptionStatus } from '../accounts.ts';
import { conflict, notFound } from '../errors.ts';
import { assertExamAccess } from './access.ts';
import { GRACE_MS } from './attempt-rows.ts';
import { bankPaper } from './bank-paper.ts';
import type { PaperCache, PaperIds } from './paper-cache.ts';
import { type PaperContent, paperVersionSql } from './papers.ts';
import { openAttemptQuestions, recordShown } from './ranking-credit.ts';

/** The message GET /exam/download answers with: part of the body whose size GET /download/size reports. */
export const OFFLINE_PAPER_MESSAGE = 'Paper downloaded successfully';

/** Where the site's own files live: an image whose URL starts with `/` is served from here. */
const PUBLIC_DIR = fileURLToPath(new URL('../../../../public/', import.meta.url));

const gzipped = promisify(gzip);

/** A paper found by its exam type, subject and year, with its titles and the version of its questions. */
async function findPaper(db: Executor, ids: PaperIds) {
  const [row] = await db
    .select({
      paperId: papers.id,
      duration: papers.duration,
      examType: { _id: examTypes.id, title: examTypes.title },
      subject: { _id: subjects.id, title: subjects.title },
      year: { _id: years.id, title: years.title },
      version: paperVersionSql(sql`${papers.id}`),
    })
    .from(papers)
    .innerJoin(examTypes, eq(examTypes.id, papers.examTypeId))
    .innerJoin(subjects, eq(subjects.id, papers.subjectId))
    .innerJoin(years, eq(years.id, papers.yearId))
    .where(
      and(
        eq(papers.examTypeId, ids.examType),
        eq(papers.subjectId, ids.subject),
        eq(papers.yearId, ids.year),
        bankPaper,
      ),
    )
    .limit(1);
  if (!row) throw notFound('There is no paper for this exam type, subject and year yet.');
  return row;
}

/** The paper and its questions (from `cache`), or a 404 when it has none to take offline. */
async function paperWithContent(db: Executor, cache: PaperCache, ids: PaperIds) {
  const paper = await findPaper(db, ids);
  const content = await cache.get(db, paper.paperId, paper.version);
  if (content.questionIds.length === 0) throw notFound('This paper has no questions yet.');
  const heading: OfflinePaperHeading = { examType: paper.examType, subject: paper.subject, year: paper.year };
  return { paperId: paper.paperId, duration: paper.duration, heading, content };
}

/** A paper's minutes: its own duration, or one minute a question. */
export function paperMinutes(duration: number | null, content: PaperContent): number {
  return duration ?? content.questionIds.length;
}

/** The questions as the quiz shows them, each with the id of its right option and its explanation. */
function offlineQuestions(content: PaperContent): OfflineQuestion[] {
  return content.ordered.map((question) => {
    const entry = content.key.get(question._id);
    return {
      ...question,
      answer: entry?.options.find((option) => option.isCorrect)?.id ?? '',
      explanation: entry?.explanation ?? '',
    };
  });
}

function offlinePaper(
  found: Awaited<ReturnType<typeof paperWithContent>>,
  times: { downloadedAt: Date; usableUntil: Date },
): OfflinePaper {
  const { paperId, duration, heading, content } = found;
  return {
    ...heading,
    paperId,
    version: content.version,
    duration: paperMinutes(duration, content),
    downloadedAt: times.downloadedAt.toISOString(),
    usableUntil: times.usableUntil.toISOString(),
    questions: offlineQuestions(content),
  };
}

/**
 * GET /exam/download: the whole paper, key and explanations included, for a student with a plan or the
 * trial (402 otherwise, as for a full exam). It is usable on the phone until that plan or trial ends. The
 * download is recorded: from now on none of the student's attempts at this paper counts on the leaderboard,
 * and none of its questions earns ranking credit anywhere (the keys are shown): the record and the download
 * are written in one transaction. Refused (409) while a question of the paper sits in the
 * student's open counted attempt.
 */
export async function downloadPaper(
  db: Database,
  cache: PaperCache,
  userId: string,
  ids: PaperIds,
  now: Date,
): Promise<OfflinePaper> {
  const access = await subscriptionStatus(db, userId, now);
  assertExamAccess(access.status);
  const found = await paperWithContent(db, cache, ids);
  await db.transaction(async (tx) => {
    // The download hands out the whole key: never while one of its questions is in an open counted attempt.
    const [open] = (
      (await tx.execute(sql`select exists (select 1 from ${openAttemptQuestions(userId, now, GRACE_MS)} as open(id)
        where id in (select jsonb_array_elements_text(${JSON.stringify(found.content.questionIds)}::jsonb)::uuid)
      ) as open`)) as unknown as { rows: { open: boolean }[] }
    ).rows;
    if (open?.open) {
      throw conflict(
        'Some questions of this paper are in a test you have open. Hand that test in first, then download the paper.',
      );
    }
    await recordShown(tx, userId, found.content.questionIds, now, 'download');
    await tx
      .insert(paperDownloads)
      .values({
        userId,
        paperId: found.paperId,
        downloadedAt: now,
        firstDownloadedAt: now,
        version: found.content.version,
      })
      .onConflictDoUpdate({
        target: [paperDownloads.userId, paperDownloads.paperId],
        set: { downloadedAt: now, version: found.content.version },
      });
  });
  // assertExamAccess let only a live plan or trial through, and those have an end.
  const usableUntil = new Date(access.endsAt ?? now);
  return offlinePaper(found, { downloadedAt: now, usableUntil });
}

/** What a paper's download weighs, worked out once for each version of it this process holds. */
const weights = new WeakMap<PaperContent, Promise<{ bytes: number; storedBytes: number; images: number }>>();

/**
 * GET /exam/download/size: what downloading a paper costs, asked before the student spends the data. The
 * bytes are the download's JSON gzipped as the server sends it, plus the images the site serves itself (read
 * from disk); an image kept elsewhere is counted in `images` but not in `bytes`. `storedBytes` is the same
 * paper as the phone keeps it: the JSON unzipped, as summaryOf in the offline island measures it.
 */
export async function offlinePaperSize(
  db: Executor,
  cache: PaperCache,
  ids: PaperIds,
  now: Date,
): Promise<OfflinePaperSize> {
  const found = await paperWithContent(db, cache, ids);
  let weight = weights.get(found.content);
  if (!weight) {
    weight = weigh(found, now);
    weights.set(found.content, weight);
    // A failed measure is not kept: the next request tries again.
    weight.catch(() => weights.delete(found.content));
  }
  const { bytes, storedBytes, images } = await weight;
  return {
    ...found.heading,
    paperId: found.paperId,
    questions: found.content.questionIds.length,
    bytes,
    storedBytes,
    images,
  };
}

async function weigh(found: Awaited<ReturnType<typeof paperWithContent>>, now: Date) {
  // The times are placeholders of the same length as the real ones: every ISO time has 24 characters.
  const paper = offlinePaper(found, { downloadedAt: now, usableUntil: now });
  const body = JSON.stringify({ success: true, message: OFFLINE_PAPER_MESSAGE, data: paper });
  const urls = new Set(
    found.content.ordered.flatMap((question) => [
      ...(question.file ? [question.file.url] : []),
      ...question.options.flatMap((option) => (option.file ? [option.file.url] : [])),
    ]),
  );
  const [json, imageSizes] = await Promise.all([
    gzipped(body),
    Promise.all([...urls].map((url) => publicFileSize(url))),
  ]);
  const imageBytes = imageSizes.reduce((sum, size) => sum + size, 0);
  return {
    bytes: json.byteLength + imageBytes,
    storedBytes: Buffer.byteLength(JSON.stringify(paper)) + imageBytes,
    images: urls.size,
  };
}

/** The size on disk of a file the site serves from public/ at `url`; 0 for any other URL or a missing file. */
async function publicFileSize(url: string): Promise<number> {
  if (!url.startsWith('/') || url.startsWith('//')) return 0;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://site.invalid').pathname);
  } catch {
    return 0;
  }
  const path = resolve(PUBLIC_DIR, `.${pathname}`);
  // The URL parser already resolves "..", so this only guards against a path that still leaves public/.
  if (!path.startsWith(PUBLIC_DIR.endsWith(sep) ? PUBLIC_DIR : `${PUBLIC_DIR}${sep}`)) return 0;
  try {
    const file = await stat(path);
    return file.isFile() ? file.size : 0;
  } catch {
    return 0;
  }
}
