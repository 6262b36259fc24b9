import type { options, questions } from '../../db/schema.ts';
import type { ChangeCounts, Location, NormalizedPaper, NormalizedQuestion } from './types.ts';

/** A question's columns as an import writes them: everything but its identity and timestamps. */
export type QuestionRow = Omit<typeof questions.$inferInsert, 'id' | 'key' | 'createdAt' | 'updatedAt'>;
/** An option's columns as an import writes them, without its identity and question. */
export type OptionRow = Omit<typeof options.$inferInsert, 'id' | 'questionId'>;
/** A question as stored, with the columns an import compares. */
export type StoredQuestion = QuestionRow & { id: string; key: string };
/** An option as stored, with the columns an import compares. */
export type StoredOption = OptionRow & { id: string; questionId: string };

/** A paper of the import matched to its row, found or just created; `changed` when its duration changed. */
export interface PaperTarget {
  paper: NormalizedPaper;
  id: string;
  isNew: boolean;
  changed: boolean;
}

/** What the database holds that an import must compare against. */
export interface StoredBank {
  /** The stored questions whose keys the import names, by key. */
  questions: Map<string, StoredQuestion>;
  /** The options of those questions, by question id, in position order. */
  options: Map<string, StoredOption[]>;
  /** The key and position of every question of each existing paper the import touches, by paper id. */
  papers: Map<string, { key: string; position: number }[]>;
}

/** A question the import adds, with its options. */
export interface QuestionInsert {
  key: string;
  row: QuestionRow;
  options: OptionRow[];
}

/** A stored question the import changes. */
export interface QuestionUpdate {
  id: string;
  row: QuestionRow;
  /** The options to write, or null when the stored ones already match. */
  options: OptionRow[] | null;
  stored: StoredOption[];
  /** Where the question is in the import, to name it if its options cannot be changed. */
  location: Location;
}

/** The writes an import needs and the counts and notes it reports. Never a delete. */
export interface ImportPlan {
  inserts: QuestionInsert[];
  updates: QuestionUpdate[];
  papers: ChangeCounts;
  questions: ChangeCounts;
  notes: string[];
}

const QUESTION_FIELDS = [
  'paperId',
  'position',
  'passageHtml',
  'passageSource',
  'questionHtml',
  'questionSource',
  'questionType',
  'fileUrl',
  'topic',
  'explanationHtml',
  'explanationSource',
] as const satisfies (keyof QuestionRow)[];
const OPTION_FIELDS = [
  'position',
  'optionHtml',
  'optionSource',
  'optionType',
  'fileUrl',
  'isCorrect',
] as const satisfies (keyof OptionRow)[];

const sameQuestion = (a: QuestionRow, b: QuestionRow) =>
  QUESTION_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));
const sameOption = (a: OptionRow, b: OptionRow) =>
  OPTION_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));

function questionRow(question: NormalizedQuestion, paperId: string, position: number): QuestionRow {
  return {
    paperId,
    position,
    passageHtml: question.passage.html,
    passageSource: question.passage.source,
    questionHtml: question.question.html,
    questionSource: question.question.source,
    questionType: question.questionType,
    fileUrl: question.fileUrl,
    topic: question.topic,
    explanationHtml: question.explanation.html,
    explanationSource: question.explanation.source,
  };
}

function optionRows(question: NormalizedQuestion): OptionRow[] {
  return question.options.map((option, position) => ({
    position,
    optionHtml: option.option.html,
    optionSource: option.option.source,
    optionType: option.optionType,
    fileUrl: option.fileUrl,
    isCorrect: position === question.answer,
  }));
}

const counts = (): ChangeCounts => ({ added: 0, updated: 0, unchanged: 0 });

/**
 * Where each question of a paper goes. An import that lists every stored question of a paper sets their
 * order; a partial one (a few spreadsheet rows) keeps the stored order and appends its new questions.
 * Returns the positions, and how many stored questions the import leaves out (0 for a full listing).
 */
function positionsOf(
  paper: NormalizedPaper,
  already: { key: string; position: number }[],
): { positions: Map<string, number>; omitted: number } {
  const incomingKeys = new Set(paper.questions.map((question) => question.key));
  const positions = new Map<string, number>();
  if (already.every((row) => incomingKeys.has(row.key))) {
    paper.questions.forEach((question, index) => {
      positions.set(question.key, index);
    });
    return { positions, omitted: 0 };
  }
  const storedPositions = new Map(already.map((row) => [row.key, row.position]));
  let next = Math.max(-1, ...already.map((row) => row.position)) + 1;
  for (const question of paper.questions) {
    positions.set(question.key, storedPositions.get(question.key) ?? next++);
  }
  return { positions, omitted: already.filter((row) => !incomingKeys.has(row.key)).length };
}

/**
 * Decides, without touching the database, which questions an import adds and which stored ones it
 * rewrites; a question whose columns and options all match is left alone. Questions the import omits are
 * kept (imports never delete questions: students' attempts point at them) and noted.
 */
export function planChanges(targets: PaperTarget[], stored: StoredBank): ImportPlan {
  const plan: ImportPlan = {
    inserts: [],
    updates: [],
    papers: counts(),
    questions: counts(),
    notes: [],
  };
  for (const target of targets) {
    const { paper } = target;
    const { positions, omitted } = positionsOf(paper, stored.papers.get(target.id) ?? []);
    if (omitted > 0) {
      plan.notes.push(
        `${paper.examType.title} ${paper.subject.title} ${paper.year} keeps ${omitted} stored question(s) that this import does not list; an import never deletes questions.`,
      );
    }

    let paperChanged = target.changed;
    for (const question of paper.questions) {
      const row = questionRow(question, target.id, positions.get(question.key) ?? 0);
      const rows = optionRows(question);
      const before = stored.questions.get(question.key);
      if (!before) {
        plan.inserts.push({ key: question.key, row, options: rows });
        plan.questions.added += 1;
        paperChanged = true;
        continue;
      }
      const storedRows = stored.options.get(before.id) ?? [];
      const optionsSame =
        storedRows.length === rows.length &&
        rows.every((option, index) => {
          const previous = storedRows[index];
          return previous !== undefined && sameOption(option, previous);
        });
      if (sameQuestion(row, before) && optionsSame) {
        plan.questions.unchanged += 1;
        continue;
      }
      plan.updates.push({
        id: before.id,
        row,
        options: optionsSame ? null : rows,
        stored: storedRows,
        location: question.location,
      });
      plan.questions.updated += 1;
      paperChanged = true;
    }
    if (target.isNew) plan.papers.added += 1;
    else if (paperChanged) plan.papers.updated += 1;
    else plan.papers.unchanged += 1;
  }
  return plan;
}
