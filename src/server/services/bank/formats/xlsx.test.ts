import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { normalizeFiles } from '../normalize.ts';
import { parseCsv } from './csv.ts';
import { parseXlsx } from './xlsx.ts';

const FILE = 'imports/gce.xlsx';
const HEADER = [
  'Exam type',
  'Subject',
  'Year',
  'Question',
  'Option A',
  'Option B',
  'Option C',
  'Option D',
  'Answer',
  'Explanation',
];

function row(number: number, overrides: Partial<Record<string, string | number | null>> = {}) {
  const cells: Record<string, string | number | null> = {
    'Exam type': 'GCE',
    Subject: 'Geography',
    Year: 2021,
    Question: `Geography question ${number}`,
    'Option A': `A${number}`,
    'Option B': `B${number}`,
    'Option C': `C${number}`,
    'Option D': `D${number}`,
    Answer: 'D',
    Explanation: `Because ${number}.`,
    ...overrides,
  };
  return HEADER.map((header) => cells[header] ?? null);
}

const workbook = (sheets: { sheet: string; data: (string | number | null)[][] }[]) =>
  writeXlsxFile(sheets).toBuffer();

describe('parseXlsx', () => {
  it('reads the template workbook in content/templates, with the same rows as the CSV template', async () => {
    const xlsx = await parseXlsx(
      readFileSync('content/templates/question-bank-template.xlsx'),
      'template.xlsx',
    );
    const fromXlsx = normalizeFiles([xlsx]);
    expect(fromXlsx.problems).toEqual([]);
    const fromCsv = normalizeFiles([
      parseCsv(readFileSync('content/templates/question-bank-template.csv', 'utf8'), 'template.csv'),
    ]);
    const strip = (papers: typeof fromCsv.papers) =>
      papers.map(({ location: _, questions, ...paper }) => ({
        ...paper,
        questions: questions.map(({ location: __, topicLocation: ___, ...question }) => question),
      }));
    expect(strip(fromXlsx.papers)).toEqual(strip(fromCsv.papers));
    const csvRows: string[][] = parse(readFileSync('content/templates/question-bank-template.csv', 'utf8'));
    expect(fromXlsx.papers[0]?.questions).toHaveLength(csvRows.length - 1);
  });

  it('reads numbers as text, uses the Questions sheet, and keeps spreadsheet row numbers across blank rows', async () => {
    const content = await workbook([
      { sheet: 'Read me', data: [['Instructions only']] },
      { sheet: 'Questions', data: [HEADER, row(1), row(2), HEADER.map(() => null), row(4, { Answer: 'F' })] },
    ]);
    const { papers, problems } = normalizeFiles([await parseXlsx(content, FILE)]);
    expect(papers[0]).toMatchObject({ examType: { title: 'GCE' }, year: 2021 });
    expect(papers[0]?.questions.map((question) => question.answer)).toEqual([3, 3]);
    expect(problems).toEqual([
      {
        file: FILE,
        row: 5,
        field: 'Answer',
        message: 'answer must be the letter of the right option, A to E',
      },
    ]);
  });

  it('reports bad cells with their row and column', async () => {
    const content = await workbook([
      {
        sheet: 'Sheet1',
        data: [HEADER, row(1, { Year: 1850 }), row(2, { Question: null }), row(3, { 'Option B': 'A3' })],
      },
    ]);
    expect(normalizeFiles([await parseXlsx(content, FILE)]).problems).toEqual([
      { file: FILE, row: 2, field: 'Year', message: 'year must be between 1900 and 2100' },
      { file: FILE, row: 3, field: 'Question', message: 'the question is empty: write its text' },
      {
        file: FILE,
        row: 4,
        field: 'Option B',
        message: 'option B is the same as option A: every option must differ',
      },
    ]);
  });

  it('reports a file that is not a workbook', async () => {
    expect((await parseXlsx(Buffer.from('Exam type,Subject\n'), FILE)).problems).toEqual([
      {
        file: FILE,
        message:
          'the file is not a readable .xlsx workbook: save it from your spreadsheet as "Excel Workbook (.xlsx)"',
      },
    ]);
  });
});
