import { describe, expect, it } from 'vitest';
import { lineOf, nativePaper } from '../../../../../tests/support/bank-files.ts';
import { normalizeFiles } from '../normalize.ts';
import { parseNativeJson } from './native-json.ts';

const check = (text: string, file = 'bank/waec/mathematics-2021.json') =>
  normalizeFiles([parseNativeJson(text, file)]);

describe('parseNativeJson', () => {
  it('reads a paper with its questions, options, answers and rendered LaTeX', () => {
    const { papers, problems } = check(JSON.stringify(nativePaper('json-ok', 4), null, 2));
    expect(problems).toEqual([]);
    expect(papers).toHaveLength(1);
    const [paper] = papers;
    expect(paper).toMatchObject({
      examType: { slug: 'waec', title: 'WAEC' },
      subject: { slug: 'mathematics', title: 'Mathematics' },
      year: 2021,
      duration: 20,
    });
    expect(paper?.questions.map((question) => [question.key, question.answer])).toEqual([
      ['json-ok-01', 0],
      ['json-ok-02', 1],
      ['json-ok-03', 2],
      ['json-ok-04', 3],
    ]);
    const first = paper?.questions[0];
    expect(first?.question.html).toMatch(/^Question 1 of json-ok: simplify <span class="katex">/);
    expect(first?.question.source).toBe('Question 1 of json-ok: simplify \\(\\frac{2}{4}\\).');
    expect(first?.options.map((option) => option.option.html)).toEqual([
      'Option A0',
      'Option B0',
      'Option C0',
      'Option D0',
    ]);
    expect(first).toMatchObject({ questionType: 'text', fileUrl: null, topic: 'Fractions' });
  });

  it('reads the sample bank format with a diagram and a BOM', () => {
    const paper = nativePaper('json-diagram', 4);
    Object.assign(paper.questions[1] ?? {}, {
      questionType: 'diagram',
      file: { url: '/bank/diagrams/bece-mathematics-2022-parallel-lines.svg' },
    });
    const { papers, problems } = check(`\uFEFF${JSON.stringify(paper)}`);
    expect(problems).toEqual([]);
    expect(papers[0]?.questions[1]).toMatchObject({
      questionType: 'diagram',
      fileUrl: '/bank/diagrams/bece-mathematics-2022-parallel-lines.svg',
    });
  });

  it('reports invalid JSON with its line', () => {
    const text = JSON.stringify(nativePaper('json-syntax', 2), null, 2).replace(
      '"answer": "B",',
      '"answer": "B"',
    );
    const { problems } = check(text);
    expect(problems[0]).toEqual({
      file: 'bank/waec/mathematics-2021.json',
      line: lineOf(text, '"explanation"', '"answer": "B"'),
      message: 'the file is not valid JSON: a comma is missing between two values',
    });
  });

  it.each([
    ['\\frac{3}', 'a form feed'],
    ['\\times 3', 'a tab'],
    ['\\beta', 'a backspace'],
    ['\\right)', 'a carriage return'],
    ['\\neq 3', 'a line break'],
  ])('reports LaTeX written with one backslash (%s), which JSON reads as %s', (latex, what) => {
    const paper = nativePaper('json-escape', 2);
    Object.assign(paper.questions[1] ?? {}, { explanation: 'Work out \\(x MARK\\) first.' });
    const text = JSON.stringify(paper, null, 2).replace('MARK', latex);
    const { problems } = check(text);
    expect(problems).toEqual([
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, 'Work out'),
        field: 'questions[1].explanation',
        message: `the text holds ${what} where LaTeX was meant: in JSON write each backslash twice (\\\\frac, \\\\times)`,
      },
    ]);
  });

  it('accepts line breaks in plain text', () => {
    const paper = nativePaper('json-newline', 1);
    Object.assign(paper.questions[0] ?? {}, { question: 'Read the passage.\nnever give up.' });
    expect(check(JSON.stringify(paper)).problems).toEqual([]);
  });

  it('reports each wrong field on its own line, naming the field', () => {
    const paper = nativePaper('json-bad', 4);
    const [q1, q2, q3, q4] = paper.questions as Record<string, unknown>[];
    Object.assign(q1 ?? {}, { answer: 'E' });
    Object.assign(q2 ?? {}, { opton: 'typo' });
    Object.assign(q3 ?? {}, { options: [{ option: 'Only' }, { option: 'three' }, { option: 'options' }] });
    Object.assign(q4 ?? {}, { answer: 'Z', file: { url: 'javascript:alert(1)' }, questionType: 'image' });
    const text = JSON.stringify(paper, null, 2);
    const { problems, papers } = check(text);
    expect(papers[0]?.questions).toEqual([]);
    expect(problems).toEqual([
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"answer": "E"'),
        field: 'questions[0].answer',
        message:
          'answer is E but the question has only 4 options (A to D); give the letter of the right option',
      },
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"json-bad-02"') - 1,
        field: 'questions[1]',
        message:
          'unknown field "opton" in a question: the fields are id, passage, question, questionType, file, topic, options, answer, explanation',
      },
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"options"', '"json-bad-03"'),
        field: 'questions[2].options',
        message: 'a question needs 4 or 5 options; add the missing options',
      },
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"url": "javascript'),
        field: 'questions[3].file.url',
        message:
          'file.url must be a path on this site such as /bank/diagrams/name.svg, or an http(s) address',
      },
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"answer": "Z"'),
        field: 'questions[3].answer',
        message: 'answer must be the letter of the right option, A to E',
      },
    ]);
  });

  it('reports a formula KaTeX cannot render on the line of its option', () => {
    const paper = nativePaper('json-latex', 2);
    Object.assign(paper.questions[1]?.options[2] ?? {}, { option: 'Half is \\(\\frac{1}{2\\)' });
    const text = JSON.stringify(paper, null, 2);
    const { problems } = check(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      line: lineOf(text, 'Half is'),
      field: 'questions[1].options[2].option',
    });
    expect(problems[0]?.message).toMatch(/^option C: the formula at character 9 cannot be rendered \(/);
  });

  it('reports paper fields, and a file that holds no questions', () => {
    const text = JSON.stringify(nativePaper('json-header', 1, { year: '21', examType: '' }), null, 2);
    expect(check(text).problems).toEqual([
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"examType"'),
        field: 'examType',
        message: 'examType is empty: write it, for example WAEC',
      },
      {
        file: 'bank/waec/mathematics-2021.json',
        line: lineOf(text, '"year"'),
        field: 'year',
        message: 'year must be a four-digit year such as 2021',
      },
    ]);
    expect(
      check('{"examType": "WAEC", "subject": "Maths", "year": 2021, "questions": []}', 'x.json').problems,
    ).toEqual([
      {
        file: 'x.json',
        line: 1,
        field: 'questions',
        message: 'the paper needs "questions": a list with at least one question',
      },
    ]);
    expect(check('[]', 'x.json').problems[0]?.message).toMatch(/^the file must hold one paper/);
    expect(check('', 'x.json').problems[0]).toMatchObject({ file: 'x.json', line: 1 });
  });

  it('reports an id used twice, naming where it was first used', () => {
    const first = JSON.stringify(nativePaper('json-dup', 2), null, 2);
    const second = JSON.stringify(nativePaper('json-dup', 1, { year: 2022 }), null, 2);
    const { problems } = normalizeFiles([
      parseNativeJson(first, 'a.json'),
      parseNativeJson(second, 'b.json'),
    ]);
    expect(problems).toEqual([
      {
        file: 'b.json',
        line: lineOf(second, '"id"'),
        field: 'questions[0].id',
        message: `the id "json-dup-01" is also used at a.json, line ${lineOf(first, '"json-dup-01"') - 1}; give every question its own id`,
      },
    ]);
  });
});
