/**
 * The item-response model behind the predicted UTME score (docs/prediction.md), as plain arithmetic on arrays:
 * no database here, so that the benchmark's simulation runs exactly this code.
 *
 * A question's chance of being answered right by a student of level θ (one level per subject, on a scale where
 * students average 0 with a spread of 1) is the two-parameter logistic curve with a fixed floor for guessing:
 *
 *   P(θ) = c + (1 − c) / (1 + e^(−a(θ − b)))
 *
 * b is the question's difficulty, a its discrimination (1 unless the data can tell), and c the chance of a blind
 * guess, 1 over its options (0.25 for four): fixed, not estimated, since guessing is the one thing we know.
 */
// The model lives in three parts, each short enough to read at once; this module is the one the rest of the
// app imports.
export {
  CALIBRATION_PRIORS,
  type CalibratedItem,
  type Calibration,
  type CalibrationOptions,
  calibrate,
  FIT_RULES,
  fitItem,
  fitsBadly,
} from './irt-calibration.ts';
export {
  estimateLevel,
  type ItemParameters,
  LEVEL_GRID,
  type LevelEstimate,
  priorParameters,
  probability,
  type ResponseMatrix,
  TOPIC_SPREAD,
  topicLevel,
} from './irt-levels.ts';
export { averageChance, scoreDistribution, scoreRange, sumDistributions } from './irt-sitting-score.ts';
