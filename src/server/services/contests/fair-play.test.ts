import { describe, expect, it } from 'vitest';
import { type Answer, candidatePairs, comparePair, FAIR_PLAY } from './fair-play.ts';

const levels = [
  ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'],
  ['q7', 'q8', 'q9', 'q10', 'q11', 'q12'],
];
const questionIds = levels.flat();

/** An entrant who picks `option(question)` at `seconds(question)` after their level's start. */
function entrant(option: (index: number) => string, seconds: (index: number) => number) {
  return new Map<string, Answer>(
    questionIds.map((id, index) => [
      id,
      {
        optionId: `${id}-${option(index)}`,
        offsetMs: seconds(index) * 1000,
        isCorrect: option(index) === 'A',
      },
    ]),
  );
}

describe('candidate pairs', () => {
  it('stay linear in the entrants when 10,000 give the same answers, and still hold a planted pair', () => {
    const answers = new Map<string, Map<string, Answer>>();
    // The worst case for bucketing: everyone right on everything, spread over five minutes.
    for (let n = 0; n < 10_000; n += 1) {
      answers.set(
        `u${n}`,
        entrant(
          () => 'A',
          (index) => (n % 300) + index * 5,
        ),
      );
    }
    answers.set(
      'copier',
      entrant(
        () => 'A',
        (index) => 17 + index * 5 + 1,
      ),
    );
    const { pairs, cappedBuckets } = candidatePairs(levels, answers);
    const bound = answers.size * levels.length * FAIR_PLAY.bandsPerLevel * FAIR_PLAY.neighbours;
    expect(pairs.size).toBeLessThanOrEqual(bound);
    // Far from the 50 million of every pair.
    expect(pairs.size).toBeLessThan(answers.size * 100);
    expect(cappedBuckets).toBeGreaterThan(0);
    const withCopier = [...pairs].filter((pair) => pair.split('|').includes('copier'));
    expect(withCopier.length).toBeGreaterThan(0);
  });

  it('find a copier who answers in another order and skips a band question', () => {
    const answers = new Map<string, Map<string, Answer>>();
    const choice = (index: number) => ['A', 'B', 'A', 'C', 'A', 'D'][index % 6] ?? 'A';
    answers.set(
      'source',
      entrant(choice, (index) => 20 + index * 9),
    );
    const copy = entrant(choice, (index) => 23 + index * 9);
    copy.delete('q1');
    answers.set('copy', copy);
    for (let n = 0; n < 50; n += 1) {
      answers.set(
        `honest${n}`,
        entrant(
          (index) => ['A', 'B', 'C', 'D'][(n + index) % 4] ?? 'A',
          (index) => n * 7 + index,
        ),
      );
    }
    const { pairs } = candidatePairs(levels, answers);
    expect(pairs.has('copy|source')).toBe(true);
  });
});

describe('comparing a pair', () => {
  const source = entrant(
    (index) => (index % 4 === 0 ? 'B' : 'A'),
    (index) => 10 + index * 10,
  );

  it('flags near-identical answers close in time, counting the shared wrong ones', () => {
    const copy = entrant(
      (index) => (index % 4 === 0 ? 'B' : 'A'),
      (index) => 13 + index * 10,
    );
    expect(comparePair('a', 'b', source, copy)).toMatchObject({
      common: 12,
      same: 12,
      sameWrong: 3,
      medianGapMs: 3000,
    });
  });

  it('passes the same answers given at another pace, and different answers at the same pace', () => {
    const slower = entrant(
      (index) => (index % 4 === 0 ? 'B' : 'A'),
      (index) => 10 + index * 25,
    );
    expect(comparePair('a', 'b', source, slower)).toBeUndefined();
    const different = entrant(
      (index) => (index % 3 === 0 ? 'C' : 'A'),
      (index) => 11 + index * 10,
    );
    expect(comparePair('a', 'b', source, different)).toBeUndefined();
  });

  it('needs at least five questions both answered', () => {
    const few = new Map([...source].slice(0, FAIR_PLAY.minCommon - 1));
    expect(comparePair('a', 'b', source, few)).toBeUndefined();
  });
});
