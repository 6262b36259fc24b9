/**
 * What the quiz works with: the exam payload of GET /api/v1/exam and /exam/daily, the navigation state
 * each quiz page needs, and the built-in sample set for an empty quiz (spec §2).
 */
import { type contestApi, examApi, masteryApi } from '../../lib/api/endpoints.ts';
import type {
  ExamOption,
  ExamPayload,
  ExamQuestion,
  LifelineKind,
  LifelineOutcome,
  LifelineUse,
} from '../../lib/api/exam.ts';
import { topicPracticeTitle } from '../../lib/mastery.ts';
import { type Outcome, tally } from '../../lib/scoring.ts';

export type { ExamOption, ExamPayload, ExamQuestion, LifelineKind, LifelineOutcome, LifelineUse };

import type { QuizAnswer, QuizResult } from '../results/result.ts';

/**
 * Which quiz a page runs: a full exam (/test), the daily test (/daily-test) or a contest's open level
 * (/contest-play?id=…, src/islands/contests/contest-play.ts).
 */
export type QuizMode = 'exam' | 'daily' | 'contest';

interface Choice {
  _id: string;
  title?: string;
}

/**
 * The navigation state that opens /test on a practice of one topic ("Practise this topic" on /profile):
 * `{ topicPractice: { subject: { slug, title }, topic } }`.
 */
export interface TopicPracticeChoice {
  subject: { slug: string; title: string };
  topic: string;
}

/** Where a quiz is fetched: the endpoint's binding, and the query or path parameters it is called with. */
export type QuizSource =
  | { binding: typeof examApi.paper; query: { exam: 'new'; examType: string; subject: string; year: string } }
  | { binding: typeof examApi.daily; query: { subject: string } }
  | { binding: typeof masteryApi.topic; query: { subject: string; topic: string } }
  | { binding: typeof contestApi.level; params: { id: string } };

/** The binding of a quiz's source. */
export type QuizBinding = QuizSource['binding'];

/** How to fetch and submit the quiz that the navigation state names. */
export type QuizRequest = QuizSource & {
  mode: QuizMode;
  /** A contest level's contest, to which the level is handed in. */
  contestId?: string;
  /** The subject's id, by which a daily test is submitted; '' for a topic practice (submitted by attempt). */
  subjectId: string;
  /** Titles from the earlier screens, shown until the server's heading arrives. */
  title: string;
  subjectTitle: string;
  /** "Take offline" on /select-year: run the paper downloaded on the phone, whatever the connection. */
  offline?: boolean;
};

/** The request when it fetches from `binding` (narrowed to that source), else undefined. */
export function requestOf<B extends QuizBinding>(
  request: QuizRequest | undefined,
  binding: B,
): Extract<QuizRequest, { binding: B }> | undefined {
  return request?.binding === binding ? (request as Extract<QuizRequest, { binding: B }>) : undefined;
}

function choice(value: unknown): Choice | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { _id, title } = value as Record<string, unknown>;
  if (typeof _id !== 'string' || _id === '') return undefined;
  return typeof title === 'string' ? { _id, title } : { _id };
}

/** A topic practice's request, from state holding a TopicPracticeChoice; undefined for any other state. */
function topicPracticeRequest(value: unknown): QuizRequest | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { subject, topic } = value as Partial<Record<keyof TopicPracticeChoice, unknown>>;
  const { slug, title } = (subject ?? {}) as Record<string, unknown>;
  if (typeof slug !== 'string' || slug === '' || typeof topic !== 'string' || topic === '') return undefined;
  const subjectTitle = typeof title === 'string' ? title : '';
  return {
    mode: 'exam',
    binding: masteryApi.topic,
    query: { subject: slug, topic },
    subjectId: '',
    title: topicPracticeTitle(subjectTitle, topic),
    subjectTitle,
  };
}

/**
 * The request of the state a quiz page was opened with: /test needs examType, subject and year, each with
 * an _id, or a topic practice's subject and topic; /daily-test needs the subject. Undefined means the page
 * goes home (spec §2).
 */
export function quizRequestFromState(mode: QuizMode, state: unknown): QuizRequest | undefined {
  const source = (state ?? {}) as Record<string, unknown>;
  if (mode === 'exam' && source.topicPractice !== undefined)
    return topicPracticeRequest(source.topicPractice);
  const subject = choice(source.subject);
  if (!subject) return undefined;
  if (mode === 'daily') {
    return {
      mode,
      binding: examApi.daily,
      query: { subject: subject._id },
      subjectId: subject._id,
      title: `Daily Test: ${subject.title ?? ''}`.trim(),
      subjectTitle: subject.title ?? '',
    };
  }
  const examType = choice(source.examType);
  const year = choice(source.year);
  if (!examType || !year) return undefined;
  return {
    mode,
    binding: examApi.paper,
    query: { exam: 'new', examType: examType._id, subject: subject._id, year: year._id },
    subjectId: subject._id,
    title: [examType.title, subject.title, year.title].filter(Boolean).join(' '),
    subjectTitle: subject.title ?? '',
    ...(source.offline === true ? { offline: true } : {}),
  };
}

