// npm run bench:prediction: how well the predicted UTME score foretells a sitting, on simulated students whose
// levels are known (tests/bench/prediction-simulation.ts). A JAMB-like bank of four subjects is drawn from a
// known three-parameter curve; --calibration students practise it (topic by topic, unevenly between subjects)
// and the product's own `calibrate` estimates every question from their answers, subject by subject, all
// students together. Then --students other students practise 400 questions a subject; from their first 50,
// 100, 200 and 400 answers a subject the product's own functions predict the total as the product will
// (estimateLevel on the calibrated questions, averageChance over the subject's calibrated questions,
// scoreDistribution for 60 or 40 questions, sumDistributions, scoreRange with PREDICTION.rangeShare), and
// each prediction is compared with the score of one fresh simulated sitting (60 + 3 × 40 questions drawn from
// the bank without repetition, answered under the truth).
//
// Reported at each step: the mean and median absolute error out of 400 and the coverage of the 80% range
// (the share of students whose sitting falls inside it), in total and per subject; the same for a prediction
// that knows each student's true level and the true questions (the sitting's own luck); how well the
// calibration recovered the questions; and the median time of one student's prediction on pools of
// 4 × 5,000 questions (the JAMB share of a 100,000-question bank). Targets: coverage between 75% and 85% at
// every step, a mean absolute error of at most 16 after 200 answers a subject, a prediction under 50 ms.
//
// --topic-spread S (in hundredths; 0 by default, the model's own assumption) gives every student a strength
// of their own in each topic, normal with spread S / 100 around their subject level: a check of what the
// model's one level a subject costs when students are uneven across topics.
// When real UTME mocks exist in a database, the same report compares each student's prediction made before a
// mock with the mock's score (tests/bench/prediction-mocks.ts): --database takes a postgres:// URL or an
// embedded database's folder, DATABASE_URL by default; without either the report says none was compared.
// Writes its section of docs/performance.md (BENCH_REPORT elsewhere).
//
//   npm run bench:prediction -- [--seed 2026] [--calibration 2000] [--students 1000] [--correlation 60]
//                               [--topic-spread 0] [--timing-runs 200] [--database <url or folder>]
import { PREDICTION } from '../../src/lib/api/prediction.ts';
import { UTME } from '../../src/lib/api/utme.ts';
import {
  averageChance,
  type CalibratedItem,
  calibrate,
  estimateLevel,
  fitsBadly,
  type ItemParameters,
  scoreDistribution,
  scoreRange,
  sumDistributions,
} from '../../src/server/services/prediction/irt.ts';
import { type AnswerLog, correlation, drawItem, meanAbsoluteError } from '../support/irt-simulation.ts';
import { type SeededRandom, seededRandom } from '../support/seeded-random.ts';
import { mockDatabase, realMockSection } from './prediction-mocks.ts';
import {
  ACTIVITY,
  answer,
  BANK_TRUTH,
  drawBank,
  drawLearner,
  drawLevels,
  knownLevelDistribution,
  PRACTICE,
  practiceForCalibration,
  practiceOrder,
  SUBJECTS,
  type SubjectBank,
  sitSubject,
} from './prediction-simulation.ts';
import {
  formatNumber,
  intFlag,
  machine,
  median,
  parseFlags,
  percentile,
  runDate,
  table,
  writeReportSection,
} from './support.ts';

const STEPS = [50, 100, 200, 400];
const MOST_ANSWERS = 400;
const TIMING_POOL = 5000;

const flags = parseFlags();
const seed = intFlag(flags, 'seed', 2026);
const calibrationStudents = intFlag(flags, 'calibration', 2000);
const students = Math.max(1, intFlag(flags, 'students', 1000));
const levelCorrelation = Math.min(100, intFlag(flags, 'correlation', 60)) / 100;
const topicSpread = intFlag(flags, 'topic-spread', 0) / 100;
const timingRuns = Math.max(1, intFlag(flags, 'timing-runs', 200));
const command = [
  'npm run bench:prediction --',
  `--seed ${seed} --calibration ${calibrationStudents} --students ${students}`,
  `--correlation ${Math.round(levelCorrelation * 100)} --topic-spread ${Math.round(topicSpread * 100)}`,
  `--timing-runs ${timingRuns}`,
].join(' ');

