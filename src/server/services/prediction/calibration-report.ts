/** What `npm run bank:calibrate` prints and the CSV it writes (docs/prediction.md, "Calibration"). */

import { numberCell, QUESTION_PLACE_COLUMNS, textCell } from '../learning/item-statistics-report.ts';
import type { CalibrationReport, SubjectCalibration } from './calibration.ts';
import type { Misfit } from './calibration-misfits.ts';
import { CALIBRATION_PRIORS, FIT_RULES } from './irt.ts';

const count = (value: number) => value.toLocaleString('en-GB');
const decimal = (value: number | null) => (value === null ? '-' : value.toFixed(2));
const over = (value: number | null) => value !== null && value > FIT_RULES.high;

/**
 * What an editor should look at first, from how the question misfits. Answers that run against ability
 * (a low discrimination, or both mean squares high) are the mark of a wrong key; noise among the students
 * near its level (infit) of an unclear or double-answered question; surprises far from its level (outfit
 * alone) of a clue or a trap; answers more regular than chance allows (low mean squares) of a question that
 * gives itself away or hangs on another.
 */
export function misfitHint(item: Pick<Misfit, 'discrimination' | 'infit' | 'outfit'>): string {
  if (item.discrimination < FIT_RULES.minDiscrimination || (over(item.infit) && over(item.outfit))) {
    return 'more able students get it wrong: check the key';
  }
  if (over(item.infit))
    return 'answers barely follow ability: check for an unclear stem or two right options';
  if (over(item.outfit)) return 'surprising answers far from its level: check for a clue or a trap';
  return 'more predictable than the model expects: check it does not give its answer away or lean on another';
}

/** The lines above a run's subjects. */
export const RUN_LEGEND = [
  'Calibrated from each student’s first answer to a question, given before they saw its key',
  '(docs/prediction.md, "Calibration").',
  '',
];

/** One subject of a run, as it finishes. */
export function subjectLine(subject: SubjectCalibration): string {
  const fit = subject.converged ? 'converged' : 'did not converge';
  return `${subject.subject}: ${count(subject.students)} students, ${count(subject.questions)} questions, ${count(subject.answers)} answers; ${subject.iterations} iterations, ${fit}`;
}

/** The questions that fit badly, each with where it is, its numbers and a hint; or a line saying none does. */
export function misfitSection(misfits: readonly Misfit[]): string[] {
  const rule = `infit or outfit outside ${FIT_RULES.low.toFixed(2)}–${FIT_RULES.high.toFixed(2)}, with at least ${FIT_RULES.minAnswers} answers; or a discrimination under ${FIT_RULES.minDiscrimination.toFixed(2)}, with at least ${CALIBRATION_PRIORS.answersForDiscrimination}`;
  if (misfits.length === 0) return [`No question fits badly (${rule}).`];
  const legend = [
    `${misfits.length} question(s) fit badly (${rule}).`,
    'Difficulty: the level (students average 0, with a spread of 1) at which a student is halfway between a',
    'guess and a sure answer. Discrimination: how sharply the chance of a right answer rises with the level,',
    `kept at 1 below ${CALIBRATION_PRIORS.answersForDiscrimination} answers. Infit and outfit: 1 when the answers fit the model.`,
  ];
  const entries = misfits.flatMap((misfit) => [
    '',
    `${misfit.examType} ${misfit.subject} ${misfit.year}, question ${misfit.number} (${misfit.questionKey}), answer ${misfit.answer}${misfit.topic ? `, topic ${misfit.topic}` : ''}`,
    `  ${count(misfit.answers)} answers, difficulty ${decimal(misfit.difficulty)}, discrimination ${decimal(misfit.discrimination)}, infit ${decimal(misfit.infit)}, outfit ${decimal(misfit.outfit)}`,
    `  ${misfitHint(misfit)}`,
  ]);
  return [...legend, ...entries];
}

/** The last line of a run: what was saved, or that a dry run saved nothing. */
export function savedLine(report: CalibrationReport): string {
  if (report.subjects.length === 0) return 'No answers to learn from yet: nothing was calibrated.';
  const questions = report.subjects.reduce((sum, subject) => sum + subject.questions, 0);
  const what = `${count(questions)} question(s) in ${report.subjects.length} subject(s)`;
  if (report.runId === null) return `Dry run: calibrated ${what}; nothing was saved.`;
  return `Saved the parameters of ${what}.`;
}

export const CSV_COLUMNS = [
  ...QUESTION_PLACE_COLUMNS,
  'Answers',
  'Difficulty',
  'Discrimination',
  'Infit',
  'Outfit',
  'Hint',
] as const;

/** The misfits for a spreadsheet, one row each, as the bank:stats CSV is written (UTF-8 with a byte-order mark). */
export function misfitsCsv(misfits: readonly Misfit[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const misfit of misfits) {
    lines.push(
      [
        textCell(misfit.examType),
        textCell(misfit.subject),
        String(misfit.year),
        String(misfit.number),
        textCell(misfit.questionKey),
        textCell(misfit.topic ?? ''),
        misfit.answer,
        String(misfit.answers),
        numberCell(misfit.difficulty),
        numberCell(misfit.discrimination),
        numberCell(misfit.infit),
        numberCell(misfit.outfit),
        textCell(misfitHint(misfit)),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
