/**
 * The predicted UTME score and the plan to exam day (docs/prediction.md): the shapes of GET /api/v1/prediction,
 * GET and PUT /api/v1/prediction/plan and GET /api/v1/prediction/today, which /utme, /profile and home read.
 * Declared here once; the server builds them (`satisfies` these types).
 */

export const PREDICTION = {
  /**
   * Answers a subject needs before its prediction is shown: about one sitting's worth of questions answered
   * before their keys were seen. Below it the range is too wide to help.
   */
  minAnswers: 40,
  /** The share of likely sittings the range holds: from the 10th to the 90th percentile. */
  rangeShare: 0.8,
  /** How far ahead an exam date may be set, in days. */
  maxDaysAhead: 730,
  /** The most topics the Today card proposes in one day. */
  maxTopicsToday: 3,
} as const;

/** A score with its 80% range: most likely score, and the range that holds 8 sittings in 10. */
export interface ScoreRange {
  expected: number;
  low: number;
  high: number;
}

export interface PredictionSubject {
  _id: string;
  /** What GET /exam/topic takes as `subject`. */
  slug: string;
  title: string;
}

/** One UTME subject's prediction, out of 100. */
export interface SubjectPrediction {
  subject: PredictionSubject;
  /** The answers that count as evidence: first answers to the subject's questions, given before the key was seen. */
  answers: number;
  /** Null until `answers` reaches PREDICTION.minAnswers. */
  score: ScoreRange | null;
  /** How many more such answers the subject needs before its prediction shows; 0 once it shows. */
  answersNeeded: number;
}

/** What GET /api/v1/prediction answers: the student's four UTME subjects, Use of English first. */
export interface UtmePrediction {
  /**
   * Use of English, then the three subjects of the student's plan, or of their latest sitting when they have
   * no plan; only Use of English when neither names three.
   */
  subjects: SubjectPrediction[];
  /** The total out of 400 with its 80% range, once all four subjects have a prediction. */
  total: ScoreRange | null;
  /** Where the three subjects came from. */
  chosenFrom: 'plan' | 'sitting' | 'none';
  /** When the questions were last calibrated (ISO time); null before the first calibration. */
  calibratedAt: string | null;
}

/** GET and PUT /api/v1/prediction/plan: the student's exam date and the three subjects they will sit. */
export interface ExamPlan {
  /** The day of the exam in West Africa Time (YYYY-MM-DD); null when not set. */
  examDate: string | null;
  /** The ids of the three subjects besides Use of English; empty when not set. */
  subjects: string[];
}

/** One topic the Today card proposes: a topic practice of the subject's weakest topics. */
export interface TodayTopic {
  subject: PredictionSubject;
  /** The topic as the bank names it: what GET /exam/topic takes back. */
  topic: string;
  /**
   * The points out of 400 the student loses in this topic on a typical sitting, by the prediction: out of its
   * subject's 100, which are 100 of the 400. To a tenth.
   */
  pointsAtStake: number;
}

/** What GET /api/v1/prediction/today answers: the day's work, sized to the days left. */
export interface TodayPlan {
  examDate: string | null;
  /** Whole days from today (West Africa Time) to the exam day; 0 on the day; null without a date or after it. */
  daysLeft: number | null;
  /** Review-deck questions due today (within the day's cap on new ones). */
  reviewsDue: number;
  /** The weakest topics to practise today, most points at stake first (at most PREDICTION.maxTopicsToday). */
  topics: TodayTopic[];
}