const seconds = (from: number) => formatNumber((performance.now() - from) / 1000, 1);
const percent = (share: number) => `${formatNumber(share * 100, 1)}%`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

interface SubjectCalibration {
  items: CalibratedItem[];
  /** averageChance over the subject's calibrated questions: the pool a sitting is drawn from. */
  poolChance: Float64Array;
  answers: number;
  iterations: number;
  converged: boolean;
  seconds: string;
  difficultyError: number;
  difficultyCorrelation: number;
  discriminationError: number;
  flagged: number;
}

/** Calibrates one subject from every calibration student's answers, as the product does, and checks it. */
function calibrateSubject(bank: SubjectBank, log: AnswerLog): SubjectCalibration {
  const started = performance.now();
  const guessing = bank.items.map(() => 1 / UTME.optionKeys);
  const result = calibrate(log.matrix(calibrationStudents, guessing));
  const elapsed = seconds(started);
  const answered = result.items.flatMap((item, index) => {
    const truth = bank.items[index];
    return item.answers > 0 && truth ? [{ item, truth }] : [];
  });
  const difficulties = answered.map((pair) => pair.item.difficulty);
  const trueDifficulties = answered.map((pair) => pair.truth.difficulty);
  return {
    items: result.items,
    poolChance: averageChance(result.items),
    answers: log.size,
    iterations: result.iterations,
    converged: result.converged,
    seconds: elapsed,
    difficultyError: meanAbsoluteError(difficulties, trueDifficulties),
    difficultyCorrelation: correlation(difficulties, trueDifficulties),
    discriminationError: meanAbsoluteError(
      answered.map((pair) => pair.item.discrimination),
      answered.map((pair) => pair.truth.discrimination),
    ),
    flagged: result.items.filter(fitsBadly).length,
  };
}

/** How the predictions at one step fared against the sittings. */
interface Outcome {
  errors: number[];
  covered: number;
  widths: number[];
  subjectCovered: number[];
}

const emptyOutcome = (): Outcome => ({
  errors: [],
  covered: 0,
  widths: [],
  subjectCovered: SUBJECTS.map(() => 0),
});

/** Adds one student's prediction (their four subject distributions) against their sitting's scores. */
function record(outcome: Outcome, distributions: Float64Array[], sitting: number[]): void {
  const total = scoreRange(sumDistributions(distributions), PREDICTION.rangeShare);
  const actual = sitting.reduce((sum, score) => sum + score, 0);
  outcome.errors.push(Math.abs(total.expected - actual));
  outcome.widths.push(total.high - total.low);
  if (actual >= total.low && actual <= total.high) outcome.covered += 1;
  distributions.forEach((distribution, subject) => {
    const range = scoreRange(distribution, PREDICTION.rangeShare);
    const score = sitting[subject] ?? Number.NaN;
    if (score >= range.low && score <= range.high)
      outcome.subjectCovered[subject] = (outcome.subjectCovered[subject] ?? 0) + 1;
  });
}

/** One simulated student: practice, a sitting, and the predictions at every step. */
function predictStudent(
  random: SeededRandom,
  banks: SubjectBank[],
  calibrations: SubjectCalibration[],
  outcomes: { steps: Outcome[]; known: Outcome },
): void {
  const levels = drawLevels(random, banks.length, levelCorrelation);
  const learners = banks.map((bank, subject) => drawLearner(random, bank, levels[subject] ?? 0, topicSpread));
  const practised = banks.map((bank, subject) => {
    const order = practiceOrder(random, bank, MOST_ANSWERS);
    const learner = learners[subject];
    return { order, rights: learner ? answer(random, bank, order, learner) : [] };
  });
  const sitting = banks.map((bank, subject) => {
    const learner = learners[subject];
    return learner ? sitSubject(random, bank, learner) : Number.NaN;
  });
  STEPS.forEach((step, index) => {
    const distributions = banks.map((bank, subject) => {
      const calibration = calibrations[subject];
      const practice = practised[subject];
      if (!calibration || !practice) throw new Error(`no calibration for ${bank.name}`);
      const evidence = practice.order.slice(0, step).flatMap((item, k) => {
        const calibrated = calibration.items[item];
        return calibrated ? [{ item: calibrated, correct: practice.rights[k] ?? false }] : [];
      });
      const level = estimateLevel(evidence);
      return scoreDistribution(level.posterior, calibration.poolChance, bank.sittingQuestions, UTME.maxScore);
    });
    const outcome = outcomes.steps[index];
    if (outcome) record(outcome, distributions, sitting);
  });
  const known = banks.map((bank, subject) => {
    const learner = learners[subject];
    return learner ? knownLevelDistribution(bank, learner) : new Float64Array(UTME.maxScore + 1);
  });
  record(outcomes.known, known, sitting);
}

