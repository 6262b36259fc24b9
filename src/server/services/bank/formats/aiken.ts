import { LETTERS } from '../input-schema.ts';
import type { Location, ParsedFile, ParsedQuestion, Problem } from '../types.ts';

const HEADER_FIELDS: Record<string, 'examType' | 'subject' | 'year' | 'duration'> = {
  examtype: 'examType',
  exam: 'examType',
  subject: 'subject',
  year: 'year',
  duration: 'duration',
};

const OPTION_LINE = /^([A-Ea-e])\s*[.)]\s*(.*)$/;
const ANSWER_LINE = /^ANSWER\s*:\s*(.*)$/i;
const EXTRA_LINE = /^(EXPLANATION|TOPIC|IMAGE|ID)\s*:\s*(.*)$/i;
const HEADER_LINE = /^([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$/;

interface Block {
  start: number;
  questionLines: string[];
  id?: { value: string; line: number };
  options: { text: string; line: number }[];
  answer?: { value: string; line: number };
  extras: Partial<Record<'explanation' | 'topic' | 'image', { value: string; line: number }>>;
}

/**
 * Reads the Aiken format: a question on one or more lines, options "A." to "E.", then "ANSWER: B".
 * The paper comes from a header at the top (Exam type:, Subject:, Year:, optional Duration:), ended by a
 * blank line. Optional lines after ANSWER: EXPLANATION:, TOPIC:, IMAGE:; and ID: before the question.
 */
export function parseAiken(text: string, file: string): ParsedFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: Problem[] = [];
  const header: Record<string, string> = {};
  const headerLines: Record<string, number> = {};

  let index = 0;
  while (index < lines.length && !(lines[index] ?? '').trim()) index += 1;
  while (index < lines.length && (lines[index] ?? '').trim()) {
    const line = (lines[index] ?? '').trim();
    const match = HEADER_LINE.exec(line);
    const field = match ? HEADER_FIELDS[(match[1] ?? '').toLowerCase().replace(/\s+/g, '')] : undefined;
    if (!match || !field) {
      problems.push({
        file,
        line: index + 1,
        message: `the file must start with a header of "Exam type:", "Subject:" and "Year:" lines (and optionally "Duration:"), then a blank line; "${line.slice(0, 40)}" is not one of them`,
      });
      return { file, papers: [], problems };
    }
    header[field] = (match[2] ?? '').trim();
    headerLines[field] = index + 1;
    index += 1;
  }
  for (const [field, label] of [
    ['examType', 'Exam type'],
    ['subject', 'Subject'],
    ['year', 'Year'],
  ] as const) {
    if (!(field in header)) {
      problems.push({
        file,
        line: 1,
        message: `the header has no "${label}:" line; add it at the top of the file`,
      });
    }
  }
  if (problems.length > 0) return { file, papers: [], problems };

  const blocks: Block[] = [];
  let block: Block | undefined;
  const finish = () => {
    if (!block) return;
    if (!block.answer) {
      problems.push({
        file,
        line: block.start,
        message:
          block.options.length === 0
            ? 'the question has no options: write them on lines that start with A. B. C. D.'
            : 'the question has no "ANSWER:" line: add "ANSWER:" and the letter of the right option after the options',
      });
    } else {
      blocks.push(block);
    }
    block = undefined;
  };

  for (; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    const lineNumber = index + 1;
    if (!line) {
      // A blank line ends a question once its options have started (a blank inside its text is allowed).
      if (block && block.options.length > 0) finish();
      continue;
    }
    const extra = EXTRA_LINE.exec(line);
    if (block?.answer && extra) {
      const name = (extra[1] ?? '').toLowerCase();
      if (name === 'id') {
        finish();
      } else {
        block.extras[name as 'explanation' | 'topic' | 'image'] = {
          value: (extra[2] ?? '').trim(),
          line: lineNumber,
        };
        continue;
      }
    }
    if (block?.answer) finish();
    if (!block) {
      block = { start: lineNumber, questionLines: [], options: [], extras: {} };
      if (extra && (extra[1] ?? '').toLowerCase() === 'id') {
        block.id = { value: (extra[2] ?? '').trim(), line: lineNumber };
        continue;
      }
    }
    const answer = ANSWER_LINE.exec(line);
    if (answer) {
      if (block.options.length === 0) {
        problems.push({
          file,
          line: lineNumber,
          message: 'ANSWER comes before any option: write the options A. B. C. D. first',
        });
        block = undefined;
        continue;
      }
      block.answer = { value: (answer[1] ?? '').trim(), line: lineNumber };
      continue;
    }
    const option = OPTION_LINE.exec(line);
    if (option && (block.questionLines.length > 0 || block.id)) {
      const letter = (option[1] ?? '').toUpperCase();
      const expected = LETTERS[block.options.length];
      if (letter !== expected) {
        problems.push({
          file,
          line: lineNumber,
          message: expected
            ? `option ${letter} is out of order: the next option must be ${expected}.`
            : 'a question has at most 5 options (A to E)',
        });
        continue;
      }
      block.options.push({ text: (option[2] ?? '').trim(), line: lineNumber });
      continue;
    }
    if (block.options.length > 0) {
      problems.push({
        file,
        line: lineNumber,
        message: `expected option ${LETTERS[block.options.length] ?? ''} or the "ANSWER:" line; an option must fit on one line`,
      });
      continue;
    }
    block.questionLines.push(line);
  }
  finish();

  const questions: ParsedQuestion[] = blocks.map((entry) => {
    const input: Record<string, unknown> = {
      question: entry.questionLines.join('\n'),
      options: entry.options.map((option) => ({ option: option.text })),
      answer: entry.answer?.value ?? '',
      explanation: entry.extras.explanation?.value ?? '',
    };
    if (entry.id) input.id = entry.id.value;
    if (entry.extras.topic) input.topic = entry.extras.topic.value;
    if (entry.extras.image) {
      input.questionType = 'image';
      input.file = { url: entry.extras.image.value };
    }
    const locate = (path: readonly PropertyKey[]): Location => {
      const [first, position] = path;
      const line =
        first === 'options' && typeof position === 'number'
          ? entry.options[position]?.line
          : first === 'answer'
            ? entry.answer?.line
            : first === 'explanation'
              ? entry.extras.explanation?.line
              : first === 'topic'
                ? entry.extras.topic?.line
                : first === 'file' || first === 'questionType'
                  ? entry.extras.image?.line
                  : first === 'id'
                    ? entry.id?.line
                    : undefined;
      return { file, line: line ?? entry.start };
    };
    return { input, locate };
  });

  return {
    file,
    problems,
    papers: [
      {
        header,
        locateHeader: (path) => ({ file, line: headerLines[String(path[0])] ?? 1 }),
        questions,
      },
    ],
  };
}
