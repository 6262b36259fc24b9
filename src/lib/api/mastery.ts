/**
 * The topic-mastery contract of GET /api/v1/mastery, and the query of GET /api/v1/exam/topic that starts
 * a practice of one topic: the shapes the server builds (`satisfies` these types) and /profile reads.
 * Declared here once. The rules behind the numbers are in src/lib/mastery.ts.
 */

import type { MasteryLevel } from '../mastery.ts';

export type { MasteryLevel };

/** One topic of a subject, from the student's latest answers in it (at most MASTERY_RULES.window). */
export interface TopicMastery {
  /** The topic as the bank names it (questions.topic): what GET /exam/topic takes back. */
  topic: string;
  /** How many recent answers count; 0 for a topic not started. */
  answers: number;
  /** How many of them were right (a blank or skipped question is not right). */
  right: number;
  /** The share right as a whole percentage; null for a topic not started. */
  share: number | null;
  level: MasteryLevel;
}

/** A subject the student has answered questions in, with every topic its bank has. */
export interface SubjectMastery {
  subject: {
    _id: string;
    /** What GET /exam/topic takes as `subject`. */
    slug: string;
    title: string;
  };
  /**
   * The topics answered, strongest share first, then the topics of the subject's bank not met yet (level
   * 'not-started'), by name.
   */
  topics: TopicMastery[];
  /** The weakest topics, weakest first (at most MASTERY_RULES.weakest): the ones to practise. */
  weakest: TopicMastery[];
}

/** What GET /api/v1/mastery answers: one entry per subject practised, by title. */
export interface MasteryOverview {
  /** How many of a topic's latest answers count (MASTERY_RULES.window). */
  window: number;
  subjects: SubjectMastery[];
}

/** GET /api/v1/exam/topic's query: a subject's slug and one of its topics, as GET /mastery names them. */
export interface TopicPracticeQuery {
  subject: string;
  topic: string;
}

/** How many questions a topic practice draws (fewer when the topic has fewer). */
export const TOPIC_PRACTICE_QUESTIONS = 10;
