/**
 * GET /api/v1/mastery: each topic's share of right answers over the student's latest answers in it, its
 * level and each subject's weakest topics (docs/learning.md, "Topic mastery"; the rules in lib/mastery.ts).
 */

import { sql } from 'drizzle-orm';
import type { MasteryOverview, SubjectMastery, TopicMastery } from '../../../lib/api/mastery.ts';
import { MASTERY_RULES, masteryLevel, shareOf, weakestTopics } from '../../../lib/mastery.ts';
import type { Executor } from '../../db/client.ts';
import { notSkipped } from '../exams/attempt-rows.ts';
import { bankPaperAs } from '../exams/bank-paper.ts';
import { dailyKeyOpensSql } from '../exams/daily-key.ts';

interface TopicRow {
  subjectId: string;
  slug: string;
  title: string;
  topic: string;
  answers: number;
  correct: number;
}

/**
 * The student's latest questions shown in scored attempts (full exams, daily tests, UTME sittings, topic
 * practices, attempts taken offline), in the subject and topic the question has now, numbered newest first
 * within each topic; the latest `window` of each topic are marked right or not (blank and skipped are not
 * right) and counted. Then every topic of those subjects' banks, with its counts (0 for one not met yet).
 *
 * One statement, whose work is bounded by the topics the student has met, not by the attempts taken: it
 * reads mastery_answers (the latest `window` questions of each topic the student met, kept by a trigger on
 * attempts; schema.ts) through mastery_answers_user_topic_idx, each question through questions_pkey and
 * papers_pkey. Only the answers inside the window are looked up, each through the primary keys of
 * attempt_answers (attempt_id, question_id), options and lifeline_uses: a scalar subquery, so the planner
 * cannot trade them for a scan of every student's answers. The bank's topics come from
 * questions_paper_topic_idx alone (an index-only scan, paper by paper for a few practised subjects).
 * A question moved to another topic by an import keeps its answers and counts in its new topic; answers the
 * trigger trimmed from the old topic before the move are not brought back (docs/decisions/090-bounded-work-per-student-upload-limits-a-kept-mastery.md).
 *
 * A contest's levels, and its questions wherever they appear, are left out: they are the contest's alone.
 * A daily test's answers count once its answers open (scoring.ts answersOpenAt): a share per topic before
 * then would give away which of its questions were right. Deck answers (review_answers) are left out on purpose: the deck holds only questions already missed and
 * explained, and repeats them within days, so they would measure recall of a shown key and crowd the window.
 */
function topicRows(db: Executor, userId: string, now: Date) {
  // Materialised, so that the student's kept rows are read first whatever the statistics say: with
  // mastery_answers just written and not analysed yet, the planner once scanned every question instead.
  // Each kept row's attempt is read by its primary key, for the daily tests whose answers are not open yet.
  return db.execute(sql`with kept as materialized (
      select m.attempt_id, m.question_id, m.position, m.submitted_at, m.started_at
      from mastery_answers m join attempts a on a.id = m.attempt_id
      where m.user_id = ${userId}::uuid and a.kind <> 'contest'
        and (a.kind <> 'daily' or ${dailyKeyOpensSql(sql`a.day`, sql`a.duration_minutes`)} <= ${now.toISOString()}::timestamptz)
    ), shown as (
      select m.attempt_id, m.question_id, p.subject_id, q.topic, row_number() over (
        partition by p.subject_id, q.topic order by m.submitted_at desc, m.started_at desc, m.position desc
      ) as age
      from kept m
      join questions q on q.id = m.question_id
      join papers p on p.id = q.paper_id
      where q.topic is not null and ${bankPaperAs('p')}
    ), marked as (
      select s.subject_id, s.topic, coalesce((
        select o.is_correct from attempt_answers aa join options o on o.id = aa.option_id
        where aa.attempt_id = s.attempt_id and aa.question_id = s.question_id
          and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}
      ), false) as correct
      from shown s where s.age <= ${MASTERY_RULES.window}
    ), practised as (
      select subject_id, topic, count(*)::int as answers, (count(*) filter (where correct))::int as correct
      from marked group by subject_id, topic
    ), bank as (
      select distinct p.subject_id, q.topic
      from papers p join questions q on q.paper_id = p.id
      where p.subject_id in (select subject_id from practised) and q.topic is not null and ${bankPaperAs('p')}
    )
    select s.id as "subjectId", s.slug, s.title, b.topic,
      coalesce(pr.answers, 0) as answers, coalesce(pr.correct, 0) as correct
    from bank b
    join subjects s on s.id = b.subject_id
    left join practised pr on pr.subject_id = b.subject_id and pr.topic = b.topic`) as unknown as Promise<{
    rows: TopicRow[];
  }>;
}

/** A topic's entry, its share and level worked out by the shared rules. */
function topicMastery(row: TopicRow): TopicMastery {
  return {
    topic: row.topic,
    answers: row.answers,
    right: row.correct,
    share: shareOf(row.answers, row.correct),
    level: masteryLevel(row.answers, row.correct),
  };
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** Topics answered, strongest share first (then by name), then those not started, by name. */
function topicOrder(a: TopicMastery, b: TopicMastery): number {
  if (a.share === null || b.share === null) {
    return a.share === b.share ? byName(a.topic, b.topic) : a.share === null ? 1 : -1;
  }
  return b.share - a.share || byName(a.topic, b.topic);
}

/** The caller's topic mastery in every subject they have answered a topic's question in. */
export async function masteryOverview(db: Executor, userId: string, now: Date): Promise<MasteryOverview> {
  const { rows } = await topicRows(db, userId, now);
  const subjects = new Map<string, SubjectMastery>();
  for (const row of rows) {
    let entry = subjects.get(row.subjectId);
    if (!entry) {
      entry = { subject: { _id: row.subjectId, slug: row.slug, title: row.title }, topics: [], weakest: [] };
      subjects.set(row.subjectId, entry);
    }
    entry.topics.push(topicMastery(row));
  }
  const list = [...subjects.values()].sort((a, b) => byName(a.subject.title, b.subject.title));
  for (const entry of list) {
    entry.topics.sort(topicOrder);
    entry.weakest = weakestTopics(entry.topics);
  }
  return { window: MASTERY_RULES.window, subjects: list };
}
