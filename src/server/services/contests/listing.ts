/**
 * What students see of contests: the list (GET /contest) and one contest (GET /contest/:id), each with the
 * caller's own entry, place and prize. Live contests come first, then upcoming ones soonest first, then
 * finished and cancelled ones newest first.
 */

import { and, eq, sql } from 'drizzle-orm';
import type { ContestEntry, ContestSummary } from '../../../lib/api/contest.ts';
import type { Executor } from '../../db/client.ts';
import { contestEntries, contests, examTypes, subjects } from '../../db/schema.ts';
import { notFound } from '../errors.ts';
import type { ContestBoards } from './board.ts';
import { type Contest, contestStatus, levelAttempts } from './contest-rows.ts';
import { entrantProgress } from './level-windows.ts';
import { sponsoredClaim } from './sponsored-prize.ts';

type Entry = typeof contestEntries.$inferSelect;

interface Listed {
  contest: Contest;
  examType: string;
  subject: string;
  entry: Entry | null;
}

function listQuery(db: Executor, userId: string | undefined) {
  return db
    .select({
      contest: contests,
      examType: examTypes.title,
      subject: subjects.title,
      entry: contestEntries,
    })
    .from(contests)
    .innerJoin(examTypes, eq(examTypes.id, contests.examTypeId))
    .innerJoin(subjects, eq(subjects.id, contests.subjectId))
    .leftJoin(
      contestEntries,
      and(
        eq(contestEntries.contestId, contests.id),
        // No caller: a condition that matches no entry.
        userId === undefined ? sql`false` : eq(contestEntries.userId, userId),
      ),
    );
}

/** The caller's entry as the contract shows it. */
async function entryView(
  db: Executor,
  boards: ContestBoards,
  { contest, entry }: Listed,
  now: Date,
): Promise<ContestEntry | null> {
  if (!entry) return null;
  const status = contestStatus(contest, now);
  const progress = entrantProgress(contest, await levelAttempts(db, contest.id, entry.userId), now);
  const final = contest.finishedAt !== null;
  // Live: the place on the (at most 30 s old) board; after the end, the final place once it is ranked.
  let place: number | null = null;
  if (final) place = entry.place;
  else if (status === 'live') place = await boards.placeOf(db, contest.id, entry.userId, false);
  return {
    enteredAt: entry.enteredAt.toISOString(),
    openLevel: progress.state === 'playing' ? progress.open.level : null,
    openLevelEndsAt: progress.state === 'playing' ? progress.open.endsAt.toISOString() : null,
    levelsDone: progress.levelsDone,
    points: entry.points,
    place,
    prizeCoins: entry.prizeCoins,
    sponsored: await sponsoredClaim(db, contest, entry, now),
  };
}

async function summaryOf(
  db: Executor,
  boards: ContestBoards,
  listed: Listed,
  now: Date,
): Promise<ContestSummary> {
  const { contest } = listed;
  const final = contest.finishedAt !== null;
  const winners = final ? (await boards.board(db, contest.id, listed.entry?.userId, true)).docs : [];
  const prizePlaces = new Set(contest.prizes.map((prize) => prize.place));
  return {
    _id: contest.id,
    title: contest.title,
    description: contest.description,
    examType: listed.examType,
    subject: listed.subject,
    startsAt: contest.startsAt.toISOString(),
    endsAt: contest.endsAt.toISOString(),
    status: contestStatus(contest, now),
    entryFee: contest.entryFee,
    maxEntrants: contest.maxEntrants,
    entrants: contest.entrants,
    levels: contest.levels.map((level) => ({ minutes: level.minutes, questions: level.questionIds.length })),
    prizes: contest.prizes,
    sponsoredPrize: contest.sponsoredPrize,
    entry: await entryView(db, boards, listed, now),
    winners: winners.filter((row) => prizePlaces.has(row.place)),
    serverTime: now.toISOString(),
  };
}

/** The order of the list: live, upcoming (soonest first), then finished and cancelled (newest first). */
function listOrder(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const group = sql`case when ${contests.cancelledAt} is not null then 3
    when ${contests.startsAt} > ${at} then 1 when ${contests.endsAt} > ${at} then 0 else 2 end`;
  return [
    group,
    sql`case when ${contests.startsAt} > ${at} and ${contests.cancelledAt} is null then ${contests.startsAt} end`,
    sql`${contests.startsAt} desc`,
  ];
}

/** GET /contest: one page of contests, or of the caller's own (`enteredOnly`). */
export async function listContests(
  db: Executor,
  boards: ContestBoards,
  input: { userId: string | undefined; enteredOnly: boolean; page: number; limit: number; now: Date },
): Promise<{ docs: ContestSummary[]; totalDocs: number }> {
  const { userId, enteredOnly, page, limit, now } = input;
  const mine = enteredOnly && userId !== undefined ? eq(contestEntries.userId, userId) : undefined;
  const [rows, totalDocs] = await Promise.all([
    listQuery(db, userId)
      .where(mine)
      .orderBy(...listOrder(now))
      .limit(limit)
      .offset((page - 1) * limit),
    mine ? db.$count(contestEntries, mine) : db.$count(contests),
  ]);
  const docs = await Promise.all(rows.map((row) => summaryOf(db, boards, row, now)));
  return { docs, totalDocs };
}

/** GET /contest/:id. */
export async function readContest(
  db: Executor,
  boards: ContestBoards,
  input: { userId: string | undefined; contestId: string; now: Date },
): Promise<ContestSummary> {
  const [row] = await listQuery(db, input.userId).where(eq(contests.id, input.contestId));
  if (!row) throw notFound('This contest does not exist.');
  return summaryOf(db, boards, row, input.now);
}
