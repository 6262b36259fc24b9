import { LETTERS } from '../input-schema.ts';
import type { Location, ParsedFile, ParsedPaper, Problem } from '../types.ts';

/** One row of a sheet with its number as the spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: string[];
}

type Field =
  | 'examType'
  | 'subject'
  | 'year'
  | 'duration'
  | 'id'
  | 'question'
  | 'questionType'
  | 'questionImage'
  | `option${(typeof LETTERS)[number]}`
  | `option${(typeof LETTERS)[number]}Image`
  | 'answer'
  | 'explanation'
  | 'topic'
  | 'passage';

/** The template's columns in order, with the header each one has in content/templates. */
export const TEMPLATE_COLUMNS: { field: Field; header: string; required: boolean }[] = [
  { field: 'examType', header: 'Exam type', required: true },
  { field: 'subject', header: 'Subject', required: true },
  { field: 'year', header: 'Year', required: true },
  { field: 'id', header: 'ID', required: false },
  { field: 'question', header: 'Question', required: true },
  { field: 'questionType', header: 'Question type', required: false },
  { field: 'questionImage', header: 'Question image', required: false },
  ...LETTERS.map((letter) => ({
    field: `option${letter}` as Field,
    header: `Option ${letter}`,
    required: letter !== 'E',
  })),
  ...LETTERS.map((letter) => ({
    field: `option${letter}Image` as Field,
    header: `Option ${letter} image`,
    required: false,
  })),
  { field: 'answer', header: 'Answer', required: true },
  { field: 'explanation', header: 'Explanation', required: false },
  { field: 'topic', header: 'Topic', required: false },
  { field: 'duration', header: 'Duration', required: false },
  { field: 'passage', header: 'Passage', required: false },
];

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

// Other spellings editors use for the same column.
const ALIASES: Record<string, Field> = {
  exam: 'examType',
  examtitle: 'examType',
  questionid: 'id',
  key: 'id',
  questiontext: 'question',
  type: 'questionType',
  image: 'questionImage',
  imageurl: 'questionImage',
  questionimageurl: 'questionImage',
  answerletter: 'answer',
  correctanswer: 'answer',
  correctoption: 'answer',
  durationminutes: 'duration',
  ...Object.fromEntries(
    LETTERS.map((letter) => [`option${letter.toLowerCase()}imageurl`, `option${letter}Image`]),
  ),
};

const BY_HEADER = new Map<string, Field>([
  ...TEMPLATE_COLUMNS.map(({ field, header }) => [squash(header), field] as const),
  ...Object.entries(ALIASES),
]);

const HEADER_OF = new Map(TEMPLATE_COLUMNS.map(({ field, header }) => [field, header]));

/** The column a problem with a question field is reported under. */
function columnFor(path: readonly PropertyKey[]): string | undefined {
  const [first, index, inner] = path;
  if (first === 'options' && typeof index === 'number') {
    const letter = LETTERS[index] ?? 'E';
    return inner === 'file' ? `Option ${letter} image` : `Option ${letter}`;
  }
  if (first === 'options') return 'Option A';
  if (first === 'file') return 'Question image';
  const fields: Record<string, Field> = {
    examType: 'examType',
    examTypeImage: 'examType',
    subject: 'subject',
    subjectImage: 'subject',
    year: 'year',
    duration: 'duration',
    id: 'id',
    question: 'question',
    questionType: 'questionType',
    answer: 'answer',
    explanation: 'explanation',
    topic: 'topic',
    passage: 'passage',
  };
  const field = typeof first === 'string' ? fields[first] : undefined;
  return field ? HEADER_OF.get(field) : undefined;
}

/**
 * Reads sheet rows in the template's layout (one row per question) into papers. The first non-empty row
 * is the header; blank rows are skipped. Each problem names its row and column.
 */
export function parseTemplateRows(rows: SheetRow[], file: string): ParsedFile {
  const problems: Problem[] = [];
  const headerIndex = rows.findIndex((row) => row.cells.some((cell) => cell.trim()));
  const headerRow = rows[headerIndex];
  if (!headerRow) {
    return {
      file,
      papers: [],
      problems: [
        {
          file,
          row: 1,
          message: 'the sheet is empty: copy the template header row and add questions below it',
        },
      ],
    };
  }
  const columns = new Map<Field, number>();
  headerRow.cells.forEach((cell, index) => {
    const header = cell.trim();
    if (!header) return;
    const field = BY_HEADER.get(squash(header));
    if (!field) {
      problems.push({
        file,
        row: headerRow.row,
        field: header,
        message: `column "${header}" is not a template column: rename it to one of ${TEMPLATE_COLUMNS.map((column) => column.header).join(', ')}, or delete it`,
      });
    } else if (columns.has(field)) {
      problems.push({
        file,
        row: headerRow.row,
        field: header,
        message: `column "${header}" appears twice; keep one`,
      });
    } else {
      columns.set(field, index);
    }
  });
  for (const column of TEMPLATE_COLUMNS) {
    if (column.required && !columns.has(column.field)) {
      problems.push({
        file,
        row: headerRow.row,
        message: `the column "${column.header}" is missing: copy the header row from content/templates/question-bank-template.csv`,
      });
    }
  }
  if (problems.length > 0) return { file, papers: [], problems };

  const width = headerRow.cells.length;
  const papers: ParsedPaper[] = [];
  for (const { row, cells } of rows.slice(headerIndex + 1)) {
    if (!cells.some((cell) => cell.trim())) continue;
    const extra = cells.slice(width).some((cell) => cell.trim());
    if (extra) {
      problems.push({
        file,
        row,
        message: `the row has more cells than the header has columns; put text that holds a comma in double quotes`,
      });
      continue;
    }
    const value = (field: Field) => {
      const index = columns.get(field);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const locate = (path: readonly PropertyKey[]): Location => {
      const column = columnFor(path);
      return { file, row, ...(column ? { field: column } : {}) };
    };

    const options: { option: string; optionType: string; file?: { url: string } }[] = [];
    let gap: string | undefined;
    let gapReported = false;
    for (const letter of LETTERS) {
      const text = value(`option${letter}`);
      const image = value(`option${letter}Image`);
      if (!text && !image) {
        gap ??= letter;
        continue;
      }
      if (gap) {
        problems.push({
          file,
          row,
          field: `Option ${gap}`,
          message: `Option ${gap} is empty but Option ${letter} is not: fill the options in order from A`,
        });
        gapReported = true;
        break;
      }
      options.push(
        image
          ? { option: text, optionType: 'image', file: { url: image } }
          : { option: text, optionType: 'text' },
      );
    }

    if (gapReported) continue;
    const questionImage = value('questionImage');
    const header: Record<string, string> = {
      examType: value('examType'),
      subject: value('subject'),
      year: value('year'),
    };
    if (value('duration')) header.duration = value('duration');
    const input: Record<string, unknown> = {
      question: value('question'),
      questionType: value('questionType').toLowerCase() || (questionImage ? 'image' : 'text'),
      options,
      answer: value('answer'),
      explanation: value('explanation'),
    };
    if (value('id')) input.id = value('id');
    if (questionImage) input.file = { url: questionImage };
    if (value('topic')) input.topic = value('topic');
    if (value('passage')) input.passage = value('passage');
    papers.push({ header, locateHeader: locate, questions: [{ input, locate }] });
  }
  return { file, papers, problems };
}
