import { and, asc, desc, eq, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { LeaderboardEntry, OwnRank } from '../../../lib/api/exam.ts';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, preparedRows } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import { refuseAdminFromWebApp } from '../admin-refusal.ts';
import { unauthenticated } from '../errors.ts';
import { type LiveSession, liveCaller, liveSessionValues } from '../sessions.ts';
import { boardUser } from './board-names.ts';
import type { ExamCaller } from './exam-context.ts';

export const LEADERBOARD_SIZE = 100;

// The leaderboard rule lives in this file: who is on the board (onBoard), what their total is and when
// it changed (boardCredit), and the order (more points first, then whoever reached the total first, then
// the id). Students with no attempt that counted, students who have not confirmed their email, and admins
// stay off the board. Which attempts count, and for how many points, is decided where they are scored
// (scoring.ts: the first at each paper unless the student has downloaded it, and each confirmed student's
// daily test; then only the questions the ranking rule credits, ranking-credit.ts). The partial index
// users_leaderboard_idx covers exactly these rows, in board order.
const onBoard = and(gt(users.scoredAttempts, 0), eq(users.isAdmin, false), isNotNull(users.emailVerifiedAt));

/**
 * The statement that adds a scored attempt's credited points to the student's total when `counts` holds,
 * run in the same statement that records the score; its placeholders are `userId`, `points` and `now`.
 */
export function boardCredit(counts: SQL): SQL {
  return sql`update users
    set total_score = total_score + ${sql.placeholder('points')}::integer,
      total_score_at = ${sql.placeholder('now')}::timestamptz, scored_attempts = scored_attempts + 1
    where id = ${sql.placeholder('userId')}::uuid and ${counts}`;
}

/** A student's place in the board order. `at` is when the total last changed, in µs since 1970. */
export interface BoardKey {
  totalScore: number;
  at: number;
  id: string;
}

/** True when `a` comes before `b` on the board. */
export function isAhead(a: BoardKey, b: BoardKey): boolean {
  if (a.totalScore !== b.totalScore) return a.totalScore > b.totalScore;
  if (a.at !== b.at) return a.at < b.at;
  // PostgreSQL orders uuids by their bytes, which is the order of their lower-case text.
  return a.id < b.id;
}

// µs since 1970 fit a double exactly (below 2^53) until the year 2255.
const atMicros = sql<string>`(extract(epoch from ${users.totalScoreAt}) * 1000000)::bigint::text`;

/** A student in the top list, as a leaderboard copy holds them. */
export interface TopStudent {
  id: string;
  rank: number;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  totalScore: number;
}

/**
 * The top students by total points; a tie goes to whoever reached the total first. Totals are kept on the
 * user row when an attempt is scored, so this reads one index instead of summing every attempt.
 */
export async function topStudents(db: Executor): Promise<TopStudent[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imageUrl: users.imageUrl,
      totalScore: users.totalScore,
    })
    .from(users)
    .where(onBoard)
    .orderBy(desc(users.totalScore), asc(users.totalScoreAt), asc(users.id))
    .limit(LEADERBOARD_SIZE);
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

/** A top student as `callerId` sees them (boardUser). */
export function entryFor(student: TopStudent, callerId: string): LeaderboardEntry {
  const isMe = student.id === callerId;
  return { rank: student.rank, user: boardUser(student, isMe), totalScore: student.totalScore, isMe };
}

/** Everyone on the board in board order, as compact arrays. */
export interface BoardOrder {
  totalScores: Int32Array;
  ats: Float64Array;
  ids: string[];
  /** Where each student stands in the arrays. */
  indexOf: Map<string, number>;
}