/** One student's prediction from scratch: the four levels, the pools' averages, the distributions, the range. */
function predictOnce(pools: ItemParameters[][], answers: { item: ItemParameters; correct: boolean }[][]) {
  const distributions = pools.map((pool, subject) =>
    scoreDistribution(
      estimateLevel(answers[subject] ?? []).posterior,
      averageChance(pool),
      SUBJECTS[subject]?.sittingQuestions ?? UTME.electiveQuestions,
      UTME.maxScore,
    ),
  );
  return scoreRange(sumDistributions(distributions), PREDICTION.rangeShare);
}

/** Milliseconds of each timed prediction on 4 × TIMING_POOL questions, after ten untimed ones. */
function timePrediction(random: SeededRandom): number[] {
  const pools = SUBJECTS.map(() => Array.from({ length: TIMING_POOL }, () => drawItem(random)));
  const answers = pools.map((pool) =>
    random.sample(pool.length, MOST_ANSWERS).flatMap((index) => {
      const item = pool[index];
      return item ? [{ item, correct: random.uniform() < 0.6 }] : [];
    }),
  );
  for (let warm = 0; warm < 10; warm += 1) predictOnce(pools, answers);
  return Array.from({ length: timingRuns }, () => {
    const started = performance.now();
    predictOnce(pools, answers);
    return performance.now() - started;
  });
}

// The real mocks first: a database that cannot be opened stops the run before the simulation's minute.
const realMocks = await realMockSection(mockDatabase(flags.database));

const startedAt = performance.now();
const machineLine = machine();
const date = runDate();
const random = seededRandom(seed);
const banks = SUBJECTS.map((shape) => drawBank(random, shape));

let phase = performance.now();
const logs = practiceForCalibration(random, banks, calibrationStudents, {
  correlation: levelCorrelation,
  topicSpread,
});
console.log(
  `${formatNumber(calibrationStudents)} calibration students' practice simulated in ${seconds(phase)} s`,
);
const calibrations = banks.map((bank, subject) => {
  const log = logs[subject];
  if (!log) throw new Error(`no answers for ${bank.name}`);
  const result = calibrateSubject(bank, log);
  const convergence = result.converged ? '' : ', not converged';
  console.log(
    `${bank.name}: ${formatNumber(result.answers)} answers calibrated in ${result.seconds} s (${result.iterations} iterations${convergence})`,
  );
  return result;
});

phase = performance.now();
const outcomes = { steps: STEPS.map(emptyOutcome), known: emptyOutcome() };
for (let student = 0; student < students; student += 1) predictStudent(random, banks, calibrations, outcomes);
console.log(`${formatNumber(students)} students predicted at ${STEPS.length} steps in ${seconds(phase)} s`);

const timings = timePrediction(random);
const timingMedian = median(timings);

const outcomeRow = (label: string, outcome: Outcome) => [
  label,
  formatNumber(mean(outcome.errors), 1),
  formatNumber(median(outcome.errors), 1),
  percent(outcome.covered / students),
  formatNumber(mean(outcome.widths), 1),
  ...outcome.subjectCovered.map((covered) => percent(covered / students)),
];
const predictionTable = table(
  [
    'answers a subject',
    'MAE /400',
    'median AE',
    '80% range holds',
    'mean width',
    ...banks.map((bank) => `holds: ${bank.name}`),
  ],
  [
    ...STEPS.map((step, index) => outcomeRow(String(step), outcomes.steps[index] ?? emptyOutcome())),
    outcomeRow('true level', outcomes.known),
  ],
);
const calibrationTable = table(
  [
    'subject',
    'questions',
    'answers',
    'iterations',
    'seconds',
    'difficulty MAE',
    'difficulty r',
    'discrimination MAE',
    'flagged by fitsBadly',
  ],
  calibrations.map((result, subject) => [
    banks[subject]?.name ?? '',
    formatNumber(result.items.length),
    formatNumber(result.answers),
    `${result.iterations}${result.converged ? '' : ' (not converged)'}`,
    result.seconds,
    formatNumber(result.difficultyError, 3),
    formatNumber(result.difficultyCorrelation, 3),
    formatNumber(result.discriminationError, 3),
    `${result.flagged} (${percent(result.flagged / result.items.length)})`,
  ]),
);

