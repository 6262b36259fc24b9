/**
 * The ranking rule (src/lib/ranking.ts), applied in one place: a student earns ranking credit for a question
 * only if they had not been shown its key before answering it, and at most once. shown_keys is the one
 * record of what each student has been shown; every door that shows a key writes it (recordShown) in the
 * transaction that shows it, and every counted result asks claimCredit which of its questions earn credit.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { RankingCredit, ShownVia } from '../../../lib/api/exam.ts';
import { type Outcome, POINTS_PER_RIGHT_ANSWER, POINTS_PER_WRONG_ANSWER } from '../../../lib/scoring.ts';
import { type Executor, rowsOf } from '../../db/client.ts';

/**
 * A list of question ids as one SQL value: the same text on both drivers, whatever the list's length. Sorted,
 * so that two transactions writing overlapping rows of one student take their locks in the same order.
 */
function idList(questionIds: readonly string[]): SQL {
  const sorted = [...questionIds].sort();
  return sql`(select jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb)::uuid)`;
}

/**
 * Records that `userId` is shown the keys of `questionIds` at `shownAt` (which may be in the future: a daily
 * test's answers open later), keeping the earliest showing of each. Run it in the transaction that shows them.
 */
export async function recordShown(
  db: Executor,
  userId: string,
  questionIds: readonly string[],
  shownAt: Date,
  via: ShownVia,
): Promise<void> {
  if (questionIds.length === 0) return;
  await db.execute(sql`insert into shown_keys (user_id, question_id, shown_at, via)
    select ${userId}::uuid, id, ${shownAt.toISOString()}::timestamptz, ${via}::shown_via
    from (select distinct id from ${idList(questionIds)} as ids(id) order by id) as ids
    on conflict (user_id, question_id) do update
      set shown_at = excluded.shown_at, via = excluded.via
      where excluded.shown_at < shown_keys.shown_at`);
}

/**
 * The moment a counted attempt's answers were final, which claimCredit judges its credit at: the hand-in, or
 * the deadline and its grace for an attempt scored after them (one left to expire is scored when the student
 * next opens it). A key shown after that moment could not have helped an answer given before it.
 */
export function answersFinalAt(endsAt: Date, graceMs: number, now: Date): Date {
  const last = new Date(endsAt.getTime() + graceMs);
  return now < last ? now : last;
}

/** Which of the questions earned credit, and why the others did not. */
export interface Claim {
  credited: Set<string>;
  seenBefore: number;
  creditedBefore: number;
}

/**
 * THE RULE. Of a counted attempt's questions, scored at `now`, the ones that earn ranking credit: those whose
 * key the student had not been shown by `now` (a showing recorded for later, such as a daily test's answers
 * opening at night, is not a showing yet) and that never earned credit before. Claiming marks them credited,
 * so each question earns credit once; concurrent claims queue on the rows, and only the first gets it. The
 * keys are then recorded as shown at `shownAt` through `via` (the result shows them), credited or not.
 * Run it in the transaction that scores the attempt.
 */
export async function claimCredit(
  db: Executor,
  input: {
    userId: string;
    questionIds: readonly string[];
    now: Date;
    shownAt: Date;
    via: ShownVia;
  },
): Promise<Claim> {
  const { userId, questionIds, now, shownAt, via } = input;
  const unique = [...new Set(questionIds)];
  const credited = new Set<string>();
  if (unique.length === 0) return { credited, seenBefore: 0, creditedBefore: 0 };
  const at = now.toISOString();
  const claimed = rowsOf<{ id: string }>(
    await db.execute(sql`insert into shown_keys (user_id, question_id, shown_at, via, credited_at)
      select ${userId}::uuid, id, ${shownAt.toISOString()}::timestamptz, ${via}::shown_via, ${at}::timestamptz
      from ${idList(unique)} as ids(id) order by id
      on conflict (user_id, question_id) do update
        set credited_at = excluded.credited_at,
          shown_at = least(shown_keys.shown_at, excluded.shown_at),
          via = case when excluded.shown_at < shown_keys.shown_at then excluded.via else shown_keys.via end
        where shown_keys.credited_at is null and shown_keys.shown_at > ${at}::timestamptz
      returning question_id as id`),
  );
  for (const row of claimed) credited.add(row.id);
  const others = unique.filter((id) => !credited.has(id));
  if (others.length === 0) return { credited, seenBefore: 0, creditedBefore: 0 };
  // Those not claimed had a row already: their key was shown by now (seen), or it was not shown yet but
  // the question earned credit before (a daily test whose answers open tonight). Read after the claim, so
  // after any concurrent one.
  const [reasons] = rowsOf<{ creditedBefore: number }>(
    await db.execute(sql`select count(*) filter (where shown_at > ${at}::timestamptz)::integer as "creditedBefore"
      from shown_keys where user_id = ${userId}::uuid and question_id in ${idList(others)}`),
  );
  await recordShown(db, userId, others, shownAt, via);
  const creditedBefore = reasons?.creditedBefore ?? 0;
  return { credited, seenBefore: others.length - creditedBefore, creditedBefore };
}

