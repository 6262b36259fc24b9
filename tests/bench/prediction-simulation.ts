// The simulated world of bench:prediction: a JAMB-like bank whose questions follow a known three-parameter
// curve, students with known levels in their four subjects, the way they practise (topic by topic, more in
// some subjects than others), and a UTME sitting drawn from the bank. Nothing here knows the model's
// estimates: the product's code (irt.ts) sees only the answers.
import { UTME, utmeSubjectScore } from '../../src/lib/api/utme.ts';
import type { ItemParameters } from '../../src/server/services/prediction/irt.ts';
import { AnswerLog, drawItem, trueChance } from '../support/irt-simulation.ts';
import type { SeededRandom } from '../support/seeded-random.ts';

export interface SubjectBank {
  name: string;
  /** Questions in a sitting: 60 for Use of English, 40 for the others. */
  sittingQuestions: number;
  items: ItemParameters[];
  /** Each question's topic, and each topic's questions. */
  topicOf: number[];
  topics: number[][];
}

export interface BankShape {
  name: string;
  sittingQuestions: number;
  questions: number;
  topics: number;
}

/** The four subjects of the bench's sittings. */
export const SUBJECTS: BankShape[] = [
  { name: 'Use of English', sittingQuestions: UTME.englishQuestions, questions: 1500, topics: 12 },
  { name: 'Mathematics', sittingQuestions: UTME.electiveQuestions, questions: 1200, topics: 15 },
  { name: 'Physics', sittingQuestions: UTME.electiveQuestions, questions: 1000, topics: 15 },
  { name: 'Biology', sittingQuestions: UTME.electiveQuestions, questions: 800, topics: 15 },
];

/** The truth the questions are drawn from: harder than the students on average, as the UTME is. */
export const BANK_TRUTH = {
  difficultyMean: 0.5,
  difficultySpread: 1,
  /** The share of the difficulties' variance that is their topic's: some topics are harder than others. */
  topicShare: 0.25,
  logDiscriminationSpread: 0.3,
} as const;

/** A subject's questions, topic by topic, each topic with its own mean difficulty. */
export function drawBank(random: SeededRandom, shape: BankShape): SubjectBank {
  const topicSpread = Math.sqrt(BANK_TRUTH.topicShare) * BANK_TRUTH.difficultySpread;
  const withinSpread = Math.sqrt(1 - BANK_TRUTH.topicShare) * BANK_TRUTH.difficultySpread;
  const topicMeans = Array.from({ length: shape.topics }, () => random.normal(0, topicSpread));
  const items: ItemParameters[] = [];
  const topicOf: number[] = [];
  const topics: number[][] = topicMeans.map(() => []);
  for (let index = 0; index < shape.questions; index += 1) {
    const topic = random.integer(shape.topics);
    items.push(
      drawItem(random, {
        difficultyMean: BANK_TRUTH.difficultyMean + (topicMeans[topic] ?? 0),
        difficultySpread: withinSpread,
        logDiscriminationSpread: BANK_TRUTH.logDiscriminationSpread,
      }),
    );
    topicOf.push(topic);
    topics[topic]?.push(index);
  }
  return { name: shape.name, sittingQuestions: shape.sittingQuestions, items, topicOf, topics };
}

/** A student's four levels: standard normal in each subject, correlated across subjects. */
export function drawLevels(random: SeededRandom, subjects: number, correlation: number): number[] {
  const shared = random.normal();
  return Array.from(
    { length: subjects },
    () => Math.sqrt(correlation) * shared + Math.sqrt(1 - correlation) * random.normal(),
  );
}

/**
 * A student in one subject: their level, and how much stronger or weaker they are in each topic than that
 * (all 0 when the bench runs with --topic-spread 0, the model's own assumption of one level a subject).
 */
export interface Learner {
  level: number;
  topicOffsets: number[];
}

export function drawLearner(
  random: SeededRandom,
  bank: SubjectBank,
  level: number,
  topicSpread: number,
): Learner {
  return {
    level,
    topicOffsets: bank.topics.map(() => (topicSpread > 0 ? random.normal(0, topicSpread) : 0)),
  };
}

/** The student's level on one question: their subject level and their offset in its topic. */
function levelOn(bank: SubjectBank, learner: Learner, item: number): number {
  return learner.level + (learner.topicOffsets[bank.topicOf[item] ?? 0] ?? 0);
}

/** A question of the bank by its number. */
function itemAt(bank: SubjectBank, item: number): ItemParameters {
  const parameters = bank.items[item];
  if (!parameters) throw new Error(`${bank.name} has no question ${item}`);
  return parameters;
}

