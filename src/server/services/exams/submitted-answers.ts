import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { invalid } from '../errors.ts';
import { type Attempt, notSkipped, type SavedAnswer } from './attempt-rows.ts';
import type { AnswerKeyEntry } from './papers.ts';

/**
 * Checks the answers a submission carries against the key, saves them (but not on skipped questions) and
 * returns every saved answer, in one statement. The caller holds the attempt's lock, so no save runs
 * alongside.
 */
export async function saveSubmittedAnswers(
  tx: Transaction,
  attempt: Attempt,
  key: Map<string, AnswerKeyEntry>,
  submitted: { question: string; option: string }[],
  now: Date,
): Promise<SavedAnswer[]> {
  const problems = submitted.flatMap((answer, index) => {
    const entry = attempt.questionIds.includes(answer.question) ? key.get(answer.question) : undefined;
    if (!entry)
      return [{ path: ['answers', index, 'question'], message: 'This question is not part of this test.' }];
    if (!entry.options.some((option) => option.id === answer.option)) {
      return [
        { path: ['answers', index, 'option'], message: 'This option does not belong to the question.' },
      ];
    }
    return [];
  });
  if (problems.length > 0) {
    throw invalid(problems[0]?.message ?? 'Invalid answers', problems);
  }
  // The last answer to a question wins, as if each had been saved in turn.
  const latest = new Map(submitted.map((answer) => [answer.question, answer.option]));
  const incoming = JSON.stringify([...latest].map(([question, option]) => ({ question, option })));
  return submitAnswersQuery(tx, { attemptId: attempt.id, incoming, now: now.toISOString() });
}

const submitAnswersQuery = preparedQuery<SavedAnswer, { attemptId: string; incoming: string; now: string }>(
  'submit_answers',
  sql`with incoming as (
    select i.question, i.option
    from jsonb_to_recordset(${sql.placeholder('incoming')}::jsonb) as i(question uuid, option uuid)
  ), upserted as (
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select ${sql.placeholder('attemptId')}::uuid, i.question, i.option, ${sql.placeholder('now')}::timestamptz
    from incoming i
    where ${notSkipped({ attemptId: sql`${sql.placeholder('attemptId')}::uuid`, questionId: sql`i.question` })}
    on conflict (attempt_id, question_id)
      do update set option_id = excluded.option_id, answered_at = excluded.answered_at
    returning question_id, option_id
  )
  select question_id as question, option_id as option from upserted
  union all
  select aa.question_id, aa.option_id from attempt_answers aa
  where aa.attempt_id = ${sql.placeholder('attemptId')}::uuid
    and not exists (select 1 from upserted u where u.question_id = aa.question_id)
    and ${notSkipped({ attemptId: sql`aa.attempt_id`, questionId: sql`aa.question_id` })}`,
);
