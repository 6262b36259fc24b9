import { describe, expect, it } from 'vitest';
import { PREDICTION, type TodayTopic } from '../../../lib/api/prediction.ts';
import { probability, TOPIC_SPREAD, topicLevel } from './irt.ts';
import type { SubjectPool } from './pool-cache.ts';
import { todaysTopics, topicStakes, topicsToday } from './topics.ts';

const maths = { _id: 'maths', slug: 'mathematics', title: 'Mathematics' };
const stake = (topic: string, pointsAtStake: number): TodayTopic => ({
  subject: maths,
  topic,
  pointsAtStake,
});

describe('topicStakes', () => {
  it('weighs each topic’s lost chances by its share of the whole pool, untagged questions included', () => {
    const item = (difficulty: number) => ({ difficulty, discrimination: 1, guessing: 0.25 });
    const pool: SubjectPool = {
      version: 'v',
      items: [item(0), item(0), item(0), item(50)],
      topics: ['Algebra', 'Algebra', null, 'Geometry'],
      chance: new Float64Array(),
    };
    // At level 0 a question of difficulty 0 is right with chance 0.625; one of difficulty 50 with 0.25.
    expect(topicStakes(maths, pool, () => 0)).toEqual([
      { subject: maths, topic: 'Algebra', pointsAtStake: (100 * 2 * 0.375) / 4 },
      { subject: maths, topic: 'Geometry', pointsAtStake: expect.closeTo((100 * 0.75) / 4, 9) },
    ]);
  });

  it('takes each topic at the student’s own level in it, so a mastered topic weighs little however large', () => {
    const item = { difficulty: 0, discrimination: 1, guessing: 0.25 };
    const pool: SubjectPool = {
      version: 'v',
      items: Array.from({ length: 8 }, () => item),
      topics: ['Algebra', 'Algebra', 'Algebra', 'Algebra', 'Algebra', 'Algebra', 'Geometry', 'Geometry'],
      chance: new Float64Array(),
    };
    // Level 2 in Algebra: right with chance 0.25 + 0.75 / (1 + e^−2) = 0.9106; level 0 in Geometry: 0.625.
    const stakes = topicStakes(maths, pool, (topic) => (topic === 'Algebra' ? 2 : 0));
    expect(stakes).toEqual([
      { subject: maths, topic: 'Algebra', pointsAtStake: expect.closeTo((100 * 6 * (1 - 0.9106)) / 8, 2) },
      { subject: maths, topic: 'Geometry', pointsAtStake: expect.closeTo((100 * 2 * 0.375) / 8, 9) },
    ]);
    // Geometry comes first, though Algebra is three times its size in the pool.
    expect(todaysTopics(stakes, null).map((stake) => stake.topic)).toEqual(['Geometry', 'Algebra']);
  });
});

describe('topicLevel', () => {
  const item = { difficulty: 0, discrimination: 1, guessing: 0.25 };

  /** The posterior mean by a fine sum over levels: the prior N(centre, TOPIC_SPREAD) times the answers. */
  function byIntegral(centre: number, answers: { correct: boolean }[]): number {
    let weight = 0;
    let moment = 0;
    for (let theta = centre - 4; theta <= centre + 4; theta += 0.001) {
      let density = Math.exp(-((theta - centre) ** 2) / (2 * TOPIC_SPREAD ** 2));
      for (const answer of answers) {
        const p = probability(item, theta);
        density *= answer.correct ? p : 1 - p;
      }
      weight += density;
      moment += density * theta;
    }
    return moment / weight;
  }

  it('is the subject’s level while the student has no answers in the topic', () => {
    expect(topicLevel(0.4, [])).toBeCloseTo(0.4, 6);
    expect(topicLevel(-1.2, [])).toBeCloseTo(-1.2, 6);
  });

  it('moves from the subject’s level by what the topic’s answers say, as the integral gives', () => {
    const wrong = Array.from({ length: 3 }, () => ({ item, correct: false }));
    const right = Array.from({ length: 3 }, () => ({ item, correct: true }));
    expect(topicLevel(0, wrong)).toBeCloseTo(byIntegral(0, wrong), 2);
    expect(topicLevel(0, right)).toBeCloseTo(byIntegral(0, right), 2);
    expect(topicLevel(0, wrong)).toBeLessThan(-0.3);
    expect(topicLevel(0, right)).toBeGreaterThan(0.1);
    // Twenty wrong answers pull it further than three: the prior gives way to the evidence.
    const many = Array.from({ length: 20 }, () => ({ item, correct: false }));
    expect(topicLevel(0, many)).toBeLessThan(topicLevel(0, wrong));
  });
});

describe('topicsToday', () => {
  it('spreads the topics over the days left, one at least and the day’s most at most', () => {
    expect(topicsToday(10, 10)).toBe(1);
    expect(topicsToday(11, 10)).toBe(2);
    expect(topicsToday(4, 3)).toBe(2);
    expect(topicsToday(40, 3)).toBe(PREDICTION.maxTopicsToday);
    expect(topicsToday(0, 30)).toBe(1);
    // On the exam day itself the day counts as one.
    expect(topicsToday(2, 0)).toBe(2);
    expect(topicsToday(2, null)).toBe(PREDICTION.maxTopicsToday);
  });
});

describe('todaysTopics', () => {
  it('proposes the largest stakes of a point or more, rounded to a tenth', () => {
    const stakes = [
      stake('Sets', 0.99),
      stake('Algebra', 4.04),
      stake('Geometry', 12.349),
      stake('Vectors', 1),
    ];
    expect(todaysTopics(stakes, 1)).toEqual([
      stake('Geometry', 12.3),
      stake('Algebra', 4),
      stake('Vectors', 1),
    ]);
    expect(todaysTopics(stakes, 30)).toEqual([stake('Geometry', 12.3)]);
    expect(todaysTopics([stake('Sets', 0.5)], null)).toEqual([]);
  });
});
