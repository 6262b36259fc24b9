/**
 * What the results screens read: the result of a submitted quiz (POST /api/v1/exam/answer), handed from
 * the quiz to /award and from /award to /review-answers as navigation state, and the spec's fallbacks.
 */

import type { QuizResult } from '../../lib/api/exam.ts';
import { creditFromState, creditLine } from '../../lib/ranking.ts';
import type { QuizAnswer } from '../../lib/scoring.ts';

export type { QuizAnswer, QuizResult };

/** The state /award is opened with. */
export interface AwardState {
  result: QuizResult;
  user: { firstName: string; lastName: string };
  /** What was taken ("JAMB Mathematics 2020"), shown under the headline. */
  title?: string;
  /** The result was worked out on the phone for the built-in sample questions. */
  sample?: boolean;
  /** A downloaded paper taken on the phone: it goes to the history once online, never to the leaderboard. */
  offline?: boolean;
}

/** The state /review-answers is opened with. */
export interface ReviewState {
  quizAnswers: QuizAnswer[];
  /** The answers are the built-in samples, not the student's. */
  sample?: boolean;
  /** The scored attempt, so the page can read its result again once withheld answers open. */
  exam?: string;
  /** When withheld answers open (see QuizResult), or null when they are shown. */
  answersOpenAt?: string | null;
  /** What was handed in: why answers are withheld differs for a daily test and a topic practice. */
  kind?: QuizResult['kind'];
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

function isQuizAnswer(value: unknown): value is QuizAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    typeof answer.question === 'string' &&
    isTextOrNull(answer.userAnswer) &&
    isTextOrNull(answer.correctAnswer) &&
    (answer.isCorrect === null || typeof answer.isCorrect === 'boolean')
  );
}

/** The quiz answers in a state object; entries that are not answers are dropped. */
export function quizAnswersFromState(state: unknown): QuizAnswer[] {
  const list = (state as { quizAnswers?: unknown } | null | undefined)?.quizAnswers;
  if (!Array.isArray(list)) return [];
  return list.filter(isQuizAnswer).map((answer, index) => ({
    ...answer,
    questionId: typeof answer.questionId === 'string' ? answer.questionId : `answer-${index + 1}`,
    explanation: isTextOrNull(answer.explanation) ? answer.explanation : '',
  }));
}

