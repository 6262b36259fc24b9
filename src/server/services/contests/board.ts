/**
 * A contest's board: every entrant in the contest's order (more points first, then the shorter time from
 * the start to the last level ended, then the earlier entry). While a contest runs, each app instance keeps
 * one copy per contest and reads it again once it is BOARD_COPY_MAX_AGE_MS (half of CONTEST.boardMaxAgeMs)
 * old, so 10,000 entrants polling cost one read of the entries per instance and interval; the page reads the
 * board often enough for the rest (contest-store.ts), so no one sees a board older than the limit. A finished
 * contest's board is its final places, which never change.
 */

import { sql } from 'drizzle-orm';
import {
  BOARD_COPY_MAX_AGE_MS,
  CONTEST,
  type ContestBoard,
  type ContestBoardRow,
} from '../../../lib/api/contest.ts';
import { type Executor, rowsOf } from '../../db/client.ts';
import { shownLastName } from '../exams/board-names.ts';

interface Standing {
  userId: string;
  firstName: string;
  lastName: string;
  points: number;
  timeMs: number;
}

interface Copy {
  readAt: number;
  standings: Standing[];
  placeOf: Map<string, number>;
  final: boolean;
}

/** How many contests' boards one instance keeps at most. */
const MAX_COPIES = 50;

async function readStandings(db: Executor, contestId: string): Promise<Standing[]> {
  const result = await db.execute(sql`select e.user_id as "userId", u.first_name as "firstName",
      u.last_name as "lastName", e.points, e.time_ms as "timeMs"
    from contest_entries e join users u on u.id = e.user_id
    where e.contest_id = ${contestId}::uuid
    order by e.points desc, e.time_ms, e.seq`);
  return rowsOf<Standing>(result);
}

function rowOf(standing: Standing, place: number, userId: string | undefined): ContestBoardRow {
  const isMe = standing.userId === userId;
  const lastName = shownLastName(standing.lastName, isMe);
  return {
    place,
    name: `${standing.firstName} ${lastName}`.trim(),
    points: standing.points,
    seconds: Math.round(standing.timeMs / 1000),
    isMe,
  };
}

export class ContestBoards {
  private readonly copies = new Map<string, Promise<Copy>>();

  private async load(db: Executor, contestId: string, final: boolean): Promise<Copy> {
    const standings = await readStandings(db, contestId);
    const placeOf = new Map(standings.map((standing, index) => [standing.userId, index + 1]));
    return { readAt: Date.now(), standings, placeOf, final };
  }

  /** The contest's copy, read again when stale (one read at a time per contest and instance). */
  private async copy(db: Executor, contestId: string, final: boolean): Promise<Copy> {
    const held = this.copies.get(contestId);
    const copy = held && (await held.catch(() => undefined));
    if (copy && copy.final === final && (final || Date.now() - copy.readAt < BOARD_COPY_MAX_AGE_MS))
      return copy;
    // Another request may have started a new read while this one waited for the old copy.
    const current = this.copies.get(contestId);
    if (current && current !== held) return current;
    const loading = this.load(db, contestId, final);
    this.copies.delete(contestId);
    this.copies.set(contestId, loading);
    // Finished contests' boards never go stale: keep only the most recently read, so memory stays bounded.
    for (const oldest of this.copies.keys()) {
      if (this.copies.size <= MAX_COPIES) break;
      this.copies.delete(oldest);
    }
    loading.catch(() => this.copies.delete(contestId));
    return loading;
  }

  /** The board as GET /contest/:id/board shows it: the top rows and the caller's own. */
  async board(
    db: Executor,
    contestId: string,
    userId: string | undefined,
    final: boolean,
  ): Promise<ContestBoard> {
    const copy = await this.copy(db, contestId, final);
    const docs = copy.standings
      .slice(0, CONTEST.boardSize)
      .map((standing, index) => rowOf(standing, index + 1, userId));
    const place = userId === undefined ? undefined : copy.placeOf.get(userId);
    const mine = place === undefined ? undefined : copy.standings[place - 1];
    return {
      docs,
      me: mine && place !== undefined ? rowOf(mine, place, userId) : null,
      entrants: copy.standings.length,
      asOf: new Date(copy.readAt).toISOString(),
      final: copy.final,
    };
  }

  /** The caller's place on the board as this instance holds it, or null. */
  async placeOf(db: Executor, contestId: string, userId: string, final: boolean): Promise<number | null> {
    return (await this.copy(db, contestId, final)).placeOf.get(userId) ?? null;
  }

  /** Forgets every copy: after an account is deleted, its name must not stay on a board. */
  forget(): void {
    this.copies.clear();
  }
}
