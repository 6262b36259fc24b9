import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AIKEN_BLOCK, aikenFile } from '../../../../../tests/support/bank-files.ts';
import { normalizeFiles } from '../normalize.ts';
import { parseAiken } from './aiken.ts';

const FILE = 'imports/jamb-physics-2021.txt';
const check = (text: string) => normalizeFiles([parseAiken(text, FILE)]);

describe('parseAiken', () => {
  it('reads the example in content/templates: header, ids, 4 and 5 options, explanation and topic', () => {
    const { papers, problems } = check(readFileSync('content/templates/aiken-example.txt', 'utf8'));
    expect(problems).toEqual([]);
    expect(papers).toHaveLength(1);
    expect(papers[0]).toMatchObject({
      examType: { title: 'JAMB' },
      subject: { title: 'Physics' },
      year: 2024,
      duration: 15,
    });
    const [first, second] = papers[0]?.questions ?? [];
    expect(first).toMatchObject({ key: 'jamb-physics-2024-01', answer: 2, topic: 'Motion' });
    expect(first?.question.html).toMatch(
      /^A car moves from rest with a uniform acceleration of <span class="katex">/,
    );
    expect(first?.explanation.source).toBe(
      'Starting from rest, v = u + at = 0 + 2 × 5 = 10 m/s. Adding 2 and 5 (7 m/s) mixes up the formula.',
    );
    expect(second?.key).toMatch(/^hash-/);
    expect(second?.options.map((option) => option.option.html)).toEqual([
      'Speed',
      'Mass',
      'Velocity',
      'Time',
      'Energy',
    ]);
  });

  it('accepts A) as well as A., lower-case letters, a multi-line question, an image and no blank lines', () => {
    const text = aikenFile([
      `Study the graph.\nWhat does the slope show?\na) Speed\nb) Distance\nc) Time\nd) Mass\nANSWER: a\nIMAGE: /bank/diagrams/graph.svg\n${AIKEN_BLOCK}`,
    ]);
    const { papers, problems } = check(text);
    expect(problems).toEqual([]);
    expect(papers[0]?.questions).toHaveLength(2);
    expect(papers[0]?.questions[0]).toMatchObject({
      answer: 0,
      questionType: 'image',
      fileUrl: '/bank/diagrams/graph.svg',
    });
    expect(papers[0]?.questions[0]?.question.html).toBe('Study the graph.<br />What does the slope show?');
    expect(papers[0]?.questions[1]?.answer).toBe(1);
  });

  it('reports a file without the header at line 1', () => {
    expect(check(AIKEN_BLOCK).problems).toEqual([
      {
        file: FILE,
        line: 1,
        message: expect.stringMatching(
          /^the file must start with a header of "Exam type:", "Subject:" and "Year:" lines/,
        ),
      },
    ]);
    expect(check(aikenFile([AIKEN_BLOCK], 'Exam type: JAMB\nYear: 2021')).problems).toEqual([
      { file: FILE, line: 1, message: 'the header has no "Subject:" line; add it at the top of the file' },
    ]);
  });

  it('reports each problem on its own line', () => {
    const text = aikenFile([
      AIKEN_BLOCK,
      'Which is a scalar?\nA. Force\nB. Speed\nC. Velocity\nD. Weight',
      'Which is heaviest?\nA. 1 kg\nC. 2 kg',
      'Which is largest?\nA. 1\nB. 2\nC. 3\nD. \\(\\sqrt{16\nANSWER: D',
      'Which is smallest?\nA. 1\nB. 2\nC. 3\nD. 4\nANSWER: F',
      'Which is a vector?\nA. Mass\nB. Time\nC. Speed\nD. Velocity\nANSWER: E',
    ]);
    const line = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(check(text).problems).toEqual([
      {
        file: FILE,
        line: line('Which is a scalar?'),
        message:
          'the question has no "ANSWER:" line: add "ANSWER:" and the letter of the right option after the options',
      },
      { file: FILE, line: line('C. 2 kg'), message: 'option C is out of order: the next option must be B.' },
      {
        file: FILE,
        line: line('Which is heaviest?'),
        message:
          'the question has no "ANSWER:" line: add "ANSWER:" and the letter of the right option after the options',
      },
      {
        file: FILE,
        line: line('D. \\(\\sqrt{16'),
        message: 'option D: the formula opened with \\( at character 1 is never closed: add \\) after it',
      },
      {
        file: FILE,
        line: line('ANSWER: F'),
        message: 'answer must be the letter of the right option, A to E',
      },
      {
        file: FILE,
        line: line('ANSWER: E'),
        message:
          'answer is E but the question has only 4 options (A to D); give the letter of the right option',
      },
    ]);
  });

  it('reports an option that runs over two lines', () => {
    const text = aikenFile(['Pick one.\nA. First\nB. Second\nthat goes on\nC. Third\nD. Fourth\nANSWER: A']);
    expect(check(text).problems).toContainEqual({
      file: FILE,
      line: 8,
      message: 'expected option C or the "ANSWER:" line; an option must fit on one line',
    });
  });
});
