/** What `npm run bank:stats` prints and the CSV it writes, from the statistics (item-statistics-query.ts). */

import { type FlagRules, LETTERS } from './item-statistics-formulas.ts';
import type { BankStats, PaperStats, QuestionStats } from './item-statistics-query.ts';

const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);
const decimal = (value: number | null) => (value === null ? '-' : value.toFixed(2));

/** Only the flagged questions, and only the papers that have one, when `flaggedOnly`. */
export function selectQuestions(stats: BankStats, flaggedOnly: boolean): PaperStats[] {
  if (!flaggedOnly) return stats.papers;
  return stats.papers
    .map((paper) => ({
      ...paper,
      questions: paper.questions.filter((question) => question.flags.length > 0),
    }))
    .filter((paper) => paper.questions.length > 0);
}

function optionCells(question: QuestionStats): string[] {
  return LETTERS.map((_, index) => {
    const option = question.stats.options[index];
    if (!option) return '-';
    return `${option.isRight ? '*' : ''}${percent(option.share)}`;
  });
}

function paperTable(paper: PaperStats): string[] {
  const keyWidth = Math.max(8, ...paper.questions.map((question) => question.key.length));
  const header = [
    'No.'.padStart(4),
    'Question'.padEnd(keyWidth),
    'Attempts'.padStart(8),
    'Facility'.padStart(8),
    'Discr.'.padStart(6),
    ...LETTERS.map((letter) => letter.padStart(5)),
    'Blank'.padStart(5),
    'Reports'.padStart(7),
    '  Flags',
  ].join(' ');
  const rows = paper.questions.map((question) =>
    [
      String(question.number).padStart(4),
      question.key.padEnd(keyWidth),
      String(question.stats.attempts).padStart(8),
      decimal(question.stats.facility).padStart(8),
      decimal(question.stats.discrimination).padStart(6),
      ...optionCells(question).map((cell) => cell.padStart(5)),
      percent(question.stats.blankShare).padStart(5),
      String(question.openReports).padStart(7),
      question.flags.length > 0 ? `  ${question.flags.join('; ')}` : '',
    ]
      .join(' ')
      .trimEnd(),
  );
  const title = `${paper.examType} ${paper.subject} ${paper.year}: ${paper.firstAttempts} first attempt(s)`;
  return [title, header, ...rows];
}

/** The report for a terminal: a short legend, then one table per paper. */
export function formatReport(stats: BankStats, rules: FlagRules, flaggedOnly = false): string {
  const papers = selectQuestions(stats, flaggedOnly);
  const legend = [
    'Over each student’s first attempt at a paper. Facility: the share right (blank or skipped is wrong).',
    'Discr.: the correlation between the question and the rest of the paper (-1 to 1). A to E: the share',
    `of students who picked each option, * the right one. Flags wait for ${rules.minAttempts} first attempts,`,
    'except open reports. See docs/learning.md, "Item statistics".',
  ];
  const tables = papers.flatMap((paper) => ['', ...paperTable(paper)]);
  const footer: string[] = [''];
  if (stats.papers.length === 0 && stats.quietPapers === 0) footer.push('No paper in the bank matches.');
  else if (papers.length === 0) {
    footer.push(
      flaggedOnly ? 'No question is flagged.' : 'No paper has a first attempt or an open report yet.',
    );
  }
  if (stats.quietPapers > 0) {
    footer.push(`${stats.quietPapers} paper(s) with no first attempt and no open report are not listed.`);
  }
  return [...legend, ...tables, ...footer].join('\n');
}

/** The columns that place a question in the bank, first in every CSV an editor gets about questions. */
export const QUESTION_PLACE_COLUMNS = [
  'Exam type',
  'Subject',
  'Year',
  'No.',
  'Question ID',
  'Topic',
  'Answer',
];

export const CSV_COLUMNS = [
  ...QUESTION_PLACE_COLUMNS,
  'Attempts',
  'Right',
  'Facility',
  'Discrimination',
  'A',
  'B',
  'C',
  'D',
  'E',
  'Blank',
  'Open reports',
  'Flags',
] as const;

/** A text cell, quoted when needed; one a spreadsheet would read as a formula is kept as text. */
export function textCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number with four decimals at most, or empty for none. */
export const numberCell = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Math.round(value * 10_000) / 10_000);

/**
 * The same rows as the report, one per question, for a spreadsheet: shares and indices as decimals (0.62,
 * not 62%), empty where there is no value. UTF-8 with a byte-order mark, so that Excel reads accents right.
 */
export function toCsv(stats: BankStats, flaggedOnly = false): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const paper of selectQuestions(stats, flaggedOnly)) {
    for (const question of paper.questions) {
      const { stats: item } = question;
      lines.push(
        [
          textCell(paper.examType),
          textCell(paper.subject),
          String(paper.year),
          String(question.number),
          textCell(question.key),
          textCell(question.topic ?? ''),
          question.answer,
          String(item.attempts),
          String(item.right),
          numberCell(item.facility),
          numberCell(item.discrimination),
          ...LETTERS.map((_, index) => numberCell(item.options[index]?.share)),
          numberCell(item.blankShare),
          String(question.openReports),
          textCell(question.flags.join('; ')),
        ].join(','),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
