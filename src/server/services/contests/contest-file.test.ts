import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contestObject, contestQuestion } from '../../../../tests/support/contest-file-fixture.ts';
import { CONTEST } from '../../../lib/api/contest.ts';
import { SAMPLE_CONTEST_FILE } from '../seed.ts';
import { checkContestFile, contestKey } from './contest-file.ts';

const now = new Date('2026-11-28T12:00:00Z');
const START = '2026-12-05T10:00:00+01:00';
const check = (contest: unknown) => checkContestFile(JSON.stringify(contest, null, 2), 'c.json', now);
const fields = (contest: unknown) => check(contest).problems.map((problem) => problem.field);

describe('a contest file', () => {
  it('reads a valid file into a draft, questions rendered and prizes in place order', () => {
    const { draft, problems } = check({
      ...contestObject(START),
      prizes: [
        { place: 2, coins: 1 },
        { place: 1, coins: 9 },
      ],
    });
    expect(problems).toEqual([]);
    expect(draft?.startsAt).toEqual(new Date('2026-12-05T09:00:00Z'));
    expect(draft?.levels.map((level) => level.questions.map((question) => question.key))).toEqual([
      ['fixture-q1', 'fixture-q2', 'fixture-q3', 'fixture-q4', 'fixture-q5', 'fixture-q6'],
      ['fixture-q7', 'fixture-q8', 'fixture-q9', 'fixture-q10', 'fixture-q11', 'fixture-q12'],
    ]);
    expect(draft?.prizes.map((prize) => prize.place)).toEqual([1, 2]);
  });

  it('refuses a start without an offset, an unknown field in a level, and too many levels', () => {
    const contest = contestObject('2026-12-05T10:00:00');
    const level = { minutes: 1, questions: [contestQuestion(50)] };
    expect(
      fields({ ...contest, levels: Array.from({ length: CONTEST.maxLevels + 1 }, () => level) }),
    ).toEqual(expect.arrayContaining(['startsAt', 'levels']));
    expect(fields({ ...contestObject(START), levels: [{ ...level, bonus: true }] })).toEqual([
      'levels[0].bonus',
    ]);
  });

  it('refuses a question repeated across levels, and a prize place with a gap', () => {
    const contest = contestObject(START);
    contest.levels[1]?.questions.push(contestQuestion(1));
    expect(fields({ ...contest, prizes: [{ place: 2, coins: 5 }] })).toEqual([
      'prizes',
      'levels[1].questions[6].id',
    ]);
  });

  it('has one identity for one title and start, whatever the offset it is written with', () => {
    expect(contestKey('Quiz', new Date('2026-12-05T10:00:00+01:00'))).toBe(
      contestKey('Quiz ', new Date('2026-12-05T09:00:00Z')),
    );
    expect(contestKey('Quiz', new Date('2026-12-05T10:00:00+01:00'))).not.toBe(
      contestKey('Quiz', new Date('2026-12-06T10:00:00+01:00')),
    );
  });

  it('the shipped sample contest is valid, every question explained', async () => {
    const text = await readFile(SAMPLE_CONTEST_FILE, 'utf8');
    const { draft, problems } = checkContestFile(text, SAMPLE_CONTEST_FILE, new Date(0));
    expect(problems).toEqual([]);
    expect(draft?.levels.flatMap((level) => level.questions).length).toBeGreaterThan(0);
  });
});
