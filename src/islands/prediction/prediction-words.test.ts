import { describe, expect, it } from 'vitest';
import type { SubjectPrediction, UtmePrediction } from '../../lib/api/prediction.ts';
import {
  answersNeededLine,
  calibrationLine,
  chosenFromLine,
  missingTotalLine,
  practiseLinkText,
  rangeBar,
  subjectScoreLine,
  totalLabel,
  totalRangeLine,
} from './prediction-words.ts';

const physics = (answersNeeded: number): SubjectPrediction => ({
  subject: { _id: 'p', slug: 'physics', title: 'Physics' },
  answers: 40 - answersNeeded,
  score: null,
  answersNeeded,
});

const prediction = (chosenFrom: UtmePrediction['chosenFrom']): UtmePrediction => ({
  subjects: [],
  total: null,
  chosenFrom,
  calibratedAt: null,
});

describe('the prediction panel’s words', () => {
  it('says the total and what its range means, in whole marks', () => {
    const total = { expected: 231.6, low: 211.7, high: 251.2 };
    expect(totalLabel(total)).toBe('Predicted total: 232 out of 400');
    expect(totalRangeLine(total)).toBe(
      'If you sat the UTME today, 8 sittings in 10 would land between 212 and 251. The more questions you answer, the narrower it gets.',
    );
  });

  it('says a subject’s score and range as words, not as a dash between figures', () => {
    expect(subjectScoreLine({ expected: 58, low: 51, high: 65 })).toBe(
      '58 out of 100: 8 sittings in 10 between 51 and 65',
    );
  });

  it('says how many more answers a subject needs, naming it', () => {
    expect(answersNeededLine(physics(40))).toBe(
      'Answer about 40 more Physics questions to see your prediction',
    );
    expect(answersNeededLine(physics(1))).toBe('Answer about 1 more Physics question to see your prediction');
    expect(practiseLinkText(physics(40))).toBe('Practise Physics');
  });

  it('says why the total is missing: no subjects chosen, or subjects without enough answers', () => {
    expect(missingTotalLine(prediction('none'))).toBe(
      'Choose your 3 subjects besides Use of English to see your predicted total out of 400.',
    );
    expect(missingTotalLine(prediction('plan'))).toBe(
      'Your predicted total out of 400 shows once each of your four subjects has a prediction.',
    );
  });

  it('says the subjects came from the latest mock only when they did', () => {
    expect(chosenFromLine(prediction('sitting'))).toMatch(/latest mock/);
    expect(chosenFromLine(prediction('plan'))).toBeUndefined();
    expect(chosenFromLine(prediction('none'))).toBeUndefined();
  });

  it('says whether the difficulties are first estimates or when they were measured', () => {
    expect(calibrationLine(null)).toMatch(/first estimates/);
    // 23:30 UTC on the 2nd is already the 3rd in Lagos.
    expect(calibrationLine('2026-03-02T23:30:00.000Z')).toMatch(
      /^The questions’ difficulties were last measured on 3 Mar 2026, .+ \(West Africa Time\)\.$/,
    );
  });

  it('places the range on its bar, never past either end', () => {
    expect(rangeBar({ expected: 50, low: 40, high: 60 }, 100)).toEqual({ from: 40, width: 20, mark: 50 });
    expect(rangeBar({ expected: 395, low: 380, high: 410 }, 400)).toEqual({
      from: 95,
      width: 5,
      mark: 98.75,
    });
  });
});
