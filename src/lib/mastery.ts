/**
 * Topic mastery (docs/learning.md): how a student's recent answers in a topic become a level, and which
 * topics are their weakest. The server builds GET /api/v1/mastery with these rules and /profile explains the
 * levels with the same numbers, so both read them from here.
 */

/** The levels, weakest first. */
export const MASTERY_LEVELS = ['not-started', 'practising', 'familiar', 'mastered'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** How each level is named on screen. */
export const MASTERY_LEVEL_NAMES: Record<MasteryLevel, string> = {
  'not-started': 'Not started',
  practising: 'Practising',
  familiar: 'Familiar',
  mastered: 'Mastered',
};

/** The numbers behind the levels. Shares are whole percentages of right answers. */
export const MASTERY_RULES = {
  /**
   * Only a topic's latest answers count, so that a student who has improved is not held back by old
   * mistakes: this many, newest first.
   */
  window: 20,
  /** Familiar: at least this share right… */
  familiarShare: 60,
  /** …of at least this many answers (fewer say too little to judge a topic by). */
  judgeFrom: 3,
  /** Mastered: at least this share right… */
  masteredShare: 80,
  /** …of at least this many answers. */
  masteredFrom: 10,
  /** How many weakest topics a subject lists. */
  weakest: 3,
} as const;

/** The share of answers that were right, as a whole percentage; null when there are none. */
export function shareOf(answers: number, right: number): number | null {
  return answers > 0 ? Math.round((right / answers) * 100) : null;
}

/**
 * The level of a topic from its recent answers (at most MASTERY_RULES.window of them) and how many were
 * right: not started with none; mastered at 80% or more of at least 10; familiar at 60% or more of at
 * least 3; practising otherwise.
 */
export function masteryLevel(answers: number, right: number): MasteryLevel {
  const share = shareOf(answers, right);
  if (share === null) return 'not-started';
  if (answers >= MASTERY_RULES.masteredFrom && share >= MASTERY_RULES.masteredShare) return 'mastered';
  if (answers >= MASTERY_RULES.judgeFrom && share >= MASTERY_RULES.familiarShare) return 'familiar';
  return 'practising';
}

/** What the weakest topics are chosen from: a topic's name, recent answers and share. */
export interface TopicScore {
  topic: string;
  answers: number;
  share: number | null;
}

/**
 * A subject's weakest topics, weakest first: the lowest shares among the topics with enough answers to
 * judge (at least 3) and under the mastered share (80%): a topic answered that well is not weak, even
 * before it has the answers to be mastered. Equal shares put the topic with more answers first (more
 * evidence that it is weak), then go by name, so the list is the same on every phone.
 */
export function weakestTopics<Topic extends TopicScore>(topics: readonly Topic[]): Topic[] {
  return topics
    .filter(
      (topic) =>
        topic.share !== null &&
        topic.share < MASTERY_RULES.masteredShare &&
        topic.answers >= MASTERY_RULES.judgeFrom,
    )
    .sort(
      (a, b) =>
        (a.share ?? 0) - (b.share ?? 0) || b.answers - a.answers || a.topic.localeCompare(b.topic, 'en'),
    )
    .slice(0, MASTERY_RULES.weakest);
}

/** How a practice of one topic is titled, on the quiz, the result and the history. */
export function topicPracticeTitle(subject: string, topic: string): string {
  return `${subject} › ${topic} (practice)`;
}