/** When withheld answers open, from a state object: a valid time, or null. */
export function answersOpenAtFromState(state: unknown): string | null {
  const value = (state as { answersOpenAt?: unknown } | null | undefined)?.answersOpenAt;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** The award state, or undefined when /award was opened without a usable result (it then goes home). */
export function awardStateFromState(state: unknown): AwardState | undefined {
  const candidate = state as Partial<AwardState> | null | undefined;
  const result = candidate?.result as Partial<QuizResult> | undefined;
  if (
    !result ||
    !isNumber(result.scoreAccuracy) ||
    !isNumber(result.totalQuestions) ||
    !isNumber(result.correctAnswer)
  ) {
    return undefined;
  }
  const wrongAnswer = isNumber(result.wrongAnswer)
    ? result.wrongAnswer
    : result.totalQuestions - result.correctAnswer;
  return {
    result: {
      _id: typeof result._id === 'string' ? result._id : '',
      kind: result.kind === 'daily' || result.kind === 'topic' ? result.kind : 'exam',
      counted: result.counted !== false,
      credit: creditFromState(result.credit),
      answersOpenAt: answersOpenAtFromState(result),
      score: isNumber(result.score) ? result.score : 0,
      totalQuestions: result.totalQuestions,
      correctAnswer: result.correctAnswer,
      wrongAnswer,
      unanswered: isNumber(result.unanswered)
        ? result.unanswered
        : Math.max(0, result.totalQuestions - result.correctAnswer - wrongAnswer),
      scoreAccuracy: result.scoreAccuracy,
      timeSpent: isNumber(result.timeSpent) ? result.timeSpent : 0,
      quizAnswers: quizAnswersFromState(result),
    },
    user: {
      firstName: candidate?.user?.firstName ?? '',
      lastName: candidate?.user?.lastName ?? '',
    },
    ...(typeof candidate?.title === 'string' ? { title: candidate.title } : {}),
    ...(candidate?.sample ? { sample: true } : {}),
    ...(candidate?.offline ? { offline: true } : {}),
  };
}

/**
 * The Wrong Answers card: total minus correct (spec §3), so a question left unanswered or skipped counts
 * as well as one answered wrongly.
 */
export function wrongAnswersCard(result: Pick<QuizResult, 'totalQuestions' | 'correctAnswer'>): number {
  return Math.max(0, result.totalQuestions - result.correctAnswer);
}

/** The line under the cards about the questions left blank, which cost no points; none when there are none. */
export function unansweredLine(unanswered: number): string | undefined {
  if (unanswered <= 0) return undefined;
  return unanswered === 1
    ? '1 question was not answered. It counts among the wrong answers but costs no points.'
    : `${unanswered} questions were not answered. They count among the wrong answers but cost no points.`;
}

/** The two built-in answers /review-answers shows when a result carries none (spec §2). */
export const SAMPLE_QUIZ_ANSWERS: QuizAnswer[] = [
  {
    questionId: 'sample-answer-1',
    question: '<p>What is the capital of Nigeria?</p>',
    userAnswer: '<p>Lagos</p>',
    correctAnswer: '<p>Abuja</p>',
    isCorrect: false,
    explanation: '<p>Abuja became the capital of Nigeria on 12 December 1991, taking over from Lagos.</p>',
  },
  {
    questionId: 'sample-answer-2',
    question: '<p>What is 7 × 8?</p>',
    userAnswer: '<p>56</p>',
    correctAnswer: '<p>56</p>',
    isCorrect: true,
    explanation: '<p>7 × 8 = 56: seven groups of eight.</p>',
  },
];

/** What Review Answers hands on: the result's answers, or the two samples when it has none. */
export function reviewStateFor(result: QuizResult): ReviewState {
  if (result.quizAnswers.length === 0) return { quizAnswers: SAMPLE_QUIZ_ANSWERS, sample: true };
  return {
    quizAnswers: result.quizAnswers,
    exam: result._id,
    answersOpenAt: result.answersOpenAt,
    kind: result.kind,
  };
}

const westAfricaTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * The line that says when withheld answers open, in West Africa Time: a daily test's after midnight, a topic
 * practice's once the test it shares questions with is closed (the ranking rule: docs/decisions/093).
 */
export function answersOpenLine(answersOpenAt: string, kind?: QuizResult['kind']): string {
  const when = westAfricaTime.format(new Date(answersOpenAt));
  if (kind === 'topic') {
    return `Some of these questions are in a test you have open, so the correct answers, explanations and which questions you got right open when you hand that test in, or at the latest when its time is up (${when} WAT). Until then you see only your totals.`;
  }
  return `The correct answers, explanations and which questions you got right open after midnight (${when} WAT), once the last of today's daily tests has been handed in. Until then you see only your totals.`;
}

/** What /award says about a downloaded paper taken on the phone. */
export const OFFLINE_LINE =
  'Taken offline and marked on this phone. It goes into your history the next time you are online, and, like every downloaded paper, it does not count towards the leaderboard.';

/** What /award says about a result that did not count towards the leaderboard. */
export const PRACTICE_LINE =
  'Practice attempt: only your first attempt at each paper counts towards the leaderboard, so these points were not added to your total.';

/** What /award says about a topic practice, which never counts towards the leaderboard. */
export const TOPIC_PRACTICE_LINE =
  'Topic practice: these answers update your topic mastery on your profile, but the points are not added to your leaderboard total.';

/** What /award says about a daily test that could not count: its account has not confirmed its email. */
export const DAILY_PRACTICE_LINE =
  'Practice: only the daily tests of accounts with a confirmed email address count towards the Leader Board.';

/** The line /award shows about a result that did not count: a topic practice's, a retake's, a daily's. */
export function practiceLine(result: Pick<QuizResult, 'kind'>): string {
  if (result.kind === 'daily') return DAILY_PRACTICE_LINE;
  return result.kind === 'topic' ? TOPIC_PRACTICE_LINE : PRACTICE_LINE;
}

/**
 * The line /award shows about what a result added to the Leader Board: how many questions counted and why
 * the others did not (the ranking rule); a practice line for a result that could not count at all.
 */
export function rankingLine(result: Pick<QuizResult, 'kind' | 'counted' | 'credit' | 'totalQuestions'>) {
  if (result.credit) return creditLine(result.credit, result.totalQuestions);
  return result.counted ? undefined : practiceLine(result);
}

/** The Share Score text (spec §2), with the celebration emoji. */
export function shareText(scoreAccuracy: number): string {
  return `I scored ${scoreAccuracy}% on the quiz! 🎉`;
}

/** The alert after the score is copied (spec §8). */
export const SCORE_COPIED_MESSAGE = 'Score copied to clipboard! Share it with your friends!';

/** The message of /review-answers without answers (spec §2). */
export const NO_ANSWERS_MESSAGE = 'No quiz answers found. Please take a quiz first.';
