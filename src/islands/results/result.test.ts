import { describe, expect, it } from 'vitest';
import {
  answersOpenLine,
  awardStateFromState,
  PRACTICE_LINE,
  practiceLine,
  type QuizResult,
  quizAnswersFromState,
  reviewStateFor,
  SAMPLE_QUIZ_ANSWERS,
  shareText,
  unansweredLine,
  wrongAnswersCard,
} from './result.ts';

const result: QuizResult = {
  _id: 'r1',
  kind: 'exam',
  counted: true,
  credit: null,
  answersOpenAt: null,
  score: 13,
  totalQuestions: 5,
  correctAnswer: 3,
  wrongAnswer: 1,
  unanswered: 1,
  scoreAccuracy: 60,
  timeSpent: 2.5,
  quizAnswers: [
    {
      questionId: 'q1',
      question: '<p>Q</p>',
      userAnswer: null,
      correctAnswer: '<p>B</p>',
      isCorrect: false,
      explanation: '',
    },
  ],
};

describe('the results state', () => {
  it('reads a full award state', () => {
    const state = awardStateFromState({
      result,
      user: { firstName: 'Aisha', lastName: 'Bello' },
      title: 'JAMB',
    });
    expect(state).toEqual({ result, user: { firstName: 'Aisha', lastName: 'Bello' }, title: 'JAMB' });
  });

  it('keeps a topic practice as one, and says so instead of the retake line', () => {
    const topic = awardStateFromState({ result: { ...result, kind: 'topic', counted: false }, user: {} });
    expect(topic?.result.kind).toBe('topic');
    expect(practiceLine({ kind: 'topic' })).toMatch(
      /^Topic practice: these answers update your topic mastery/,
    );
    expect(practiceLine({ kind: 'exam' })).toBe(PRACTICE_LINE);
  });

  it('refuses a missing or broken result, so /award can go home', () => {
    expect(awardStateFromState(undefined)).toBeUndefined();
    expect(awardStateFromState({})).toBeUndefined();
    expect(awardStateFromState({ result: { scoreAccuracy: '60' } })).toBeUndefined();
  });

  it('derives wrong answers as total minus correct when a result lacks them (spec §3)', () => {
    const state = awardStateFromState({ result: { scoreAccuracy: 40, totalQuestions: 5, correctAnswer: 2 } });
    expect(state?.result).toMatchObject({ wrongAnswer: 3, unanswered: 0, score: 0, quizAnswers: [] });
    expect(state?.user).toEqual({ firstName: '', lastName: '' });
  });

  it('counts unanswered questions among the Wrong Answers card: total minus correct (spec §3)', () => {
    // 5 questions: 3 right, 1 wrong, 1 left blank.
    expect(wrongAnswersCard(result)).toBe(2);
    expect(wrongAnswersCard({ totalQuestions: 20, correctAnswer: 0 })).toBe(20);
    expect(wrongAnswersCard({ totalQuestions: 20, correctAnswer: 20 })).toBe(0);
  });

  it('says how many were not answered in a sentence, unpadded, and nothing when all were', () => {
    expect(unansweredLine(1)).toBe(
      '1 question was not answered. It counts among the wrong answers but costs no points.',
    );
    expect(unansweredLine(3)).toBe(
      '3 questions were not answered. They count among the wrong answers but cost no points.',
    );
    expect(unansweredLine(0)).toBeUndefined();
  });

  it('hands Review Answers the answers, or the two samples when there are none', () => {
    expect(reviewStateFor(result)).toEqual({
      quizAnswers: result.quizAnswers,
      exam: 'r1',
      answersOpenAt: null,
      kind: result.kind,
    });
    expect(reviewStateFor({ ...result, quizAnswers: [] })).toEqual({
      quizAnswers: SAMPLE_QUIZ_ANSWERS,
      sample: true,
    });
    expect(SAMPLE_QUIZ_ANSWERS).toHaveLength(2);
  });

  it('keeps only well-formed answers from state', () => {
    const answers = quizAnswersFromState({ quizAnswers: [result.quizAnswers[0], { question: 1 }, null] });
    expect(answers).toEqual(result.quizAnswers);
    expect(quizAnswersFromState(null)).toEqual([]);
  });

  it('says why answers are withheld: a daily test’s open after midnight, a topic practice’s with the open test', () => {
    const at = '2026-03-02T23:10:30.000Z';
    expect(answersOpenLine(at, 'daily')).toMatch(
      /^The correct answers.*open after midnight \(.*00:10.*WAT\)/,
    );
    expect(answersOpenLine(at)).toBe(answersOpenLine(at, 'daily'));
    expect(answersOpenLine(at, 'topic')).toMatch(
      /^Some of these questions are in a test you have open.*when you hand that test in.*\(.*00:10.*WAT\)/,
    );
  });

  it('writes the share text with the accuracy and an emoji', () => {
    expect(shareText(60)).toBe('I scored 60% on the quiz! 🎉');
  });
});
