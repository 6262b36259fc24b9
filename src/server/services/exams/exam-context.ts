import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { refusedAdminSql } from '../admin-refusal.ts';
import { liveCaller, liveSessionValues } from '../sessions.ts';
import type { AttemptJson } from './attempt-rows.ts';
import { bankPaperAs } from './bank-paper.ts';
import type { PaperIds } from './paper-cache.ts';
import { type PaperContent, paperVersionSql } from './papers.ts';

export interface ExamContext {
  /** The caller's live session; all null when the token has none. */
  sessionId: string | null;
  userId: string | null;
  isAdmin: boolean | null;
  subscriptionSource: string | null;
  subscriptionActive: boolean | null;
  paperId: string | null;
  duration: number | null;
  subjectId: string | null;
  examType: string | null;
  subject: string | null;
  year: string | null;
  version: string | null;
  open: AttemptJson | null;
  /** The attempt the same statement started, when it could (see examContext). */
  createdId: string | null;
}

/** Who asks for an exam: their bearer token, and whether they come through the web app. */
export interface ExamCaller {
  token: string;
  fromWebApp: boolean;
}

/**
 * Everything GET /exam needs from the database, in one statement: the caller's live session (read here
 * rather than by requireUser, never from a cache, so a logout holds at once), their latest subscription,
 * the paper with its titles and the version of its questions, and their open attempt at it. When this
 * instance already holds the paper (`known`), the same statement also starts the attempt, if the caller
 * may take it (not an admin from the web app, an active subscription or trial, no open attempt) and the
 * held copy is the current version; otherwise `createdId` is null and the caller decides.
 */
export async function examContext(
  db: Executor,
  caller: ExamCaller,
  ids: PaperIds,
  now: Date,
  known: { paperId: string; content: PaperContent } | undefined,
): Promise<ExamContext> {
  const [row] = await examContextQuery(db, {
    ...liveSessionValues(caller.token, now),
    fromWebApp: caller.fromWebApp,
    ...ids,
    knownPaperId: known?.paperId ?? null,
    knownVersion: known?.content.version ?? null,
    questionIds: JSON.stringify(known?.content.questionIds ?? []),
    questionCount: known?.content.questionIds.length ?? 0,
  });
  if (!row) throw new Error('The exam context query returned no row');
  return row;
}

const examContextQuery = preparedQuery<
  ExamContext,
  PaperIds &
    ReturnType<typeof liveSessionValues> & {
      fromWebApp: boolean;
      knownPaperId: string | null;
      knownVersion: string | null;
      questionIds: string;
      questionCount: number;
    }
>(
  'exam_context',
  sql`with caller as (${liveCaller}), context as (
    select sub.source as "subscriptionSource", sub.active as "subscriptionActive",
      p.id as "paperId", p.duration, p.subject_id as "subjectId",
      p.exam_type as "examType", p.subject, p.year,
      ${paperVersionSql(sql`p.id`)} as version,
      to_jsonb(a) as "open"
    from caller
    left join lateral (
      select s.source, s.ends_at > ${sql.placeholder('now')}::timestamptz as active
      from subscriptions s where s.user_id = caller.user_id
      order by s.ends_at desc limit 1
    ) sub on true
    left join lateral (
      select p.id, p.duration, p.subject_id, t.title as exam_type, sj.title as subject, y.title as year
      from papers p
      join exam_types t on t.id = p.exam_type_id
      join subjects sj on sj.id = p.subject_id
      join years y on y.id = p.year_id
      where p.exam_type_id = ${sql.placeholder('examType')}::uuid
        and p.subject_id = ${sql.placeholder('subject')}::uuid and p.year_id = ${sql.placeholder('year')}::uuid
        and ${bankPaperAs('p')}
      limit 1
    ) p on true
    left join lateral (
      select * from attempts a
      where a.user_id = caller.user_id and a.paper_id = p.id and a.kind = 'exam' and a.submitted_at is null
      limit 1
    ) a on true
  ), created as (
    insert into attempts
      (user_id, kind, paper_id, subject_id, question_ids, duration_minutes, started_at, ends_at)
    select caller.user_id, 'exam', c."paperId", c."subjectId",
      array(select json_array_elements_text(${sql.placeholder('questionIds')}::json)::uuid),
      coalesce(c.duration, ${sql.placeholder('questionCount')}::integer), ${sql.placeholder('now')}::timestamptz,
      ${sql.placeholder('now')}::timestamptz
        + make_interval(mins => coalesce(c.duration, ${sql.placeholder('questionCount')}::integer))
    from context c cross join caller
    where c."paperId" = ${sql.placeholder('knownPaperId')}::uuid and c.version = ${sql.placeholder('knownVersion')}::text
      and c."subscriptionActive" and c."open" is null
      and not ${refusedAdminSql(sql`caller.is_admin`, sql.placeholder('fromWebApp'))}
    -- Another tab that started the same attempt first wins; the caller then reads that one.
    on conflict (user_id, paper_id) where kind = 'exam' and submitted_at is null do nothing
    returning id
  )
  select caller.session_id as "sessionId", caller.user_id as "userId", caller.is_admin as "isAdmin",
    context.*, (select id from created) as "createdId"
  from (select 1) as one left join caller on true left join context on true`,
);