/** Subjects that get the calculator: Mathematics (any kind), Physics, Chemistry, Biology and Economics. */
export function subjectHasCalculator(subject: string | undefined): boolean {
  return /mathematics|physics|chemistry|biology|economics/i.test(subject ?? '');
}

/**
 * The title over the quiz: "JAMB Mathematics 2020", "Daily Test: Mathematics", a topic practice's, or a
 * contest level's, "Saturday Maths Challenge: Level 1 of 2".
 */
export function quizTitle(exam: Pick<ExamPayload, 'kind' | 'heading'>, fallback: string): string {
  if (!exam.heading) return fallback;
  if (exam.kind === 'daily') return `Daily Test: ${exam.heading.subject}`;
  if (exam.kind === 'contest') return `${exam.heading.examType}: ${exam.heading.year}`;
  if (exam.kind === 'topic') return topicPracticeTitle(exam.heading.subject, exam.heading.topic ?? '');
  return `${exam.heading.examType} ${exam.heading.subject} ${exam.heading.year}`;
}

/** A question whose key the phone holds: the sample set's, or a downloaded paper's. */
export interface KeyedQuestion extends ExamQuestion {
  answer: string;
  explanation: string;
}

const sampleOption = (id: string, text: string): ExamOption => ({
  _id: id,
  option: `<p>${text}</p>`,
  optionType: 'text',
  file: null,
});

/** The built-in sample set, used only when the server sends a quiz without questions (spec §2). */
export const SAMPLE_QUESTIONS: KeyedQuestion[] = [
  {
    _id: 'sample-1',
    question: '<p>What is 7 × 8?</p>',
    questionType: 'text',
    file: null,
    options: [
      sampleOption('sample-1-a', '54'),
      sampleOption('sample-1-b', '56'),
      sampleOption('sample-1-c', '64'),
      sampleOption('sample-1-d', '48'),
    ],
    answer: 'sample-1-b',
    explanation: '<p>7 × 8 = 56: seven groups of eight.</p>',
  },
  {
    _id: 'sample-2',
    question: '<p>Which city is the capital of Nigeria?</p>',
    questionType: 'text',
    file: null,
    options: [
      sampleOption('sample-2-a', 'Lagos'),
      sampleOption('sample-2-b', 'Kano'),
      sampleOption('sample-2-c', 'Abuja'),
      sampleOption('sample-2-d', 'Port Harcourt'),
    ],
    answer: 'sample-2-c',
    explanation: '<p>Abuja became the capital of Nigeria on 12 December 1991, taking over from Lagos.</p>',
  },
  {
    _id: 'sample-3',
    question: '<p>Choose the word closest in meaning to <em>begin</em>.</p>',
    questionType: 'text',
    file: null,
    options: [
      sampleOption('sample-3-a', 'finish'),
      sampleOption('sample-3-b', 'pause'),
      sampleOption('sample-3-c', 'delay'),
      sampleOption('sample-3-d', 'start'),
    ],
    answer: 'sample-3-d',
    explanation:
      '<p>To <em>begin</em> is to <em>start</em>; the other words describe stopping or waiting.</p>',
  },
];

/**
 * Scores answers on the phone with the same rules as the server (+5 right, −2 wrong, 0 blank), into the
 * result /award and /review-answers read: the sample set's, and a downloaded paper's taken offline.
 */
export function scoreOnPhone(
  questions: readonly KeyedQuestion[],
  answers: Readonly<Record<string, string>>,
  minutes: number,
  id: string,
): QuizResult {
  const outcomes: Outcome[] = [];
  const quizAnswers: QuizAnswer[] = questions.map((question) => {
    const picked = question.options.find((option) => option._id === answers[question._id]);
    const right = question.options.find((option) => option._id === question.answer);
    const isCorrect = picked !== undefined && picked._id === question.answer;
    outcomes.push(picked === undefined ? 'blank' : isCorrect ? 'right' : 'wrong');
    return {
      questionId: question._id,
      ...(question.passage ? { passage: question.passage } : {}),
      question: question.question,
      userAnswer: picked?.option ?? null,
      correctAnswer: right?.option ?? '',
      isCorrect,
      explanation: question.explanation,
    };
  });
  return {
    _id: id,
    kind: 'exam',
    counted: false,
    credit: null,
    answersOpenAt: null,
    ...tally(outcomes),
    timeSpent: minutes,
    quizAnswers,
  };
}

/** Scores the sample set on the phone with the same rules as the server: +5 right, −2 wrong, 0 blank. */
export function scoreSample(answers: Readonly<Record<string, string>>, minutes: number): QuizResult {
  return scoreOnPhone(SAMPLE_QUESTIONS, answers, minutes, 'sample');
}