/** How students practise: topics in bursts, some topics far more than others. */
export const PRACTICE = {
  /** Questions in one burst on one topic: a topic practice or a paper's stretch on it. */
  burstMin: 10,
  burstMax: 30,
  /** Spread of the log of a student's liking for each topic. */
  topicPreferenceSpread: 1,
} as const;

/**
 * The questions a student answers in a subject, in order: bursts on a topic chosen by their own liking for
 * each topic, each question at most once (the evidence is first answers).
 */
export function practiceOrder(random: SeededRandom, bank: SubjectBank, count: number): number[] {
  const liking = bank.topics.map(() => Math.exp(random.normal(0, PRACTICE.topicPreferenceSpread)));
  const left = bank.topics.map((questions) => [...questions]);
  const order: number[] = [];
  const total = Math.min(count, bank.items.length);
  while (order.length < total) {
    let weight = 0;
    left.forEach((questions, topic) => {
      if (questions.length > 0) weight += liking[topic] ?? 0;
    });
    let pick = random.uniform() * weight;
    let topic = left.findIndex((questions, index) => {
      if (questions.length === 0) return false;
      pick -= liking[index] ?? 0;
      return pick < 0;
    });
    if (topic < 0) topic = left.findIndex((questions) => questions.length > 0);
    const pool = left[topic] ?? [];
    const burst = PRACTICE.burstMin + random.integer(PRACTICE.burstMax - PRACTICE.burstMin + 1);
    for (let k = 0; k < burst && pool.length > 0 && order.length < total; k += 1) {
      const at = random.integer(pool.length);
      order.push(pool[at] ?? 0);
      pool[at] = pool[pool.length - 1] ?? 0;
      pool.pop();
    }
  }
  return order;
}

/** Whether each question of `order` is answered right by the learner, under the truth. */
export function answer(
  random: SeededRandom,
  bank: SubjectBank,
  order: number[],
  learner: Learner,
): boolean[] {
  return order.map((item) => random.uniform() < trueChance(itemAt(bank, item), levelOn(bank, learner, item)));
}

/** How much the calibration students practise: a median per subject, uneven between students and subjects. */
export const ACTIVITY = {
  medianAnswers: 150,
  studentSpread: 0.8,
  subjectSpread: 0.6,
  fewest: 10,
} as const;

/**
 * The calibration set: `students` students practising the four subjects, each answer logged per subject as
 * the product reads it (one ResponseMatrix per subject).
 */
export function practiceForCalibration(
  random: SeededRandom,
  banks: SubjectBank[],
  students: number,
  population: { correlation: number; topicSpread: number },
): AnswerLog[] {
  const logs = banks.map(() => new AnswerLog());
  for (let student = 0; student < students; student += 1) {
    const levels = drawLevels(random, banks.length, population.correlation);
    const activity = ACTIVITY.medianAnswers * Math.exp(random.normal(0, ACTIVITY.studentSpread));
    banks.forEach((bank, subject) => {
      const learner = drawLearner(random, bank, levels[subject] ?? 0, population.topicSpread);
      const wanted = Math.round(activity * Math.exp(random.normal(0, ACTIVITY.subjectSpread)));
      const order = practiceOrder(random, bank, Math.max(ACTIVITY.fewest, wanted));
      const rights = answer(random, bank, order, learner);
      const log = logs[subject];
      order.forEach((item, k) => {
        log?.add(student, item, rights[k] ?? false);
      });
    });
  }
  return logs;
}

/** A UTME sitting's subject score: questions drawn from the bank without repetition, answered under the truth. */
export function sitSubject(random: SeededRandom, bank: SubjectBank, learner: Learner): number {
  const drawn = random.sample(bank.items.length, bank.sittingQuestions);
  const right = answer(random, bank, drawn, learner).filter(Boolean).length;
  return utmeSubjectScore(right, bank.sittingQuestions);
}

/**
 * The chance of each subject score when the learner and the bank are known exactly: what the sitting's own
 * luck leaves to any prediction.
 */
export function knownLevelDistribution(bank: SubjectBank, learner: Learner): Float64Array {
  let chance = 0;
  bank.items.forEach((item, index) => {
    chance += trueChance(item, levelOn(bank, learner, index));
  });
  chance /= bank.items.length;
  const n = bank.sittingQuestions;
  const distribution = new Float64Array(UTME.maxScore + 1);
  let binomial = (1 - chance) ** n;
  for (let right = 0; right <= n; right += 1) {
    const score = utmeSubjectScore(right, n);
    distribution[score] = (distribution[score] ?? 0) + binomial;
    binomial = (binomial * (n - right) * chance) / ((right + 1) * (1 - chance));
  }
  return distribution;
}
