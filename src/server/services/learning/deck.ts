/**
 * The review deck (docs/learning.md, "The review deck"): which questions enter a student's deck, and which
 * are due. A question enters when the student gets it wrong or leaves it blank in a scored attempt of any
 * kind but a contest level (a contest's questions are reserved for it); the scoring paths are left alone,
 * and the deck takes in what is pending each time it is read.
 */

import { sql } from 'drizzle-orm';
import { NEW_PER_DAY, type ReviewCounts, type ReviewQuestion } from '../../../lib/api/review.ts';
import type { Executor } from '../../db/client.ts';
import { GRACE_MS, notSkipped } from '../exams/attempt-rows.ts';
import { bankPaperAs } from '../exams/bank-paper.ts';
import { westAfricaDate } from '../exams/daily.ts';
import { dailyKeyOpensSql } from '../exams/daily-key.ts';
import { examQuestionOf, type StoredOption, type StoredQuestion } from '../exams/papers.ts';
import { openAttemptQuestions } from '../exams/ranking-credit.ts';
import { endOfWestAfricaDayOf, startOfWestAfricaDay } from './schedule.ts';

/**
 * The most scored attempts one read of the deck takes in: a student who uploaded a week of offline tests, or
 * thousands, has them taken in over the next reads, oldest first, and no read works through them all.
 */
export const PENDING_PER_READ = 50;

/**
 * How many more new questions may join the caller's due reviews today: the day's share less those first
 * reviewed today. The share is NEW_PER_DAY, or more when the student's exam date needs it: with `d` days
 * before the exam day (today included) and `n` questions new at the start of today, ceil(n / d), so that every
 * question in the deck has come up before the exam (docs/prediction.md, "The plan to exam day").
 */
const newAllowanceSql = (userId: string, now: Date) => {
  const startOfDay = sql`${startOfWestAfricaDay(now).toISOString()}::timestamptz`;
  const today = sql`${westAfricaDate(now)}::date`;
  const introducedToday = sql`count(*) filter (where introduced_at >= ${startOfDay})`;
  // Null without an exam date ahead: greatest() then keeps NEW_PER_DAY.
  const daysLeft = sql`(select exam_date - ${today} from exam_plans
    where user_id = ${userId}::uuid and exam_date > ${today})`;
  return sql`(select greatest(0,
      greatest(${NEW_PER_DAY}, ceil((count(*) filter (where last_review is null) + ${introducedToday})::numeric
        / ${daysLeft}))::int - ${introducedToday})::int
    from review_cards where user_id = ${userId}::uuid)`;
};

/**
 * Adds the mistakes of the caller's scored attempts that are not in the deck yet (the oldest
 * PENDING_PER_READ of them), and marks those attempts added, in one statement. A daily test waits until its
 * answers open (an entry would give its key away). A contest level is marked like the others, so that it
 * does not stay pending, but adds no card: its questions are the contest's alone. Each question enters once,
 * due from the moment it was missed (an upload's finish time is the phone's, so never later than now), marked
 * left blank when no attempt it came from had an answer to it: blanks wait behind the wrong answers for the
 * day's places for new questions (NEW_PER_DAY).
 *
 * A question already in the deck that is missed again after its last review goes back to new (a lapse is
 * counted): the student has shown they forgot it, whatever FSRS expected. One missed again before its last
 * review (a daily test, taken in the morning, whose mistakes enter at midnight) is left as it is.
 *
 * Every card enters due at the moment of its mistake, never later than now: within the cap a student's exam
 * date puts on due dates (exam-cap.ts), which is never earlier than now, so this statement needs no cap.
 *
 * Safe when two instances read the deck at once: the UPDATE marks each attempt once (the second waits for
 * the first's row lock, then finds deck_added_at set and skips it), the cards come only from the attempts this
 * statement marked, and ON CONFLICT makes a card that another attempt added meanwhile an update.
 * The pending attempts are found through attempts_deck_pending_idx.
 */
