/**
 * What playing a contest needs from the database, read in one statement: the contest, its subject's title,
 * whether the caller entered it, its paper with the version of its questions (so the paper cache can serve
 * the questions and their key), and the caller's level attempts. At the start of a big contest every
 * entrant fetches, saves and hands in within minutes, so each of those requests reads this once instead of
 * asking for each piece in turn.
 */

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { conflict, notFound } from '../errors.ts';
import { paperVersionSql } from '../exams/papers.ts';
import type { Contest } from './contest-rows.ts';
import type { LevelAttemptTimes } from './level-windows.ts';

/** An entrant's level attempt, as the level clock reads it. */
export type LevelAttempt = LevelAttemptTimes & { id: string };

export interface PlayContext {
  contest: Contest;
  /** The subject's title, for the level's heading. */
  subject: string;
  /** The contest's own paper, which holds its reserved questions, and the version of those questions. */
  paper: { id: string; version: string };
  /** The caller's level attempts, by level. */
  attempts: LevelAttempt[];
}

/** The statement's one row: JSON, so both drivers give back the same strings for its times. */
interface ContextJson {
  contest: Omit<Contest, 'startsAt' | 'endsAt' | 'cancelledAt' | 'finishedAt' | 'createdAt'> & {
    startsAt: string;
    endsAt: string;
    cancelledAt: string | null;
    finishedAt: string | null;
    createdAt: string;
  };
  subject: string;
  entered: boolean;
  paperId: string | null;
  version: string;
  attempts: { id: string; level: number; startedAt: string; endsAt: string; submittedAt: string | null }[];
}

const playContextQuery = preparedQuery<
  { context: ContextJson | null },
  { contestId: string; userId: string }
>(
  'contest_play_context',
  sql`select (
    select json_build_object(
      'contest', json_build_object('id', c.id, 'title', c.title, 'description', c.description,
        'examTypeId', c.exam_type_id, 'subjectId', c.subject_id, 'startsAt', c.starts_at, 'endsAt', c.ends_at,
        'entryFee', c.entry_fee, 'maxEntrants', c.max_entrants, 'entrants', c.entrants, 'levels', c.levels,
        'prizes', c.prizes, 'sponsoredPrize', c.sponsored_prize, 'key', c.key, 'cancelledAt', c.cancelled_at,
        'finishedAt', c.finished_at, 'createdAt', c.created_at),
      'subject', s.title,
      'entered', exists (select 1 from contest_entries e
        where e.contest_id = c.id and e.user_id = ${sql.placeholder('userId')}::uuid),
      'paperId', p.id,
      'version', ${paperVersionSql(sql`p.id`)},
      'attempts', coalesce((select json_agg(json_build_object('id', a.id, 'level', a.contest_level,
          'startedAt', a.started_at, 'endsAt', a.ends_at, 'submittedAt', a.submitted_at) order by a.contest_level)
        from attempts a
        where a.contest_id = c.id and a.user_id = ${sql.placeholder('userId')}::uuid), '[]'::json))
    from contests c
    join subjects s on s.id = c.subject_id
    left join papers p on p.contest_id = c.id
    where c.id = ${sql.placeholder('contestId')}::uuid
  ) as context`,
);

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * The caller's contest, for playing it: a 404 when it does not exist, a 409 when it was cancelled or the
 * caller did not enter it. Only an entrant may play, and only while the contest is not cancelled.
 */
export async function playContext(db: Executor, contestId: string, userId: string): Promise<PlayContext> {
  const [row] = await playContextQuery(db, { contestId, userId });
  const context = row?.context;
  if (!context) throw notFound('This contest does not exist.');
  const stored = context.contest;
  const contest: Contest = {
    ...stored,
    startsAt: new Date(stored.startsAt),
    endsAt: new Date(stored.endsAt),
    cancelledAt: dateOrNull(stored.cancelledAt),
    finishedAt: dateOrNull(stored.finishedAt),
    createdAt: new Date(stored.createdAt),
  };
  if (contest.cancelledAt) throw conflict('This contest was cancelled, and every entry fee refunded.');
  if (!context.entered) throw conflict('Enter this contest before its start to play it.');
  if (context.paperId === null) throw new Error(`Contest ${contest.id} has no paper`);
  return {
    contest,
    subject: context.subject,
    paper: { id: context.paperId, version: context.version },
    attempts: context.attempts.map((attempt) => ({
      id: attempt.id,
      level: attempt.level,
      startedAt: new Date(attempt.startedAt),
      endsAt: new Date(attempt.endsAt),
      submittedAt: dateOrNull(attempt.submittedAt),
    })),
  };
}
