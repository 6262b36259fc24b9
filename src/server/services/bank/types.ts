import type { RichText } from './rich-text.ts';

/** Where something is in an import file: a line (JSON, Aiken) or a spreadsheet row (CSV, XLSX). */
export interface Location {
  /** The file as the editor named it, relative to the working folder. */
  file: string;
  line?: number;
  row?: number;
  /** The spreadsheet column, or the JSON field (questions[3].answer). */
  field?: string;
}

/** One thing wrong with an import, worded to say what to fix. */
export interface Problem extends Location {
  message: string;
}

/** Formats a problem as one line: `waec/maths.json, line 14 (questions[0].answer): ...`. */
export function formatProblem(problem: Problem): string {
  const place =
    problem.line !== undefined
      ? `line ${problem.line}`
      : problem.row !== undefined
        ? `row ${problem.row}`
        : '';
  const field = problem.field ? (place ? ` (${problem.field})` : problem.field) : '';
  const where = place || field ? `, ${place}${field}` : '';
  return `${problem.file}${where}: ${problem.message}`;
}

/** Thrown when an import has problems; nothing was written. */
export class BankImportError extends Error {
  override name = 'BankImportError';
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(
      `The import has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was changed.\n${problems
        .map(formatProblem)
        .join('\n')}`,
    );
    this.problems = problems;
  }
}

/** Finds the place of a field, given its path inside the question or the paper header. */
export type Locate = (path: readonly PropertyKey[]) => Location;

/** One question as a format parser read it, before validation. */
export interface ParsedQuestion {
  input: unknown;
  locate: Locate;
}

/** One paper (or, for spreadsheets, one row's paper) as a format parser read it, before validation. */
export interface ParsedPaper {
  header: unknown;
  locateHeader: Locate;
  questions: ParsedQuestion[];
}

/** What a format parser returns for one file: papers, or the problems that stopped it. */
export interface ParsedFile {
  file: string;
  papers: ParsedPaper[];
  problems: Problem[];
}

/** A catalogue entry named in an import: matched to the database by its slug. */
export interface CatalogueName {
  slug: string;
  title: string;
  imageUrl: string | undefined;
}

export type QuestionType = 'text' | 'image' | 'diagram';
export type OptionType = 'text' | 'image' | 'media' | 'file';

/** A validated option, its HTML rendered. */
export interface NormalizedOption {
  option: RichText;
  optionType: OptionType;
  fileUrl: string | null;
}

/** A validated question, ready to store. */
export interface NormalizedQuestion {
  key: string;
  /** The shared passage the question is about; empty html and source for none. */
  passage: RichText;
  question: RichText;
  questionType: QuestionType;
  fileUrl: string | null;
  topic: string | null;
  /** Where the topic is written (or, when there is none, would go): what a topic warning names. */
  topicLocation: Location;
  explanation: RichText;
  options: NormalizedOption[];
  /** The index of the right option. */
  answer: number;
  location: Location;
}

/** A validated paper with its questions in import order, merged across files. */
export interface NormalizedPaper {
  examType: CatalogueName;
  subject: CatalogueName;
  year: number;
  duration: number | undefined;
  questions: NormalizedQuestion[];
  location: Location;
}

/** Counts of one kind of record touched by an import. */
export interface ChangeCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/** What an import did (or, for a dry run, would do). */
export interface ImportSummary {
  dryRun: boolean;
  files: number;
  papers: ChangeCounts;
  questions: ChangeCounts;
  examTypesAdded: number;
  subjectsAdded: number;
  yearsAdded: number;
  /** Things worth knowing that are not problems: skipped files, questions kept that the import omits. */
  notes: string[];
  /**
   * Questions saved all the same but worth fixing, each located: no topic, or a topic outside the subject's
   * syllabus list (content/syllabus.json).
   */
  warnings: Problem[];
}

/** Reported while an import runs, for a progress bar. */
export interface ImportProgress {
  phase: 'reading' | 'saving';
  done: number;
  total: number;
}
