import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { attemptAnswers, attempts, contestEntries, options, users } from '../../db/schema.ts';
import { findContest } from './contest-rows.ts';

// The editors' fair-play report: pairs of entrants whose answers and timings are near-identical, and entrants
// who entered from one address. It names suspects for a person to look at; it decides nothing by itself.

/** The thresholds a pair must meet to be listed. */
export const FAIR_PLAY = {
  /** Questions both answered, at least. */
  minCommon: 5,
  /** Share of those answered with the same option, at least. */
  minSameShare: 0.9,
  /** Median gap between the two answer times (each from its own level start), at most. */
  maxMedianGapMs: 10_000,
  /** Questions of each level whose answers make a bucket key; several bands, so one skipped question does not hide a pair. */
  bandSize: 3,
  bandsPerLevel: 3,
  /** In a bucket, each entrant is compared with at most this many next ones in time order: the work stays linear. */
  neighbours: 20,
} as const;

/** One answer of an entrant, as the report compares them. */
export interface Answer {
  optionId: string;
  /** Milliseconds from the entrant's own start of the level. */
  offsetMs: number;
  isCorrect: boolean;
}

/** A suspect pair. */
export interface SuspectPair {
  a: string;
  b: string;
  common: number;
  same: number;
  sameWrong: number;
  medianGapMs: number;
}

