import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { predictionApi, utmeApi } from '../../src/lib/api/endpoints.ts';
import type { UtmePrediction } from '../../src/lib/api/prediction.ts';
import { UTME, utmeSubjectScore } from '../../src/lib/api/utme.ts';
import { users } from '../../src/server/db/schema.ts';
import { compareMocks, predictMockSittings } from '../../src/server/services/prediction/mock-comparison.ts';
import { PoolCache } from '../../src/server/services/prediction/pool-cache.ts';
import { createJambBank } from '../support/bank-fixture.ts';
import { defined } from '../support/defined.ts';
import { createTestApp, subscribedStudent } from '../support/test-app.ts';
import { sitUtme } from '../support/utme-play.ts';

// The predicted score against real mocks (docs/prediction.md, "Against real mocks"): each scored sitting is
// set against the prediction its student was shown just before starting it, which the test reads from
// GET /api/v1/prediction at that moment.

const HOUR = 60 * 60_000;

const t = await createTestApp();
const bank = await createJambBank(t.db);
const { mathematics, physics, biology } = bank.subjects;
const CHOSEN = [mathematics.id, physics.id, biology.id];
const SECTION_QUESTIONS = [UTME.englishQuestions, ...CHOSEN.map(() => UTME.electiveQuestions)];

/** The same share right in every section of a sitting, every question answered. */
function everySection(rightShare: number) {
  return SECTION_QUESTIONS.map((questions) => {
    const right = Math.round(questions * rightShare);
    return { right, wrong: questions - right };
  });
}

/** The total such a sitting scores, worked out as the UTME result works it out. */
function totalFor(rightShare: number): number {
  return everySection(rightShare).reduce(
    (total, { right, wrong }) => total + utmeSubjectScore(right, right + wrong),
    0,
  );
}

async function prediction(token: string): Promise<UtmePrediction> {
  const response = await t.call(predictionApi.prediction, { token });
  expect(response.status, response.text).toBe(200);
  return response.json.data;
}

async function resultTotal(token: string, exam: string): Promise<number> {
  const response = await t.call(utmeApi.result, { query: { exam }, token });
  expect(response.status, response.text).toBe(200);
  return response.json.data.total;
}

describe('the prediction against real mocks', () => {
  it('sets each sitting against the prediction made from the answers given before it started', async () => {
    const { token } = await subscribedStudent(t);
    // A strong first sitting, then a weak one drawn from the questions left, then a practice sitting
    // (every question has been seen by then).
    const first = await sitUtme(t, bank, token, CHOSEN, everySection(0.8));
    t.clock.advance(HOUR);
    const beforeSecond = await prediction(token);
    const second = await sitUtme(t, bank, token, CHOSEN, everySection(0.3));
    t.clock.advance(HOUR);
    const beforeThird = await prediction(token);
    const third = await sitUtme(t, bank, token, CHOSEN, everySection(0.5));
    t.clock.advance(HOUR);

    // An admin's sitting is not a student's: left out, as the evidence leaves out their answers.
    const admin = await subscribedStudent(t);
    await sitUtme(t, bank, admin.token, CHOSEN, everySection(0.5));
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user._id));

    const { sittings, calibratedAt } = await predictMockSittings(t.db, new PoolCache());
    expect(calibratedAt).toBeNull();
    expect(sittings.map((sitting) => [sitting.attemptId, sitting.practice])).toEqual([
      [first._id, false],
      [second._id, false],
      [third._id, true],
    ]);
    const beforeFirst = defined(sittings[0], 'first sitting');
    const atSecond = defined(sittings[1], 'second sitting');
    const atThird = defined(sittings[2], 'third sitting');

    // Nothing before the first: no prediction, so it is not compared.
    expect(beforeFirst.subjects.map((subject) => [subject.answers, subject.predicted])).toEqual(
      SECTION_QUESTIONS.map(() => [0, null]),
    );
    expect(beforeFirst.predicted).toBeNull();

    // Before the second, only the first sitting's answers: the second's own are after its start. The
    // prediction is the one the student was shown then.
    expect(atSecond.subjects.map((subject) => subject.answers)).toEqual(SECTION_QUESTIONS);
    expect(atSecond.predicted).toEqual(defined(beforeSecond.total, 'total'));
    expect(atSecond.subjects.map(({ subject, predicted }) => ({ subject, predicted }))).toEqual(
      beforeSecond.subjects.map(({ subject, score }) => ({ subject, predicted: score })),
    );
    // Before the practice sitting, both earlier sittings' answers.
    expect(atThird.subjects.map((subject) => subject.answers)).toEqual(
      SECTION_QUESTIONS.map((questions) => 2 * questions),
    );
    expect(atThird.predicted).toEqual(defined(beforeThird.total, 'total'));

    // Each compared against what it scored.
    expect(atSecond.actual).toBe(totalFor(0.3));
    expect(atSecond.actual).toBe(await resultTotal(token, second._id));
    expect(atSecond.subjects.map((subject) => subject.actual)).toEqual(
      everySection(0.3).map(({ right, wrong }) => utmeSubjectScore(right, right + wrong)),
    );
    expect(atThird.actual).toBe(totalFor(0.5));
    expect(atThird.actual).toBe(await resultTotal(token, third._id));

    // The figures over the two compared sittings.
    const predicted = [defined(beforeSecond.total, 'total'), defined(beforeThird.total, 'total')];
    const actual = [totalFor(0.3), totalFor(0.5)];
    const errors = predicted.map((range, index) => Math.abs(range.expected - (actual[index] ?? 0)));
    const inside = predicted.filter(
      (range, index) => (actual[index] ?? 0) >= range.low && (actual[index] ?? 0) <= range.high,
    );
    const comparison = compareMocks(sittings);
    expect(comparison).toMatchObject({ sittings: 3, compared: 2, practice: 1 });
    expect(comparison.total).toEqual({
      compared: 2,
      meanError: ((errors[0] ?? 0) + (errors[1] ?? 0)) / 2,
      medianError: ((errors[0] ?? 0) + (errors[1] ?? 0)) / 2,
      coverage: inside.length / 2,
    });
    expect(comparison.subjects.map(({ subject, compared }) => [subject.title, compared])).toEqual([
      [UTME.englishTitle, 2],
      [biology.title, 2],
      [mathematics.title, 2],
      [physics.title, 2],
    ]);
    // A strong start and a weak second sitting: its prediction was far too high.
    expect(defined(beforeSecond.total, 'total').low).toBeGreaterThan(totalFor(0.3));
  });
});
