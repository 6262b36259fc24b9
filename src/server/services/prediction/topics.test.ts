import { describe, expect, it } from 'vitest';
import { PREDICTION, type TodayTopic } from '../../../lib/api/prediction.ts';
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
    expect(topicStakes(maths, pool, 0)).toEqual([
      { subject: maths, topic: 'Algebra', pointsAtStake: (100 * 2 * 0.375) / 4 },
      { subject: maths, topic: 'Geometry', pointsAtStake: expect.closeTo((100 * 0.75) / 4, 9) },
    ]);
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
