import { describe, expect, it } from 'vitest';
import { examApi, masteryApi } from '../../lib/api/endpoints.ts';
import {
  quizRequestFromState,
  quizTitle,
  SAMPLE_QUESTIONS,
  scoreSample,
  subjectHasCalculator,
} from './quiz-paper.ts';

const examType = { _id: 'et1', title: 'JAMB' };
const subject = { _id: 's1', title: 'Mathematics' };
const year = { _id: 'y1', title: '2020' };

describe('the navigation state of the quiz pages', () => {
  it('/test needs examType, subject and year, each with an _id', () => {
    expect(quizRequestFromState('exam', { examType, subject, year })).toEqual({
      mode: 'exam',
      binding: examApi.paper,
      query: { exam: 'new', examType: 'et1', subject: 's1', year: 'y1' },
      subjectId: 's1',
      title: 'JAMB Mathematics 2020',
      subjectTitle: 'Mathematics',
    });
    expect(quizRequestFromState('exam', { examType, subject })).toBeUndefined();
    expect(quizRequestFromState('exam', { examType, subject, year: { title: '2020' } })).toBeUndefined();
    expect(quizRequestFromState('exam', undefined)).toBeUndefined();
  });

  it('/daily-test needs the subject', () => {
    expect(quizRequestFromState('daily', { subject })).toMatchObject({
      binding: examApi.daily,
      query: { subject: 's1' },
      title: 'Daily Test: Mathematics',
    });
    expect(quizRequestFromState('daily', { subject: { _id: '' } })).toBeUndefined();
    expect(quizRequestFromState('daily', null)).toBeUndefined();
  });

  it('/test runs a topic practice from its subject’s slug and topic', () => {
    const topicPractice = { subject: { slug: 'mathematics', title: 'Mathematics' }, topic: 'Surds' };
    expect(quizRequestFromState('exam', { topicPractice })).toEqual({
      mode: 'exam',
      binding: masteryApi.topic,
      query: { subject: 'mathematics', topic: 'Surds' },
      subjectId: '',
      title: 'Mathematics › Surds (practice)',
      subjectTitle: 'Mathematics',
    });
    expect(quizRequestFromState('exam', { topicPractice: { ...topicPractice, topic: '' } })).toBeUndefined();
    expect(quizRequestFromState('exam', { topicPractice: { topic: 'Surds' } })).toBeUndefined();
    expect(quizRequestFromState('daily', { topicPractice })).toBeUndefined();
  });

  it('titles the quiz from the server heading', () => {
    const heading = { examType: 'WAEC', subject: 'Physics', year: '2020' };
    expect(quizTitle({ kind: 'exam', heading }, 'x')).toBe('WAEC Physics 2020');
    expect(quizTitle({ kind: 'daily', heading }, 'x')).toBe('Daily Test: Physics');
    expect(quizTitle({ kind: 'exam', heading: null }, 'fallback')).toBe('fallback');
    const topic = { examType: 'Topic practice', subject: 'Physics', year: '', topic: 'Waves' };
    expect(quizTitle({ kind: 'topic', heading: topic }, 'x')).toBe('Physics › Waves (practice)');
  });
});

describe('the built-in sample set', () => {
  it('has three questions of four options', () => {
    expect(SAMPLE_QUESTIONS).toHaveLength(3);
    for (const question of SAMPLE_QUESTIONS) expect(question.options).toHaveLength(4);
  });

  it('is scored with the server rules: +5 right, −2 wrong, 0 blank', () => {
    const result = scoreSample({ 'sample-1': 'sample-1-b', 'sample-2': 'sample-2-a' }, 1.5);
    expect(result).toMatchObject({
      score: 3,
      totalQuestions: 3,
      correctAnswer: 1,
      wrongAnswer: 1,
      unanswered: 1,
      scoreAccuracy: 33,
      timeSpent: 1.5,
    });
    expect(result.quizAnswers.map((answer) => [answer.userAnswer, answer.isCorrect])).toEqual([
      ['<p>56</p>', true],
      ['<p>Lagos</p>', false],
      [null, false],
    ]);
  });
});

describe('which subjects get the calculator', () => {
  it('is Mathematics and the sciences', () => {
    for (const subject of [
      'Mathematics',
      'Further Mathematics',
      'PHYSICS',
      'Chemistry',
      'Biology',
      'Economics',
    ]) {
      expect(subjectHasCalculator(subject)).toBe(true);
    }
    for (const subject of ['English', 'Government', 'Literature', undefined]) {
      expect(subjectHasCalculator(subject)).toBe(false);
    }
  });
});