export async function addPendingMistakes(db: Executor, userId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = (await db.execute(sql`with marked as (
      update attempts set deck_added_at = ${at}::timestamptz
      where id in (
          select id from attempts
          where user_id = ${userId}::uuid and submitted_at is not null and deck_added_at is null
            and (kind <> 'daily' or ${dailyKeyOpensSql(sql`day`, sql`duration_minutes`)} <= ${at}::timestamptz)
          order by submitted_at, id
          limit ${PENDING_PER_READ}
        )
        and deck_added_at is null
      returning id, kind, question_ids, submitted_at
    ), missed as (
      select shown.question_id, least(max(marked.submitted_at), ${at}::timestamptz) as missed_at,
        bool_and(not exists (
          select 1 from attempt_answers aa where aa.attempt_id = marked.id and aa.question_id = shown.question_id
            and aa.option_id is not null
            and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}
        )) as left_blank
      from marked cross join lateral unnest(marked.question_ids) as shown(question_id)
      where marked.kind <> 'contest' and not exists (
        select 1 from attempt_answers aa join options o on o.id = aa.option_id
        where aa.attempt_id = marked.id and aa.question_id = shown.question_id and o.is_correct
          and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}
      )
      group by shown.question_id
    )
    insert into review_cards (user_id, question_id, due, added_at, left_blank)
    select ${userId}::uuid, question_id, missed_at, ${at}::timestamptz, left_blank from missed
    on conflict (user_id, question_id) do update set
      due = excluded.due, stability = 0, difficulty = 0, scheduled_days = 0, learning_steps = 0, state = 0,
      lapses = review_cards.lapses + 1
    where review_cards.last_review is not null and review_cards.last_review < excluded.due`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}

interface CountsRow {
  seenNow: number;
  seenLaterToday: number;
  freshNow: number;
  freshLaterToday: number;
  fresh: number;
  allowance: number;
  nextSeen: Date | string | null;
  nextFresh: Date | string | null;
}

/**
 * The caller's deck at `now`: due now, due later today (West Africa Time), how many new questions wait for a
 * later day, and when the next is due. Questions already reviewed are all counted; new ones only up to the
 * day's allowance (NEW_PER_DAY), the rest wait. The allowance is counted from the data, so every instance
 * agrees on it.
 */
export async function deckCounts(db: Executor, userId: string, now: Date): Promise<ReviewCounts> {
  const at = now.toISOString();
  const endOfDay = endOfWestAfricaDayOf(now);
  const today = sql`due > ${at}::timestamptz and due < ${endOfDay.toISOString()}::timestamptz`;
  const { rows } = (await db.execute(sql`select
      (count(*) filter (where last_review is not null and due <= ${at}::timestamptz))::int as "seenNow",
      (count(*) filter (where last_review is not null and ${today}))::int as "seenLaterToday",
      (count(*) filter (where last_review is null and due <= ${at}::timestamptz))::int as "freshNow",
      (count(*) filter (where last_review is null and ${today}))::int as "freshLaterToday",
      (count(*) filter (where last_review is null))::int as "fresh",
      ${newAllowanceSql(userId, now)} as "allowance",
      min(due) filter (where last_review is not null and due > ${at}::timestamptz) as "nextSeen",
      min(due) filter (where last_review is null and due > ${at}::timestamptz) as "nextFresh"
    from review_cards where user_id = ${userId}::uuid`)) as unknown as { rows: CountsRow[] };
  const row = rows[0];
  if (!row) return { dueNow: 0, dueLaterToday: 0, waiting: 0, nextDue: null };
  const freshNow = Math.min(row.freshNow, row.allowance);
  const freshLater = Math.min(row.freshLaterToday, row.allowance - freshNow);
  const waiting = row.fresh - freshNow - freshLater;
  const next = [
    row.nextSeen,
    freshNow + freshLater < row.allowance ? row.nextFresh : null,
    // Tomorrow's allowance lets the waiting ones in at midnight.
    waiting > 0 ? endOfDay : null,
  ]
    .filter((moment) => moment !== null)
    .map((moment) => new Date(moment).getTime());
  return {
    dueNow: row.seenNow + freshNow,
    dueLaterToday: row.seenLaterToday + freshLater,
    waiting,
    nextDue: next.length > 0 ? new Date(Math.min(...next)).toISOString() : null,
  };
}

interface DueRow extends StoredQuestion {
  topic: string | null;
  subjectId: string;
  subjectTitle: string;
  options: StoredOption[];
}

/**
 * Up to `limit` of the caller's due questions, the longest due first; questions missed together keep their
 * paper's order, so that questions on one passage follow each other. Nothing in them gives the key away,
 * but answering one does: a question that sits in the caller's open counted attempt waits until that is
 * scored. A card whose question is in a contest's paper is never served. New questions are served only within
 * the day's allowance (NEW_PER_DAY): the wrong answers first, then the blanks, each oldest first and in their
 * paper's order. Read through review_cards_user_due_idx.
 */
export async function dueQuestions(
  db: Executor,
  userId: string,
  now: Date,
  limit: number,
): Promise<ReviewQuestion[]> {
  if (limit === 0) return [];
  const { rows } = (await db.execute(sql`select q.id, q.passage_html as passage, q.question_html as html,
      q.question_type as type, q.file_url as "fileUrl", q.topic, s.id as "subjectId", s.title as "subjectTitle",
      coalesce((select json_agg(json_build_object('id', o.id, 'html', o.option_html, 'type', o.option_type,
          'fileUrl', o.file_url) order by o.position)
        from options o where o.question_id = q.id), '[]'::json) as options
    from review_cards c
    join questions q on q.id = c.question_id
    join papers p on p.id = q.paper_id
    join subjects s on s.id = p.subject_id
    where c.user_id = ${userId}::uuid and c.due <= ${now.toISOString()}::timestamptz
      and ${bankPaperAs('p')}
      and c.question_id not in ${openAttemptQuestions(userId, now, GRACE_MS)}
      and (c.last_review is not null or c.question_id in (
        select n.question_id from review_cards n
        join questions nq on nq.id = n.question_id
        join papers np on np.id = nq.paper_id
        where n.user_id = ${userId}::uuid and n.last_review is null and n.due <= ${now.toISOString()}::timestamptz
          and ${bankPaperAs('np')}
          and n.question_id not in ${openAttemptQuestions(userId, now, GRACE_MS)}
        order by n.left_blank, n.due, nq.paper_id, nq.position
        limit ${newAllowanceSql(userId, now)}
      ))
    order by c.due, q.paper_id, q.position
    limit ${limit}`)) as unknown as { rows: DueRow[] };
  return rows.map((row) => ({
    ...examQuestionOf(row, row.options),
    subject: { _id: row.subjectId, title: row.subjectTitle },
    topic: row.topic,
  }));
}
