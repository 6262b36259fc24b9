import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export const LEADERBOARD_SIZE = 100;

// Students who have never had an attempt scored stay off the board; admins never appear on it. The
// partial index users_leaderboard_idx covers exactly these rows, in board order.
const onBoard = and(gt(users.scoredAttempts, 0), eq(users.isAdmin, false));

/**
 * The top students by total points; a tie goes to whoever reached the total first. Totals are kept on the
 * user row when an attempt is scored, so this reads one index instead of summing every attempt.
 */
export async function topStudents(db: Executor) {
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
  return rows.map((row, index) => ({
    _id: row.id,
    rank: index + 1,
    user: {
      firstName: row.firstName,
      lastName: row.lastName,
      image: row.imageUrl ? { url: row.imageUrl } : null,
    },
    totalScore: row.totalScore,
  }));
}

/** A student's own place on the board, or null before their first scored attempt. */
export async function rankOf(db: Executor, userId: string) {
  const [me] = await db
    .select({ totalScore: users.totalScore, at: users.totalScoreAt, id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), onBoard));
  if (!me) return null;
  const ahead = await db.$count(
    users,
    and(
      onBoard,
      or(
        gt(users.totalScore, me.totalScore),
        and(eq(users.totalScore, me.totalScore), lt(users.totalScoreAt, me.at)),
        and(eq(users.totalScore, me.totalScore), eq(users.totalScoreAt, me.at), lt(users.id, me.id)),
      ),
    ),
  );
  return { rank: ahead + 1, totalScore: me.totalScore };
}
