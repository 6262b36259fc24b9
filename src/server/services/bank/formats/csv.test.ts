import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { biologyRow, CSV_HEADER, csvRow } from '../../../../../tests/support/bank-files.ts';
import { normalizeFiles } from '../normalize.ts';
import { parseCsv } from './csv.ts';

const FILE = 'imports/neco-biology.csv';
const check = (text: string) => normalizeFiles([parseCsv(text, FILE)]);
const csv = (...rows: string[]) => `${[CSV_HEADER, ...rows].join('\n')}\n`;

describe('parseCsv', () => {
  it('reads the template file in content/templates without a problem', () => {
    const { papers, problems } = check(readFileSync('content/templates/question-bank-template.csv', 'utf8'));
    expect(problems).toEqual([]);
    expect(papers).toHaveLength(1);
    expect(papers[0]).toMatchObject({
      examType: { title: 'WAEC' },
      subject: { title: 'Mathematics' },
      year: 2024,
    });
    expect(papers[0]?.duration).toBe(20);
    expect(
      papers[0]?.questions.map((question) => [question.key, question.answer, question.options.length]),
    ).toEqual([
      ['waec-mathematics-2024-01', 0, 4],
      ['waec-mathematics-2024-02', 2, 5],
      ['waec-mathematics-2024-03', 2, 4],
    ]);
    expect(papers[0]?.questions[2]).toMatchObject({
      questionType: 'diagram',
      fileUrl: '/bank/diagrams/bece-mathematics-2022-parallel-lines.svg',
    });
  });

  it('groups rows into papers and keys a question with no ID by a hash of its paper and text', () => {
    const text = csv(
      biologyRow(1),
      biologyRow(2),
      biologyRow(3, { Year: '2021', ID: 'neco-bio-2021-03' }),
      biologyRow(4, { 'Option E': 'Golgi body', Answer: 'e', 'Option B image': '/bank/diagrams/x.svg' }),
    );
    const { papers, problems } = check(text);
    expect(problems).toEqual([]);
    expect(papers.map((paper) => [paper.year, paper.duration, paper.questions.length])).toEqual([
      [2020, undefined, 3],
      [2021, undefined, 1],
    ]);
    const [first, second, fourth] = papers[0]?.questions ?? [];
    expect(first?.key).toMatch(/^hash-[0-9a-f]{32}$/);
    expect(second?.key).not.toBe(first?.key);
    expect(check(text).papers[0]?.questions[0]?.key).toBe(first?.key);
    expect(papers[1]?.questions[0]?.key).toBe('neco-bio-2021-03');
    expect(fourth?.answer).toBe(4);
    expect(fourth?.options[1]).toMatchObject({ optionType: 'image', fileUrl: '/bank/diagrams/x.svg' });
    expect(fourth?.options[4]?.option.html).toBe('Golgi body');
  });

  it('reads a semicolon-separated file, a BOM, CRLF line ends and a quoted cell over several lines', () => {
    const text = `\uFEFF${csv(
      biologyRow(1, { Question: 'Read this:\nwhich organelle, then?' }),
      biologyRow(2),
    )
      .replaceAll(',', ';')
      .replaceAll('\n', '\r\n')}`;
    const { papers, problems } = check(text);
    expect(problems).toEqual([]);
    expect(papers[0]?.questions[0]?.question.html).toBe('Read this:<br />which organelle; then?');
  });

  it('reports broken quotes with their line', () => {
    const text = csv(biologyRow(1), `NECO,Biology,2020,,"Unclosed quote,,,A,B,C,D,,,,,,,A,,,`);
    expect(check(text).problems).toEqual([
      {
        file: FILE,
        line: 3,
        message: expect.stringMatching(
          /^the CSV cannot be read \(.*\): check the double quotes on this line/,
        ),
      },
    ]);
  });

  it('reports a missing or unknown column in the header row', () => {
    const header = CSV_HEADER.replace(',Answer,', ',Anwser,');
    expect(check(`${header}\n${biologyRow(1)}\n`).problems).toEqual([
      {
        file: FILE,
        row: 1,
        field: 'Anwser',
        message: expect.stringMatching(
          /^column "Anwser" is not a template column: rename it to one of Exam type, /,
        ),
      },
      {
        file: FILE,
        row: 1,
        message:
          'the column "Answer" is missing: copy the header row from content/templates/question-bank-template.csv',
      },
    ]);
  });

  it('reports each bad cell with its row (as the spreadsheet numbers it) and column', () => {
    const text = csv(
      biologyRow(1, { Question: 'Spans\ntwo lines' }),
      biologyRow(2, { Answer: 'E' }),
      '',
      biologyRow(3, { 'Option C': '' }),
      biologyRow(4, { Year: '20x1' }),
      `${biologyRow(5)},extra`,
      biologyRow(6, { 'Option D': '\\(\\sqrt{x\\)' }),
      biologyRow(7, { 'Question image': 'javascript:alert(1)' }),
    );
    expect(check(text).problems).toEqual([
      {
        file: FILE,
        row: 5,
        field: 'Option C',
        message: 'Option C is empty but Option D is not: fill the options in order from A',
      },
      {
        file: FILE,
        row: 7,
        message:
          'the row has more cells than the header has columns; put text that holds a comma in double quotes',
      },
      {
        file: FILE,
        row: 3,
        field: 'Answer',
        message:
          'answer is E but the question has only 4 options (A to D); give the letter of the right option',
      },
      { file: FILE, row: 6, field: 'Year', message: 'year must be a four-digit year such as 2021' },
      {
        file: FILE,
        row: 8,
        field: 'Option D',
        message: expect.stringMatching(/^option D: the formula at character 1 cannot be rendered/),
      },
      {
        file: FILE,
        row: 9,
        field: 'Question image',
        message:
          'file.url must be a path on this site such as /bank/diagrams/name.svg, or an http(s) address',
      },
    ]);
  });

  it('reports two rows with the same question text in one paper', () => {
    const text = csv(biologyRow(1), csvRow({}), biologyRow(1));
    expect(check(text).problems).toEqual([
      {
        file: FILE,
        row: 4,
        field: 'Question',
        message: `this question has the same text as the one at ${FILE}, row 2 in the same paper; remove the repeat, or give both questions ids to tell them apart`,
      },
    ]);
  });
});