const coverages = outcomes.steps.map((outcome) => outcome.covered / students);
const errorAt200 = mean(outcomes.steps[STEPS.indexOf(200)]?.errors ?? []);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const targetsTable = table(
  ['target', 'measured', 'verdict'],
  [
    [
      '80% range holds 75–85% of sittings at every step',
      coverages.map(percent).join(', '),
      verdict(coverages.every((share) => share >= 0.75 && share <= 0.85)),
    ],
    [
      'MAE at most 16 / 400 after 200 answers a subject',
      formatNumber(errorAt200, 1),
      verdict(errorAt200 <= 16),
    ],
    [
      `one student's prediction under 50 ms (4 × ${formatNumber(TIMING_POOL)} questions)`,
      `${formatNumber(timingMedian, 1)} ms`,
      verdict(timingMedian < 50),
    ],
  ],
);

const bankLine = banks
  .map((bank) => `${bank.name} ${formatNumber(bank.items.length)} questions in ${bank.topics.length} topics`)
  .join(', ');
const topicLine =
  topicSpread > 0
    ? `; each student's strength in each topic normal around their subject level with spread ${formatNumber(topicSpread, 2)}`
    : '; one level a subject, the same in every topic';
const body = `## Predicted UTME score against simulated sittings (\`bench:prediction\`)

- Date: ${date}
- Machine: ${machineLine}
- Command: \`${command}\`; took ${seconds(startedAt)} s
- Bank (the truth): ${bankLine}
- Questions: four options; the three-parameter curve with guessing 0.25, log discrimination normal with spread
  ${BANK_TRUTH.logDiscriminationSpread}, difficulty normal with mean ${BANK_TRUTH.difficultyMean} and spread ${BANK_TRUTH.difficultySpread} (${formatNumber(BANK_TRUTH.topicShare * 100)}% of its variance the topic's)
- Students: levels standard normal in each subject, correlated ${formatNumber(levelCorrelation, 2)} between subjects${topicLine}
- Practice: bursts of ${PRACTICE.burstMin}–${PRACTICE.burstMax} questions on one topic, topics picked by a liking of the student's own, each
  question answered once
- Calibration: ${formatNumber(calibrationStudents)} students, a median of ${ACTIVITY.medianAnswers} answers a subject, uneven between students and between
  a student's subjects (at least ${ACTIVITY.fewest}); \`calibrate\` per subject on all of them together
- Prediction: ${formatNumber(students)} other students, ${MOST_ANSWERS} answers a subject, predicted from their first ${STEPS.join(', ')}; each
  compared with one simulated sitting (60 + 3 × 40 questions drawn from the bank without repetition, answered
  under the truth, each subject scored as the UTME scores it)

${predictionTable}

"true level" predicts the same sittings from each student's true level and the true questions: what the
sitting's own luck leaves to any prediction. "holds" is the share of students whose sitting fell inside the
80% range (of the total, then of each subject); "mean width" is high − low of the total's range. With
${formatNumber(students)} students a share near 80% is good to about ±${formatNumber(100 * Math.sqrt((0.8 * 0.2) / students), 1)} points (one standard error).

${calibrationTable}

Difficulty and discrimination errors are against the truth, over the questions with answers; every question of
this bank follows the model's curve, so each one flagged by \`fitsBadly\` is a false alarm.

${targetsTable}

Median of ${formatNumber(timingRuns)} runs (after 10 untimed) of one student's prediction: \`estimateLevel\` on ${MOST_ANSWERS}
answers in each of four subjects, \`averageChance\` over each subject's ${formatNumber(TIMING_POOL)} questions, the four
\`scoreDistribution\`s, \`sumDistributions\` and \`scoreRange\`: ${formatNumber(timingMedian, 2)} ms (p90 ${formatNumber(percentile(timings, 90), 2)} ms).`;

console.log(`\n${body}\n\n${realMocks}`);
writeReportSection('bench:prediction', `${body}\n\n${realMocks}`);