/** Reads the whole board order (one index scan of users_leaderboard_idx). */
export async function loadBoardOrder(db: Executor): Promise<BoardOrder> {
  const rows = await preparedRows<{ totalScore: number; at: string; id: string }>(
    db,
    'board_order',
    sql`select ${users.totalScore} as "totalScore", ${atMicros} as at, ${users.id} as id from ${users}
      where ${onBoard} order by ${users.totalScore} desc, ${users.totalScoreAt}, ${users.id}`,
  );
  const order: BoardOrder = {
    totalScores: new Int32Array(rows.length),
    ats: new Float64Array(rows.length),
    ids: new Array<string>(rows.length),
    indexOf: new Map(),
  };
  rows.forEach((row, index) => {
    order.totalScores[index] = row.totalScore;
    order.ats[index] = Number(row.at);
    order.ids[index] = row.id;
    order.indexOf.set(row.id, index);
  });
  return order;
}

/**
 * The rank `me` has among the students in `order`: one more than the number of others ahead. `me` may be
 * newer than the order (a student whose attempt was just scored); their own older entry is not counted.
 */
export function rankIn(order: BoardOrder, me: BoardKey): number {
  let low = 0;
  let high = order.ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = {
      totalScore: order.totalScores[middle] ?? 0,
      at: order.ats[middle] ?? 0,
      id: order.ids[middle] ?? '',
    };
    if (isAhead(entry, me)) low = middle + 1;
    else high = middle;
  }
  const own = order.indexOf.get(me.id);
  return low - (own !== undefined && own < low ? 1 : 0) + 1;
}

/** What a leaderboard copy holds: the top students and everyone's order. */
export interface Board {
  top: Awaited<ReturnType<typeof topStudents>>;
  order: BoardOrder;
}

interface Snapshot extends Board {
  takenAt: number;
}

/** Reads the top students and the board order. */
export async function loadBoard(db: Executor): Promise<Board> {
  const [top, order] = await Promise.all([topStudents(db), loadBoardOrder(db)]);
  return { top, order };
}

/** How often a busy instance reads the board again, and the oldest board it ever answers from. */
export const BOARD_REFRESH_MS = 5_000;
export const BOARD_MAX_AGE_MS = 15_000;

/**
 * One instance's copy of the leaderboard: the top 100 and the order of everyone on the board, read at most
 * once per BOARD_REFRESH_MS. Counting the students ahead of one caller reads every row above them (a third
 * of 100,000 students is 33,000 rows a request); instead, the caller's own current total is placed into
 * the copy by binary search. A request that finds the copy older than BOARD_REFRESH_MS starts one refresh in
 * the background (one at a time) and answers from the copy; one that finds it older than BOARD_MAX_AGE_MS
 * (an instance that sat idle) waits for the refresh. So others' totals are at most BOARD_MAX_AGE_MS old,
 * and the caller's own total is always current.
 */
export class LeaderboardSnapshot {
  readonly refreshMs: number;
  readonly maxAgeMs: number;
  readonly #clock: () => number;
  readonly #load: (db: Executor) => Promise<Board>;
  #snapshot: Snapshot | undefined;
  #refreshing: Promise<Snapshot> | undefined;
  /** Counts forget() calls, so that a refresh begun before one never stores what it read. */
  #generation = 0;

  constructor(
    options: {
      refreshMs?: number;
      maxAgeMs?: number;
      /** Milliseconds from any fixed point: performance.now by default. */
      clock?: () => number;
      load?: (db: Executor) => Promise<Board>;
    } = {},
  ) {
    this.refreshMs = options.refreshMs ?? BOARD_REFRESH_MS;
    this.maxAgeMs = options.maxAgeMs ?? BOARD_MAX_AGE_MS;
    this.#clock = options.clock ?? (() => performance.now());
    this.#load = options.load ?? loadBoard;
  }

  /** The board to answer from now: the copy, or a fresh one when the copy is too old. */
  async current(db: Executor): Promise<Board> {
    const snapshot = this.#snapshot;
    const age = snapshot ? this.#clock() - snapshot.takenAt : Number.POSITIVE_INFINITY;
    if (!snapshot || age > this.maxAgeMs) return this.#refresh(db);
    // A failed background refresh leaves the copy as it is; the next request tries again.
    if (age > this.refreshMs) this.#refresh(db).catch(() => {});
    return snapshot;
  }