/** The report: lines to print, and the findings for callers that want them. */
export interface FairPlayReport {
  title: string;
  entrants: number;
  pairs: SuspectPair[];
  addresses: { address: string; emails: string[] }[];
  lines: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Compares two entrants over the questions both answered; the pair when it meets every threshold. */
export function comparePair(
  a: string,
  b: string,
  answersA: Map<string, Answer>,
  answersB: Map<string, Answer>,
): SuspectPair | undefined {
  let same = 0;
  let sameWrong = 0;
  const gaps: number[] = [];
  // Past this many differences the share of the same option cannot reach the threshold: stop early.
  const tolerated = (1 - FAIR_PLAY.minSameShare) * Math.min(answersA.size, answersB.size);
  for (const [questionId, mine] of answersA) {
    const theirs = answersB.get(questionId);
    if (!theirs) continue;
    gaps.push(Math.abs(mine.offsetMs - theirs.offsetMs));
    if (mine.optionId === theirs.optionId) {
      same += 1;
      if (!mine.isCorrect) sameWrong += 1;
    } else if (gaps.length - same > tolerated) {
      return undefined;
    }
  }
  const common = gaps.length;
  if (common < FAIR_PLAY.minCommon || same / common < FAIR_PLAY.minSameShare) return undefined;
  const medianGapMs = median(gaps);
  if (medianGapMs > FAIR_PLAY.maxMedianGapMs) return undefined;
  return { a, b, common, same, sameWrong, medianGapMs };
}

/**
 * Candidate pairs without comparing everyone with everyone: entrants are bucketed by the options they chose
 * on a band of a level's first questions, and within a bucket compared only with their next neighbours in
 * answer-time order (a copier answers close in time), so the work grows with the entrants, not their square.
 */
export function candidatePairs(
  levels: string[][],
  answers: Map<string, Map<string, Answer>>,
): { pairs: Set<string>; cappedBuckets: number } {
  const pairs = new Set<string>();
  let cappedBuckets = 0;
  levels.forEach((questionIds, level) => {
    for (let band = 0; band < FAIR_PLAY.bandsPerLevel; band += 1) {
      const bandIds = questionIds.slice(band * FAIR_PLAY.bandSize, (band + 1) * FAIR_PLAY.bandSize);
      if (bandIds.length === 0) break;
      const buckets = new Map<string, { userId: string; at: number }[]>();
      for (const [userId, byQuestion] of answers) {
        const picked = bandIds.map((id) => byQuestion.get(id));
        if (picked.some((answer) => !answer)) continue;
        const key = `${level}|${band}|${picked.map((answer) => answer?.optionId).join(',')}`;
        const at = median(picked.map((answer) => answer?.offsetMs ?? 0));
        const bucket = buckets.get(key) ?? [];
        bucket.push({ userId, at });
        buckets.set(key, bucket);
      }
      for (const bucket of buckets.values()) {
        if (bucket.length < 2) continue;
        if (bucket.length > FAIR_PLAY.neighbours) cappedBuckets += 1;
        bucket.sort((x, y) => x.at - y.at);
        bucket.forEach((member, index) => {
          for (
            let next = index + 1;
            next < bucket.length && next <= index + FAIR_PLAY.neighbours;
            next += 1
          ) {
            const other = bucket[next];
            if (!other) break;
            if (other.at - member.at > FAIR_PLAY.maxMedianGapMs * 3) break;
            const [first, second] = [member.userId, other.userId].sort();
            pairs.add(`${first}|${second}`);
          }
        });
      }
    }
  });
  return { pairs, cappedBuckets };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The fair-play report of one contest, for editors (npm run contests -- report <id>). */
export async function fairPlayReport(db: Database, contestId: string): Promise<FairPlayReport> {
  const contest = await findContest(db, contestId);
  const rows = await db
    .select({
      userId: attempts.userId,
      startedAt: attempts.startedAt,
      questionId: attemptAnswers.questionId,
      optionId: attemptAnswers.optionId,
      answeredAt: attemptAnswers.answeredAt,
      isCorrect: options.isCorrect,
    })
    .from(attempts)
    .innerJoin(attemptAnswers, eq(attemptAnswers.attemptId, attempts.id))
    .innerJoin(options, eq(options.id, attemptAnswers.optionId))
    .where(and(eq(attempts.contestId, contest.id), eq(attempts.kind, 'contest')));
  const answers = new Map<string, Map<string, Answer>>();
  for (const row of rows) {
    const byQuestion = answers.get(row.userId) ?? new Map<string, Answer>();
    byQuestion.set(row.questionId, {
      optionId: row.optionId,
      offsetMs: row.answeredAt.getTime() - row.startedAt.getTime(),
      isCorrect: row.isCorrect,
    });
    answers.set(row.userId, byQuestion);
  }

  const { pairs: candidates, cappedBuckets } = candidatePairs(
    contest.levels.map((level) => level.questionIds),
    answers,
  );
  const pairs: SuspectPair[] = [];
  for (const candidate of candidates) {
    const [a = '', b = ''] = candidate.split('|');
    const found = comparePair(a, b, answers.get(a) ?? new Map(), answers.get(b) ?? new Map());
    if (found) pairs.push(found);
  }
  pairs.sort((x, y) => y.sameWrong - x.sameWrong || x.medianGapMs - y.medianGapMs);

  const entrants = await db
    .select({ userId: contestEntries.userId, address: contestEntries.address, email: users.email })
    .from(contestEntries)
    .innerJoin(users, eq(users.id, contestEntries.userId))
    .where(eq(contestEntries.contestId, contest.id))
    .orderBy(asc(contestEntries.seq));
  const emailOf = new Map(entrants.map((entry) => [entry.userId, entry.email]));
  const byAddress = new Map<string, string[]>();
  for (const entry of entrants) {
    byAddress.set(entry.address, [...(byAddress.get(entry.address) ?? []), entry.email]);
  }
  const addresses = [...byAddress.entries()]
    .filter(([, emails]) => emails.length >= 2)
    .map(([address, emails]) => ({ address, emails }))
    .sort((x, y) => y.emails.length - x.emails.length || x.address.localeCompare(y.address));

  const lines = [
    `Fair-play report: ${contest.title} (${contest.id}), ${entrants.length} entrant(s), ${answers.size} with answers.`,
    `Pairs with the same option on at least ${FAIR_PLAY.minSameShare * 100}% of at least ${FAIR_PLAY.minCommon} questions both answered, and answer times a median of at most ${seconds(FAIR_PLAY.maxMedianGapMs)} apart: ${pairs.length}`,
    ...pairs.map(
      (pair) =>
        `  ${emailOf.get(pair.a) ?? pair.a} and ${emailOf.get(pair.b) ?? pair.b}: same option on ${pair.same} of ${pair.common} (${pair.sameWrong} of them wrong), median gap ${seconds(pair.medianGapMs)}`,
    ),
    ...(cappedBuckets > 0
      ? [
          `  Note: in ${cappedBuckets} large group(s) of identical early answers, each entrant was compared only with the ${FAIR_PLAY.neighbours} closest in time.`,
        ]
      : []),
    `Addresses that 2 or more entrants entered from: ${addresses.length}`,
    ...addresses.map(
      (group) => `  ${group.address}: ${group.emails.length} entrants: ${group.emails.join(', ')}`,
    ),
  ];
  return { title: contest.title, entrants: entrants.length, pairs, addresses, lines };
}
