/** GET /exam/history: the caller's submitted attempts, newest first, as /profile's "My tests" lists them. */

import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AttemptHistoryEntry } from '../../../lib/api/attempt-history.ts';
import { LIST_DEPTH, pageWithinDepth } from '../../../lib/api/paged.ts';
import { UTME } from '../../../lib/api/utme.ts';
import { POINTS_PER_RIGHT_ANSWER } from '../../../lib/scoring.ts';
import type { Executor } from '../../db/client.ts';
import { attempts, examTypes, papers, subjects, years } from '../../db/schema.ts';

/** What a history entry's title is made of, as one row of the query reads it. */
export interface TitleParts {
  kind: AttemptHistoryEntry['kind'];
  examType: string | null;
  subject: string;
  year: string | null;
  day: string | null;
  topic: string | null;
  /** A UTME sitting's four subjects in the order shown, Use of English first. */
  sittingSubjects: string[] | null;
}

// A daily test's day is a West Africa Time date already: formatted as a date, with no time zone shift.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The title the screen shows for an attempt (see AttemptHistoryEntry.title). */
export function attemptTitle(parts: TitleParts): string {
  const join = (...pieces: (string | null)[]) => pieces.filter((piece) => piece).join(' · ');
  switch (parts.kind) {
    case 'daily':
      return join(
        'Daily test',
        parts.subject,
        parts.day && dayFormat.format(new Date(`${parts.day}T00:00:00Z`)),
      );
    case 'utme':
      return join('UTME mock', (parts.sittingSubjects ?? []).join(', ') || null);
    case 'topic':
      return join('Topic practice', parts.subject, parts.topic);
    default:
      return join(parts.examType, parts.subject, parts.year);
  }
}

// A sitting's subjects, read for the rows of the page only; JAMB calls the compulsory one Use of English.
const sittingSubjects = sql<string[] | null>`(
  select array_agg(
    case when s.slug = ${UTME.englishSlug}::text then ${UTME.englishTitle}::text else s.title end
    order by us.position)
  from utme_sections us join subjects s on s.id = us.subject_id
  where us.attempt_id = ${attempts.id})`;

/**
 * One page of the caller's submitted attempts, newest submitted first (the id breaks a tie, so pages never
 * overlap), among the newest LIST_DEPTH: a page past them is empty and the count stops there, so a request
 * reads at most that many index entries whatever the history. The page is one query, its titles joined in;
 * attempts_user_submitted_idx serves both it and the count. An attempt uploaded from the phone carries the
 * times the phone recorded.
 */
export async function attemptHistory(
  db: Executor,
  userId: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ docs: AttemptHistoryEntry[]; totalDocs: number }> {
  // A contest's levels are its own: their results (and keys) open on the contest's page after its end.
  const mine = and(
    eq(attempts.userId, userId),
    isNotNull(attempts.submittedAt),
    ne(attempts.kind, 'contest'),
  );
  const slice = pageWithinDepth(page, limit);
  const newest = db.select({ id: attempts.id }).from(attempts).where(mine).limit(LIST_DEPTH).as('newest');
  const [rows, [total]] = await Promise.all([
    slice === null
      ? []
      : db
          .select({
            id: attempts.id,
            kind: attempts.kind,
            score: attempts.score,
            correctAnswer: attempts.correctAnswer,
            totalQuestions: sql<number>`cardinality(${attempts.questionIds})`.mapWith(Number),
            counted: attempts.counted,
            offline: sql<boolean>`${attempts.clientId} is not null`.mapWith(Boolean),
            startedAt: attempts.startedAt,
            submittedAt: attempts.submittedAt,
            day: attempts.day,
            topic: attempts.topic,
            subject: subjects.title,
            examType: examTypes.title,
            year: years.title,
            sittingSubjects: sql<
              string[] | null
            >`case when ${attempts.kind} = 'utme' then ${sittingSubjects} end`,
          })
          .from(attempts)
          .innerJoin(subjects, eq(subjects.id, attempts.subjectId))
          .leftJoin(papers, eq(papers.id, attempts.paperId))
          .leftJoin(examTypes, eq(examTypes.id, papers.examTypeId))
          .leftJoin(years, eq(years.id, papers.yearId))
          .where(mine)
          .orderBy(desc(attempts.submittedAt), desc(attempts.id))
          .limit(slice.take)
          .offset(slice.offset),
    db.select({ value: count() }).from(newest),
  ]);
  const docs = rows.map(
    ({ kind, ...row }): AttemptHistoryEntry => ({
      _id: row.id,
      kind: kind as AttemptHistoryEntry['kind'],
      title: attemptTitle({ ...row, kind: kind as AttemptHistoryEntry['kind'] }),
      score: row.score ?? 0,
      maxScore: kind === 'utme' ? UTME.maxTotal : row.totalQuestions * POINTS_PER_RIGHT_ANSWER,
      correctAnswer: row.correctAnswer ?? 0,
      totalQuestions: row.totalQuestions,
      counted: row.counted,
      offline: row.offline,
      startedAt: row.startedAt.toISOString(),
      // Never null here (the query keeps submitted attempts only); the start stands in for the type's sake.
      submittedAt: (row.submittedAt ?? row.startedAt).toISOString(),
    }),
  );
  return { docs, totalDocs: total?.value ?? 0 };
}