  /** A copy read from now on (or by the refresh under way): for a caller the current copy does not show. */
  refreshed(db: Executor): Promise<Board> {
    return this.#refresh(db);
  }

  /**
   * Drops the copy, and any refresh under way, so that the next request reads the board again: a deleted
   * account leaves this instance's board at once (others drop it within BOARD_MAX_AGE_MS).
   */
  forget(): void {
    this.#generation += 1;
    this.#snapshot = undefined;
    this.#refreshing = undefined;
  }

  #refresh(db: Executor): Promise<Snapshot> {
    const generation = this.#generation;
    this.#refreshing ??= (async () => {
      try {
        const takenAt = this.#clock();
        const snapshot = { ...(await this.#load(db)), takenAt };
        if (generation === this.#generation) this.#snapshot = snapshot;
        return snapshot;
      } finally {
        if (generation === this.#generation) this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }
}

// The caller's live session and their own board entry, in one statement (GET /exam/leaderboard reads the
// session here rather than in requireUser, so that its database work is one round trip).
const callerBoardKeyQuery = preparedQuery<
  LiveSession & { onBoard: boolean; totalScore: number; at: string },
  ReturnType<typeof liveSessionValues>
>(
  'caller_board_key',
  sql`with caller as (${liveCaller})
    select caller.session_id as "sessionId", caller.user_id as "userId", caller.is_admin as "isAdmin",
      ${onBoard} as "onBoard", ${users.totalScore} as "totalScore", ${atMicros} as at
    from caller join ${users} on ${users.id} = caller.user_id`,
);

/**
 * GET /exam/leaderboard: the top students as the caller sees them, and the caller's own rank and total
 * (null while they are not on the board). The top list and others' totals come from `board`; the caller's
 * are current. The caller's session is read in the same statement as their own entry (401 without one, 403
 * for an admin from the web app, as requireUser answers); `signedIn` is told it once it is known to be live.
 */
export async function leaderboard(
  db: Executor,
  board: LeaderboardSnapshot,
  caller: ExamCaller,
  now: Date,
  signedIn: (session: LiveSession) => void,
): Promise<{ docs: LeaderboardEntry[]; me: OwnRank | null }> {
  const [copy, [row]] = await Promise.all([
    board.current(db),
    callerBoardKeyQuery(db, liveSessionValues(caller.token, now)),
  ]);
  if (!row) throw unauthenticated();
  refuseAdminFromWebApp(row.isAdmin, caller.fromWebApp);
  const { sessionId, userId, isAdmin } = row;
  signedIn({ sessionId, userId, isAdmin });
  const me = row.onBoard ? { totalScore: row.totalScore, at: Number(row.at), id: userId } : null;
  // A copy taken before the caller's last result would list them in the top as they were, or not at all,
  // beside their current rank: that caller waits for a fresh copy (shared by everyone waiting).
  const snapshot = me && listsStale(copy, me) ? await board.refreshed(db) : copy;
  return {
    docs: snapshot.top.map((student) => entryFor(student, userId)),
    me: me ? { rank: rankIn(snapshot.order, me), totalScore: me.totalScore } : null,
  };
}

/** Whether `board` shows `me` in its top list other than as they stand now (or leaves them out of it). */
function listsStale(board: Board, me: BoardKey): boolean {
  const index = board.order.indexOf.get(me.id);
  const current =
    index !== undefined &&
    board.order.totalScores[index] === me.totalScore &&
    board.order.ats[index] === me.at;
  if (current) return false;
  const listedThen = index !== undefined && index < board.top.length;
  return listedThen || rankIn(board.order, me) <= LEADERBOARD_SIZE;
}
