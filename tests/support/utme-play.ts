/** A student's UTME sitting, taken through the API as the /utme screens take it, for the prediction's tests. */

import { expect } from 'vitest';
import { utmeApi } from '../../src/lib/api/endpoints.ts';
import type { UtmeSitting } from '../../src/lib/api/utme.ts';
import type { JambBank, JambQuestion } from './bank-fixture.ts';
import type { TestApp } from './test-app.ts';

/** How a section is answered: its first `right` questions right, the next `wrong` wrong, the rest blank. */
export interface SectionPlay {
  right: number;
  wrong: number;
}

/** Every question of the JAMB fixture bank, by id: the key a test answers with. */
export function fixtureKey(bank: JambBank): Map<string, JambQuestion> {
  return new Map(
    Object.values(bank.subjects).flatMap((subject) =>
      subject.questions.map((question) => [question.id, question]),
    ),
  );
}

/**
 * Starts a sitting in Use of English and `subjects`, answers each section as `plays` says (Use of English
 * first), and submits it. Returns the sitting as it was served.
 */
export async function sitUtme(
  t: TestApp,
  bank: JambBank,
  token: string,
  subjects: string[],
  plays: SectionPlay[],
): Promise<UtmeSitting> {
  const started = await t.call(utmeApi.sitting, { query: { subjects: subjects.join(',') }, token });
  expect(started.status, started.text).toBe(200);
  const sitting = started.json.data;
  const key = fixtureKey(bank);
  const answers = sitting.sections.flatMap((section, index) => {
    const { right, wrong } = plays[index] ?? { right: 0, wrong: 0 };
    return section.questions.slice(0, right + wrong).map((question, place) => {
      const known = key.get(question._id);
      if (!known) throw new Error(`${question._id} is not a fixture question`);
      return { question: question._id, option: place < right ? known.right : (known.wrong[0] ?? '') };
    });
  });
  const submitted = await t.call(utmeApi.submit, { token, body: { exam: sitting._id, answers } });
  expect(submitted.status, submitted.text).toBe(200);
  return sitting;
}
