import { describe, expect, it } from 'vitest';
import { memoryStorage } from './answer-queue.ts';
import {
  describeItem,
  flagsKey,
  loadFlags,
  navigatorItems,
  navigatorSummary,
  positionKey,
  resumePosition,
  storeQuietly,
  submitSummary,
  toggleFlag,
} from './navigator.ts';

const ids = ['q1', 'q2', 'q3', 'q4'];

describe('the question navigator', () => {
  it('marks each question answered, unanswered or skipped, flagged, and the current one', () => {
    const items = navigatorItems(ids, { q1: 'a', q3: 'c' }, new Set(['q4']), new Set(['q3']), 1);
    expect(items.map((item) => [item.number, item.status, item.flagged, item.current])).toEqual([
      [1, 'answered', false, false],
      [2, 'unanswered', false, true],
      [3, 'answered', true, false],
      [4, 'skipped', false, false],
    ]);
    expect(navigatorSummary(items)).toEqual({ answered: 2, unanswered: 2, flagged: 1 });
    expect(items.map(describeItem)).toEqual([
      'Question 1, answered',
      'Question 2, not answered',
      'Question 3, answered, flagged for review',
      'Question 4, skipped',
    ]);
  });

  it('tells the submit dialog how many questions are unanswered and flagged', () => {
    expect(submitSummary({ unanswered: 3, flagged: 1 })).toBe('3 questions unanswered, 1 flagged.');
    expect(submitSummary({ unanswered: 1, flagged: 0 })).toBe('1 question unanswered.');
    expect(submitSummary({ unanswered: 1, flagged: 2 })).toBe('1 question unanswered, 2 flagged.');
    expect(submitSummary({ unanswered: 0, flagged: 0 })).toBe('All questions are answered.');
    expect(submitSummary({ unanswered: 0, flagged: 1 })).toBe('All questions are answered, 1 flagged.');
    const items = navigatorItems(ids, { q1: 'a', q3: 'c' }, new Set(['q4']), new Set(['q3']), 1);
    expect(submitSummary(navigatorSummary(items))).toBe('2 questions unanswered, 1 flagged.');
  });

  it('toggles a flag', () => {
    expect(toggleFlag([], 'q2')).toEqual(['q2']);
    expect(toggleFlag(['q1', 'q2'], 'q1')).toEqual(['q2']);
  });

  it('keeps flags per attempt, dropping unknown questions and damaged data', () => {
    const storage = memoryStorage({ [flagsKey('a1')]: JSON.stringify(['q2', 'gone', 'q4']) });
    expect(loadFlags(storage, 'a1', ids)).toEqual(['q2', 'q4']);
    expect(loadFlags(storage, 'a2', ids)).toEqual([]);
    expect(loadFlags(memoryStorage({ [flagsKey('a1')]: 'nope' }), 'a1', ids)).toEqual([]);
  });

  it('resumes at the stored question, else at the first one left open', () => {
    const storage = memoryStorage();
    expect(resumePosition(storage, 'a1', ids, { q1: 'a', q2: 'b' })).toBe(2);
    expect(resumePosition(storage, 'a1', ids, { q1: 'a', q2: 'b', q3: 'c', q4: 'd' })).toBe(3);
    storeQuietly(storage, positionKey('a1'), '1');
    expect(resumePosition(storage, 'a1', ids, {})).toBe(1);
    storeQuietly(storage, positionKey('a1'), '9');
    expect(resumePosition(storage, 'a1', ids, {})).toBe(0);
    storeQuietly(storage, positionKey('a1'), undefined);
    expect(storage.items.size).toBe(0);
  });
});
