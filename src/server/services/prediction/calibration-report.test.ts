import { describe, expect, it } from 'vitest';
import type { CalibrationReport, SubjectCalibration } from './calibration.ts';
import type { Misfit } from './calibration-misfits.ts';
import { misfitHint, misfitSection, misfitsCsv, savedLine, subjectLine } from './calibration-report.ts';

const misfit = (overrides: Partial<Misfit> = {}): Misfit => ({
  questionId: 'id-1',
  examType: 'JAMB',
  subject: 'Mathematics',
  year: 2019,
  number: 12,
  questionKey: 'jamb-mathematics-2019-12',
  topic: 'Indices',
  answer: 'C',
  answers: 1234,
  difficulty: 1.8349,
  discrimination: 0.38,
  infit: 1.41,
  outfit: 1.72,
  ...overrides,
});

const subject = (overrides: Partial<SubjectCalibration> = {}): SubjectCalibration => ({
  subjectId: 's1',
  subject: 'Mathematics',
  students: 1520,
  questions: 412,
  answers: 23_456,
  iterations: 37,
  converged: true,
  items: [],
  ...overrides,
});

const report = (runId: string | null, subjects: SubjectCalibration[]): CalibrationReport => ({
  runId,
  startedAt: new Date('2026-03-02T09:00:00Z'),
  finishedAt: new Date('2026-03-02T09:01:00Z'),
  students: 1520,
  subjects,
});

describe('misfitHint', () => {
  it('sends answers that run against ability to the key', () => {
    expect(misfitHint({ discrimination: 0.3, infit: 1.0, outfit: 1.1 })).toMatch(/check the key$/);
    expect(misfitHint({ discrimination: 1, infit: 1.4, outfit: 1.5 })).toMatch(/check the key$/);
  });

  it('names what else each kind of misfit most often means', () => {
    expect(misfitHint({ discrimination: 1, infit: 1.4, outfit: 1.2 })).toMatch(/unclear stem or two right/);
    expect(misfitHint({ discrimination: 1, infit: 1.1, outfit: 1.6 })).toMatch(/clue or a trap/);
    expect(misfitHint({ discrimination: 1.6, infit: 0.6, outfit: 0.5 })).toMatch(/more predictable/);
  });
});

describe('the report', () => {
  it('says per subject what was learnt and whether the model converged', () => {
    expect(subjectLine(subject())).toBe(
      'Mathematics: 1,520 students, 412 questions, 23,456 answers; 37 iterations, converged',
    );
    expect(subjectLine(subject({ converged: false, iterations: 200 }))).toMatch(
      /200 iterations, did not converge$/,
    );
  });

  it('lists each misfit with where it is, its numbers and a hint', () => {
    const lines = misfitSection([misfit(), misfit({ topic: null, number: 3, infit: null, outfit: 0.55 })]);
    expect(lines[0]).toBe(
      '2 question(s) fit badly (infit or outfit outside 0.70–1.30, with at least 30 answers; or a discrimination under 0.40, with at least 150).',
    );
    expect(lines.slice(-7)).toEqual([
      'JAMB Mathematics 2019, question 12 (jamb-mathematics-2019-12), answer C, topic Indices',
      '  1,234 answers, difficulty 1.83, discrimination 0.38, infit 1.41, outfit 1.72',
      '  more able students get it wrong: check the key',
      '',
      'JAMB Mathematics 2019, question 3 (jamb-mathematics-2019-12), answer C',
      '  1,234 answers, difficulty 1.83, discrimination 0.38, infit -, outfit 0.55',
      '  more able students get it wrong: check the key',
    ]);
    expect(misfitSection([])).toEqual([
      'No question fits badly (infit or outfit outside 0.70–1.30, with at least 30 answers; or a discrimination under 0.40, with at least 150).',
    ]);
  });

  it('ends with what was saved, or that a dry run saved nothing', () => {
    const two = [subject(), subject({ questions: 8 })];
    expect(savedLine(report('run-1', two))).toBe('Saved the parameters of 420 question(s) in 2 subject(s).');
    expect(savedLine(report(null, two))).toBe(
      'Dry run: calibrated 420 question(s) in 2 subject(s); nothing was saved.',
    );
    expect(savedLine(report('run-1', []))).toBe('No answers to learn from yet: nothing was calibrated.');
  });

  it('writes the misfits as CSV a spreadsheet reads as text, quoting what needs it', () => {
    const csv = misfitsCsv([misfit({ topic: 'Sets, relations', questionKey: '=cmd' })]);
    expect(csv.startsWith('\uFEFFExam type,Subject,Year,No.,Question ID,Topic,Answer,Answers,')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      'JAMB,Mathematics,2019,12,\'=cmd,"Sets, relations",C,1234,1.8349,0.38,1.41,1.72,more able students get it wrong: check the key',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
