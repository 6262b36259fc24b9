import { describe, expect, it } from 'vitest';
import type { UtmeSitting } from '../../lib/api/utme.ts';
import type { ExamQuestion } from '../quiz/quiz-paper.ts';
import {
  flattenSitting,
  questionButtonLabel,
  sectionAt,
  sectionCounts,
  sectionSummary,
  sittingSubjects,
  tabCountLabel,
} from './sitting.ts';

const MATHS = '0b1f6c43-52a4-4c1e-9a0e-2f1d3c4b5a61';
const PHYSICS = '1c2a7d54-63b5-4d2f-8b1f-3a2e4d5c6b72';
const CHEMISTRY = '2d3b8e65-74c6-4e3a-9c2a-4b3f5e6d7c83';

const question = (id: string): ExamQuestion => ({
  _id: id,
  question: `<p>${id}</p>`,
  questionType: 'text',
  file: null,
  options: [],
});

const sitting: UtmeSitting = {
  _id: 'sitting-1',
  ranked: true,
  duration: 120,
  startedAt: '2026-03-02T09:00:00.000Z',
  endsAt: '2026-03-02T11:00:00.000Z',
  serverTime: '2026-03-02T09:00:00.000Z',
  sections: [
    { subject: { _id: 'english', title: 'Use of English' }, questions: ['e1', 'e2', 'e3'].map(question) },
    { subject: { _id: MATHS, title: 'Mathematics' }, questions: ['m1', 'm2'].map(question) },
    { subject: { _id: PHYSICS, title: 'Physics' }, questions: ['p1', 'p2'].map(question) },
  ],
  answers: [{ question: 'm2', option: 'm2-a' }],
};

describe('the subjects in the address', () => {
  it('reads three different subject ids', () => {
    expect(sittingSubjects(`?subjects=${MATHS},${PHYSICS},${CHEMISTRY}`)).toEqual([
      MATHS,
      PHYSICS,
      CHEMISTRY,
    ]);
    expect(sittingSubjects(`?subjects=${MATHS}%2C${PHYSICS}%2C${CHEMISTRY}&x=1`)).toEqual([
      MATHS,
      PHYSICS,
      CHEMISTRY,
    ]);
  });

  it.each([
    ['none', ''],
    ['an empty list', '?subjects='],
    ['two subjects', `?subjects=${MATHS},${PHYSICS}`],
    ['four subjects', `?subjects=${MATHS},${PHYSICS},${CHEMISTRY},${MATHS}`],
    ['a repeated subject', `?subjects=${MATHS},${MATHS},${PHYSICS}`],
    ['something that is not an id', `?subjects=${MATHS},${PHYSICS},physics`],
  ])('refuses %s', (_name, search) => {
    expect(sittingSubjects(search)).toBeUndefined();
  });
});

describe('the sitting as one attempt', () => {
  it('lays the subjects end to end and says where each lies', () => {
    const { exam, sections } = flattenSitting(sitting);
    expect(exam.questions.map((item) => item._id)).toEqual(['e1', 'e2', 'e3', 'm1', 'm2', 'p1', 'p2']);
    expect(exam).toMatchObject({ _id: 'sitting-1', duration: 120, lifelines: [], answers: sitting.answers });
    expect(sections.map(({ subject, start, end }) => [subject.title, start, end])).toEqual([
      ['Use of English', 0, 3],
      ['Mathematics', 3, 5],
      ['Physics', 5, 7],
    ]);
    expect([0, 2, 3, 4, 5, 6].map((index) => sectionAt(sections, index))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('counts each subject for its tab and the submit dialog', () => {
    const { exam, sections } = flattenSitting(sitting);
    const ids = exam.questions.map((item) => item._id);
    const counts = sectionCounts(sections, ids, { e1: 'x', m1: 'x', m2: 'y', p2: 'z' }, ['e2', 'm1']);
    expect(counts.map(({ answered, total, flagged }) => [answered, total, flagged])).toEqual([
      [1, 3, 1],
      [2, 2, 1],
      [1, 2, 0],
    ]);
    expect(counts.map(sectionSummary)).toEqual([
      'Use of English: 2 unanswered, 1 flagged',
      'Mathematics: all answered, 1 flagged',
      'Physics: 1 unanswered',
    ]);
    expect(counts[0] && tabCountLabel(counts[0])).toBe(', 1 of 3 answered');
  });

  it('lists the unanswered and the flagged questions of each subject, numbered within it', () => {
    const { exam, sections } = flattenSitting(sitting);
    const ids = exam.questions.map((item) => item._id);
    const counts = sectionCounts(sections, ids, { e2: 'x', m2: 'y' }, ['e2', 'p2', 'e3']);
    // Each place: where the question lies in the sitting (for the jump) and its number in the subject.
    expect(counts.map(({ unansweredQuestions }) => unansweredQuestions)).toEqual([
      [
        { index: 0, number: 1 },
        { index: 2, number: 3 },
      ],
      [{ index: 3, number: 1 }],
      [
        { index: 5, number: 1 },
        { index: 6, number: 2 },
      ],
    ]);
    // Flagged in the sitting's order, whether answered (e2) or not, whatever order they were flagged in.
    expect(counts.map(({ flaggedQuestions }) => flaggedQuestions)).toEqual([
      [
        { index: 1, number: 2 },
        { index: 2, number: 3 },
      ],
      [],
      [{ index: 6, number: 2 }],
    ]);
    expect(counts.map(({ answered, flagged }) => [answered, flagged])).toEqual([
      [1, 2],
      [1, 0],
      [0, 1],
    ]);

    const physics = { _id: PHYSICS, title: 'Physics' };
    expect(questionButtonLabel(physics, { index: 6, number: 2 })).toBe('Physics question 2');
    expect(questionButtonLabel(physics, { index: 6, number: 2 }, true)).toBe('Physics question 2, flagged');
  });
});