/**
 * A counted attempt's Leader Board credit: +5/−2 on its credited questions only. `outcomes` are in the order
 * of `questionIds`.
 */
export function boardCreditOf(
  claim: Claim,
  questionIds: readonly string[],
  outcomes: readonly Outcome[],
): RankingCredit {
  let points = 0;
  questionIds.forEach((id, index) => {
    if (!claim.credited.has(id)) return;
    const outcome = outcomes[index];
    if (outcome === 'right') points += POINTS_PER_RIGHT_ANSWER;
    else if (outcome === 'wrong') points += POINTS_PER_WRONG_ANSWER;
  });
  return {
    questions: claim.credited.size,
    points,
    seenBefore: claim.seenBefore,
    creditedBefore: claim.creditedBefore,
  };
}

/**
 * The questions of the student's open attempts that can still earn credit (an unsubmitted full exam, daily
 * test or UTME sitting whose time, with its grace, has not run out): no other door hands out their keys
 * until that attempt is scored.
 */
export function openAttemptQuestions(userId: string, now: Date, graceMs: number): SQL {
  return sql`(select unnest(a.question_ids) from attempts a where ${openCountedAttempt(userId, now, graceMs)})`;
}

/** `a` is one of the student's open attempts that can still earn credit (openAttemptQuestions). */
function openCountedAttempt(userId: string, now: Date, graceMs: number): SQL {
  const cutoff = new Date(now.getTime() - graceMs).toISOString();
  return sql`a.user_id = ${userId}::uuid and a.submitted_at is null and a.kind in ('exam', 'daily', 'utme')
    and not a.practice and a.ends_at >= ${cutoff}::timestamptz`;
}

/** A topic practice's questions that sit in an open attempt that can count, and when the last such closes. */
export interface HeldKeys {
  shared: string[];
  /** The first moment after every such attempt has closed: its deadline and grace, and a millisecond. */
  until: Date;
}

/**
 * What a topic practice's result must keep back: a practice opened before a test that can count, and handed in
 * while that test is open, would otherwise show keys of the open test. Null when it shares no question with
 * one. The test may be handed in sooner, and then the keys show sooner (the result is read again).
 */
export async function keysHeldBack(
  db: Executor,
  userId: string,
  questionIds: readonly string[],
  now: Date,
  graceMs: number,
): Promise<HeldKeys | null> {
  if (questionIds.length === 0) return null;
  const [row] = rowsOf<{ until: Date | string | null; shared: string[] | null }>(
    await db.execute(sql`select max(a.ends_at) as until, array_agg(distinct shared.id::text) as shared
      from attempts a cross join lateral unnest(a.question_ids) as shared(id)
      where ${openCountedAttempt(userId, now, graceMs)}
        and shared.id in (select id from ${idList(questionIds)} as ids(id))`),
  );
  if (!row?.until || !row.shared) return null;
  return { shared: row.shared, until: new Date(new Date(row.until).getTime() + graceMs + 1) };
}

/**
 * The questions that can no longer earn `userId` credit at `now` (their key was shown, or they earned it
 * already), as a subquery of ids: where the product chooses questions, it chooses others first.
 */
export function knownQuestions(userId: string, now: Date): SQL {
  return sql`(select k.question_id from shown_keys k where k.user_id = ${userId}::uuid
    and (k.shown_at <= ${now.toISOString()}::timestamptz or k.credited_at is not null))`;
}

/** The ids of the questions in `questionIds` that can no longer earn `userId` credit at `now`. */
export async function knownAmong(
  db: Executor,
  userId: string,
  questionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select question_id as id from ${knownQuestions(userId, now)} as known(question_id)
      where question_id in ${idList(questionIds)}`),
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * A stored credit in the contract's field order: jsonb keeps its own key order, and a result read again must
 * be the same text as the one the submission answered.
 */
export function creditPayload(credit: RankingCredit | null): RankingCredit | null {
  if (!credit) return null;
  const { questions, points, seenBefore, creditedBefore } = credit;
  return { questions, points, seenBefore, creditedBefore };
}
