/**
 * How a student is named on any board (the Leader Board, the UTME ranking, a contest's board): the caller's
 * own last name in full, everyone else's as an initial, and no account id.
 */

import type { LeaderboardEntry } from '../../../lib/api/exam.ts';

/** "Bello" -> "B.": how other students' last names appear on the board. */
export function lastInitial(lastName: string): string {
  const [first] = lastName.trim();
  return first ? `${first.toLocaleUpperCase('en-NG')}.` : '';
}

/** A last name on any board (leader board, UTME ranking, contest): the caller's own in full, others' initial. */
export function shownLastName(lastName: string, isMe: boolean): string {
  return isMe ? lastName : lastInitial(lastName);
}

/** A ranked student's name and picture as the caller sees them on a board: no account id, and shownLastName. */
export function boardUser(
  student: { firstName: string; lastName: string; imageUrl: string | null },
  isMe: boolean,
): LeaderboardEntry['user'] {
  return {
    firstName: student.firstName,
    lastName: shownLastName(student.lastName, isMe),
    image: student.imageUrl ? { url: student.imageUrl } : null,
  };
}
