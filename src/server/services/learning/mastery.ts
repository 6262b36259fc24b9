/**
 * GET /api/v1/mastery: each topic's share of right answers over the student's latest answers in it, its
 * level and each subject's weakest topics (docs/learning.md, "Topic mastery"; the rules in lib/mastery.ts).
 */

import { sql } from 'drizzle-orm';
import type { MasteryOverview, SubjectMastery, TopicMastery } from '../../../lib/api/mastery.ts';
import { MASTERY_RULES, masteryLevel, shareOf, weakestTopics } from '../../../lib/mastery.ts';
import type { Executor } from '../../db/client.ts';
import { notSkipped } from '../exams/attempt-rows.ts';

interface TopicRow {
  subjectId: string;
  slug: string;
  title: string;
  topic: string;
  answers: number;
  correct: number;
}

/**
 * Every question shown in the student's scored attempts (full exams, daily tests, UTME sittings, topic
 * practices, attempts taken offline), marked right or not (blank and skipped are not right), in the subject
 * and topic the question has now; numbered newest first within each topic, and the latest `window` counted.
 * Then every topic of those subjects' banks, with its counts (0 for one not met yet).
 *
 * One statement. The student's attempts come through attempts_user_idx; each question shown, its answer
 * and option through primary keys (questions, papers, attempt_answers (attempt_id, question_id), options,
 * lifeline_uses); the window function sorts only this student's rows. The bank's topics come through
 * papers_subject_idx and questions_paper_position_idx, for the practised subjects only.
 *
 * Deck answers (review_answers) are left out on purpose: the deck holds only questions already missed and
 * explained, and repeats them within days, so they would measure recall of a shown key and crowd the window.
 */
function topicRows(db: Executor, userId: string) {
  return db.execute(sql`with answered as (
      select p.subject_id, q.topic, a.submitted_at, a.started_at, shown.position,
        coalesce(o.is_correct, false)
          and ${notSkipped({ attemptId: sql`a.id`, questionId: sql`shown.question_id` })} as correct
      from attempts a
      cross join lateral unnest(a.question_ids) with ordinality as shown(question_id, position)
      join questions q on q.id = shown.question_id
      join papers p on p.id = q.paper_id
      left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = shown.question_id
      left join options o on o.id = aa.option_id
      where a.user_id = ${userId}::uuid and a.submitted_at is not null and q.topic is not null
    ), recent as (
      select subject_id, topic, correct, row_number() over (
        partition by subject_id, topic order by submitted_at desc, started_at desc, position desc
      ) as age
      from answered
    ), practised as (
      select subject_id, topic, count(*)::int as answers, (count(*) filter (where correct))::int as correct
      from recent where age <= ${MASTERY_RULES.window}
      group by subject_id, topic
    ), bank as (
      select distinct p.subject_id, q.topic
      from papers p join questions q on q.paper_id = p.id
      where p.subject_id in (select subject_id from practised) and q.topic is not null
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
export async function masteryOverview(db: Executor, userId: string): Promise<MasteryOverview> {
  const { rows } = await topicRows(db, userId);
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
