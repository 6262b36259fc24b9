/**
 * The contests' contract (/api/v1/contest): their rules, the shapes the server builds (`satisfies` these types)
 * and the /contests screens read. Declared here once. How contests work: docs/contests.md.
 */

import { POINTS_PER_RIGHT_ANSWER, POINTS_PER_WRONG_ANSWER, type QuizAnswer } from '../scoring.ts';

/** The limits of a contest file (npm run contests -- create) and of play. */
export const CONTEST = {
  minLevels: 1,
  maxLevels: 5,
  /** Questions in one level. */
  maxQuestionsPerLevel: 100,
  maxLevelMinutes: 180,
  maxEntrants: 100_000,
  maxEntryFee: 100_000,
  maxPrizes: 100,
  /**
   * How many rows the live board lists, and how stale it may be on the page: the server's copy's age
   * (BOARD_COPY_MAX_AGE_MS) and the page's time between reads (contest-store.ts) together stay within it.
   */
  boardSize: 20,
  boardMaxAgeMs: 30_000,
  /** The spec's rule: one lifeline use per level (50-50 or skip, at the quiz's price). */
  lifelinesPerLevel: 1,
  /** A sponsored or cash prize goes only to a winner who confirmed being this old (the terms' age). */
  prizeMinimumAge: 18,
  /**
   * How long after a level's deadline its hand-in still counts the answers it carries (the quiz's grace is
   * longer): short, so that the prizes are credited within 30 s of the contest's end.
   */
  submitGraceMs: 10_000,
} as const;

/**
 * Each app instance reads its copy of a live board again once the copy is this old (services/contests/
 * board.ts): half of CONTEST.boardMaxAgeMs, leaving the other half to the page, which reads the board every
 * CONTEST.boardMaxAgeMs less this (less a tick of its clock).
 */
export const BOARD_COPY_MAX_AGE_MS = CONTEST.boardMaxAgeMs / 2;

/**
 * The ranking rule, in the words the contest page, the Instructions page and docs/contests.md show: each
 * shown from here, so they cannot differ.
 */
export const CONTEST_RULES = [
  `Each answer scores +${POINTS_PER_RIGHT_ANSWER} when right, ${POINTS_PER_WRONG_ANSWER} when wrong and 0 when left blank, over every level.`,
  'Ties go to the shorter total time, measured by our server from the start of the contest to your last level handed in, then to whoever entered first.',
  'Level 1 opens at the start for everyone. Each level has its own clock, kept by our server; the next level opens as soon as you hand one in or its time runs out, and everything ends at the contest’s end.',
  'You may use one lifeline in each level (50-50 or skip, 4 coins each).',
  'Every entrant gets the questions and options in their own order, so “the answer is B” helps nobody.',
  'One account per person: a confirmed email and one phone number. Contest points never enter the Leader Board.',
  'Coin prizes are credited to the winners within 30 seconds of the end. Coins have no cash value.',
] as const;

export type ContestStatus = 'upcoming' | 'live' | 'finished' | 'cancelled';

export interface ContestPrize {
  place: number;
  coins: number;
}

export interface ContestLevelInfo {
  minutes: number;
  questions: number;
}

/** A row of a contest's board. It carries no account id. */
export interface ContestBoardRow {
  place: number;
  /** Others appear as first name and last initial ("Aisha B."); the caller sees their own full name. */
  name: string;
  points: number;
  /** Seconds from the start to the last level handed in (so far, while live). */
  seconds: number;
  isMe: boolean;
}

/** A sponsored or cash prize's claim: who may claim it and where it stands. */
export interface SponsoredClaim {
  /** The editor's text, e.g. "A tablet from our sponsor". */
  prize: string;
  claimedAt: string | null;
  /** Why the caller cannot claim it yet; null when they can (or did). */
  blockedBy: 'age' | 'plan' | null;
}

/** The caller's entry in a contest. */
export interface ContestEntry {
  enteredAt: string;
  /** The level open to the caller now (from 1), or null: before the start, or every level done. */
  openLevel: number | null;
  /** When the open level's time runs out. */
  openLevelEndsAt: string | null;
  levelsDone: number;
  points: number;
  /** The caller's place: on the live board while the contest runs, the final one after. */
  place: number | null;
  /** The coins the caller's place won, once credited. */
  prizeCoins: number | null;
  /** The sponsored prize, when the caller's place wins it. */
  sponsored: SponsoredClaim | null;
}

/** A contest as GET /api/v1/contest lists it and GET /api/v1/contest/:id shows it. */
export interface ContestSummary {
  _id: string;
  title: string;
  description: string;
  examType: string;
  subject: string;
  startsAt: string;
  endsAt: string;
  status: ContestStatus;
  entryFee: number;
  maxEntrants: number;
  entrants: number;
  levels: ContestLevelInfo[];
  prizes: ContestPrize[];
  /** The sponsored prize's text, for first place; null for none. */
  sponsoredPrize: string | null;
  /** The caller's entry; null when they have not entered (or are not signed in). */
  entry: ContestEntry | null;
  /** A finished contest's prize winners, best first (empty until the prizes are credited). */
  winners: ContestBoardRow[];
  /** The server's clock when it answered, so a countdown on a phone whose clock is wrong is still right. */
  serverTime: string;
}

/** GET /api/v1/contest/:id/board: the top rows and the caller's own, at most CONTEST.boardMaxAgeMs old. */
export interface ContestBoard {
  docs: ContestBoardRow[];
  me: ContestBoardRow | null;
  entrants: number;
  /** When the board was computed; final once the contest is finished. */
  asOf: string;
  final: boolean;
}

/** What POST /api/v1/contest/:id/entry answers: the entry, and the coins left. */
export interface ContestEntryOutcome {
  entry: ContestEntry;
  triviaPoints: number;
}

/**
 * What POST /api/v1/contest/:id/level answers once a level is handed in: no key and no right/wrong flags
 * (others may still be playing it), only what comes next.
 */
export interface ContestLevelOutcome {
  levelsDone: number;
  /** The level that opens now, or null when that was the last. */
  next: { level: number; endsAt: string } | null;
}

/** One level of GET /api/v1/contest/:id/review: the caller's answers, the key and the explanations. */
export interface ContestLevelReview {
  level: number;
  points: number;
  correctAnswer: number;
  wrongAnswer: number;
  unanswered: number;
  quizAnswers: QuizAnswer[];
}

/** GET /api/v1/contest/:id/review: open to an entrant once the contest has ended, never before. */
export interface ContestReview {
  title: string;
  levels: ContestLevelReview[];
}
