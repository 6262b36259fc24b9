import { describe, expect, it } from 'vitest';
import { paperSummary } from '../../../tests/support/offline-fixture.ts';
import type { OfflineQuestion } from '../../lib/api/offline.ts';
import { examFromPaper, isUsable, parseRun, uploadOf } from './offline-attempt.ts';
import {
  downloadedExamTypes,
  downloadedSubjects,
  downloadedYears,
  findDownload,
} from './offline-catalogue.ts';

const question = (n: number, image = false): OfflineQuestion => ({
  _id: `q${n}`,
  question: `<p>Q${n}</p>`,
  questionType: image ? 'diagram' : 'text',
  file: image ? { url: `/bank/q${n}.png` } : null,
  options: ['a', 'b'].map((letter) => ({
    _id: `q${n}-${letter}`,
    option: `<p>${letter}</p>`,
    optionType: image ? ('image' as const) : ('text' as const),
    file: image ? { url: `/bank/q${n}-${letter}.png` } : null,
  })),
  answer: `q${n}-a`,
  explanation: '<p>Why.</p>',
});

const summary = paperSummary;

const run = {
  clientId: 'c1',
  paperId: 'paper-1',
  startedAt: '2026-01-10T10:00:00.000Z',
  answers: { q1: 'q1-b', gone: 'x' },
};

describe('an offline attempt', () => {
  it('is built from the download without the key, its images at the phone’s addresses', () => {
    const exam = examFromPaper(
      { summary: summary(), questions: [question(1, true), question(2)] },
      run,
      (url) => `blob:${url}`,
      Date.parse('2026-01-10T10:05:00.000Z'),
    );
    expect(exam).toMatchObject({
      _id: 'offline-c1',
      duration: 30,
      startedAt: '2026-01-10T10:00:00.000Z',
      endsAt: '2026-01-10T10:30:00.000Z',
      serverTime: '2026-01-10T10:05:00.000Z',
      heading: { examType: 'WAEC', subject: 'Mathematics', year: '2019' },
      answers: [{ question: 'q1', option: 'q1-b' }],
      lifelines: [],
    });
    expect(exam.questions[0]?.file).toEqual({ url: 'blob:/bank/q1.png' });
    expect(exam.questions[0]?.options[1]?.file).toEqual({ url: 'blob:/bank/q1-b.png' });
    expect(exam.questions.some((item) => 'answer' in item || 'explanation' in item)).toBe(false);
  });

  it('uploads only answers to the paper’s questions with one of their options', () => {
    const upload = uploadOf(
      { summary: summary(), questions: [question(1), question(2)] },
      { ...run, answers: { q1: 'q1-b', q2: 'q9-a', gone: 'x' } },
      Date.parse('2026-01-10T10:20:00.000Z'),
    );
    expect(upload).toEqual({
      clientId: 'c1',
      paperId: 'paper-1',
      startedAt: '2026-01-10T10:00:00.000Z',
      finishedAt: '2026-01-10T10:20:00.000Z',
      answers: [{ question: 'q1', option: 'q1-b' }],
    });
  });

  it('finishes at the end of its time when it was submitted later (a phone asleep at the end)', () => {
    const upload = uploadOf(
      { summary: summary(), questions: [question(1)] },
      run,
      Date.parse('2026-01-10T15:00:00.000Z'),
    );
    expect(upload.finishedAt).toBe('2026-01-10T10:30:00.000Z');
  });

  it('reads back a stored run, and ignores one of another paper or not a run at all', () => {
    expect(parseRun(JSON.stringify(run), 'paper-1')).toEqual(run);
    expect(parseRun(JSON.stringify(run), 'paper-2')).toBeUndefined();
    expect(parseRun('{not json', 'paper-1')).toBeUndefined();
    expect(parseRun(JSON.stringify({ ...run, startedAt: 'soon' }), 'paper-1')).toBeUndefined();
    expect(parseRun(JSON.stringify({ ...run, answers: { q1: 5, q2: 'q2-a' } }), 'paper-1')?.answers).toEqual({
      q2: 'q2-a',
    });
  });

  it('is usable until the end of the plan it was downloaded under', () => {
    expect(isUsable(summary(), Date.parse('2026-01-31T23:59:59.000Z'))).toBe(true);
    expect(isUsable(summary(), Date.parse('2026-02-01T00:00:00.000Z'))).toBe(false);
    expect(isUsable(summary({ usableUntil: 'never' }), 0)).toBe(false);
  });
});

describe('the catalogue of the phone', () => {
  const papers = [
    summary(),
    summary({ paperId: 'p2', year: { _id: 'y2020', title: '2020' } }),
    summary({ paperId: 'p3', subject: { _id: 'eng', title: 'English' } }),
    summary({ paperId: 'p4', examType: { _id: 'jamb', title: 'JAMB' } }),
  ];

  it('lists each exam type, subject and year once', () => {
    expect(downloadedExamTypes(papers).map((item) => item.title)).toEqual(['JAMB', 'WAEC']);
    expect(downloadedSubjects(papers, 'waec').map((item) => item.title)).toEqual(['English', 'Mathematics']);
    expect(downloadedYears(papers, 'waec', 'maths').map((item) => item.title)).toEqual(['2019', '2020']);
  });

  it('finds the download of a choice', () => {
    const choice = { examType: { _id: 'waec' }, subject: { _id: 'maths' }, year: { _id: 'y2020' } };
    expect(findDownload(papers, choice)?.paperId).toBe('p2');
    expect(findDownload(papers, { ...choice, year: { _id: 'y1999' } })).toBeUndefined();
  });
});
