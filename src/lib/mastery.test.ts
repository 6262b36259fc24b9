import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MASTERY_RULES,
  masteryLevel,
  shareOf,
  type TopicScore,
  topicPracticeTitle,
  weakestTopics,
} from './mastery.ts';

describe('shareOf', () => {
  it('is the rounded percentage right, and null with no answers', () => {
    expect(shareOf(0, 0)).toBeNull();
    expect(shareOf(3, 2)).toBe(67);
    expect(shareOf(3, 1)).toBe(33);
    expect(shareOf(20, 20)).toBe(100);
  });
});

describe('masteryLevel', () => {
  it('is not started without answers', () => {
    expect(masteryLevel(0, 0)).toBe('not-started');
  });

  it('keeps a topic at practising until it has enough answers to judge, however many are right', () => {
    expect(masteryLevel(1, 1)).toBe('practising');
    expect(masteryLevel(2, 2)).toBe('practising');
    expect(masteryLevel(3, 3)).toBe('familiar');
  });

  it('is familiar from 60% of at least 3 answers, and practising just below', () => {
    expect(masteryLevel(5, 3)).toBe('familiar');
    expect(masteryLevel(3, 2)).toBe('familiar');
    expect(masteryLevel(5, 2)).toBe('practising');
    expect(masteryLevel(20, 12)).toBe('familiar');
    expect(masteryLevel(20, 11)).toBe('practising');
  });

  it('is mastered from 80% of at least 10 answers; fewer answers stay familiar', () => {
    expect(masteryLevel(10, 8)).toBe('mastered');
    expect(masteryLevel(20, 16)).toBe('mastered');
    expect(masteryLevel(9, 9)).toBe('familiar');
    expect(masteryLevel(10, 7)).toBe('familiar');
    expect(masteryLevel(20, 15)).toBe('familiar');
  });

  it('uses the numbers docs/learning.md states', () => {
    const docs = readFileSync(new URL('../../docs/learning.md', import.meta.url), 'utf8');
    const rules = MASTERY_RULES;
    expect(docs).toContain(`Each topic counts your latest ${rules.window} answers in it`);
    expect(docs).toContain(`fewer than ${rules.judgeFrom} answers, or under ${rules.familiarShare}% right`);
    expect(docs).toContain(`${rules.familiarShare}% right or more, with at least ${rules.judgeFrom} answers`);
    expect(docs).toContain(
      `${rules.masteredShare}% right or more, with at least ${rules.masteredFrom} answers`,
    );
    expect(docs).toContain(`Each subject names up to ${['', 'one', 'two', 'three'][rules.weakest]}`);
  });
});

const score = (topic: string, answers: number, right: number): TopicScore => ({
  topic,
  answers,
  share: shareOf(answers, right),
});

describe('weakestTopics', () => {
  it('lists the three lowest shares, weakest first', () => {
    const topics = [
      score('Surds', 4, 3),
      score('Indices', 5, 1),
      score('Sets', 6, 3),
      score('Variation', 3, 0),
      score('Bearings', 8, 6),
    ];
    expect(weakestTopics(topics).map((topic) => topic.topic)).toEqual(['Variation', 'Indices', 'Sets']);
  });

  it('leaves out topics with too few answers to judge, topics not started and topics at 80% or more', () => {
    const topics = [
      score('One wrong', 1, 0),
      score('Two wrong', 2, 0),
      score('Not started', 0, 0),
      score('Mastered', 10, 8),
      score('Familiar but all right', 4, 4),
      score('Weak', 3, 1),
    ];
    expect(weakestTopics(topics).map((topic) => topic.topic)).toEqual(['Weak']);
  });

  it('puts more answers first on equal shares, then goes by name', () => {
    const topics = [score('Beta', 4, 2), score('Alpha', 4, 2), score('Gamma', 10, 5)];
    expect(weakestTopics(topics).map((topic) => topic.topic)).toEqual(['Gamma', 'Alpha', 'Beta']);
  });

  it('is empty when no topic has enough answers', () => {
    expect(weakestTopics([score('Only one', 1, 0)])).toEqual([]);
  });
});

describe('topicPracticeTitle', () => {
  it('names the subject, the topic and that it is practice', () => {
    expect(topicPracticeTitle('Mathematics', 'Indices and logarithms')).toBe(
      'Mathematics › Indices and logarithms (practice)',
    );
  });
});
