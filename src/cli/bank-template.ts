// Rebuilds content/templates/question-bank-template.xlsx from the CSV template beside it:
// `npm run bank:template`. The two hold the same header and example rows.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import writeXlsxFile from 'write-excel-file/node';

const CSV = 'content/templates/question-bank-template.csv';
const XLSX = 'content/templates/question-bank-template.xlsx';

const rows: string[][] = parse(readFileSync(CSV, 'utf8'));
const [header = [], ...examples] = rows;
const help = [
  ['How to fill in the Questions sheet'],
  ['One row per question. Keep the header row as it is; delete the example rows before you import.'],
  [
    'Required: Exam type, Subject, Year, Question, Option A to Option D, Answer (the letter of the right option).',
  ],
  [
    'Optional: ID (keeps a question stable when you correct it), Option E, Explanation, Topic, Duration (minutes), Passage (the text questions share: repeat it on each of them).',
  ],
  [
    "Topic: one of the subject's syllabus topics listed in content/syllabus.json, spelt exactly. The import warns about a question with no topic, or with a topic not on its subject's list.",
  ],
  [
    'Images: put the address in Question image (and set Question type to image or diagram), or in Option X image.',
  ],
  ['Mathematics: write LaTeX between \\( and \\), or between $$ and $$ for a formula on its own line.'],
  [
    'Import: npm run bank:import -- path/to/file.xlsx (add --dry-run to check first). See docs/question-bank.md.',
  ],
];

await writeXlsxFile([
  {
    sheet: 'Questions',
    data: [
      header.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...examples.map((row) => row.map((value) => value || null)),
    ],
    columns: header.map((name) => ({ width: /Question$|Explanation/.test(name) ? 60 : 16 })),
    stickyRowsCount: 1,
  },
  { sheet: 'How to fill', data: help.map((row) => row.map((value) => value)), columns: [{ width: 110 }] },
]).toFile(XLSX);
process.stdout.write(`Wrote ${XLSX}\n`);
