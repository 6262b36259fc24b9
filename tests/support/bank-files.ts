// Small question-bank files for the import tests, in each format.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** A native JSON paper with `count` questions; `tag` keeps ids unique between tests. */
export function nativePaper(tag: string, count = 4, overrides: Record<string, unknown> = {}) {
  return {
    examType: 'WAEC',
    subject: 'Mathematics',
    year: 2021,
    duration: 20,
    questions: Array.from({ length: count }, (_, index) => ({
      id: `${tag}-${String(index + 1).padStart(2, '0')}`,
      question: `Question ${index + 1} of ${tag}: simplify \\(\\frac{${index + 2}}{4}\\).`,
      questionType: 'text',
      topic: 'Fractions',
      options: [
        { option: `Option A${index}` },
        { option: `Option B${index}` },
        { option: `Option C${index}` },
        { option: `Option D${index}` },
      ],
      answer: 'ABCD'[index % 4],
      explanation: `Because of rule ${index + 1}.`,
    })),
    ...overrides,
  };
}

/** The 1-based line of the first occurrence of `needle` in `text` (after `from`, if given). */
export function lineOf(text: string, needle: string, from?: string): number {
  const start = from === undefined ? 0 : text.indexOf(from);
  const index = text.indexOf(needle, Math.max(0, start));
  if (index < 0) throw new Error(`"${needle}" is not in the text`);
  return text.slice(0, index).split('\n').length;
}

export const CSV_HEADER =
  'Exam type,Subject,Year,ID,Question,Question type,Question image,Option A,Option B,Option C,Option D,Option E,Option A image,Option B image,Option C image,Option D image,Option E image,Answer,Explanation,Topic,Duration';

/** A template row: the cells by header name, the rest empty. */
export function csvRow(cells: Record<string, string>): string {
  return CSV_HEADER.split(',')
    .map((header) => {
      const value = cells[header] ?? '';
      return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    })
    .join(',');
}

/** A complete template row for one question of NECO Biology 2020. */
export function biologyRow(number: number, cells: Record<string, string> = {}): string {
  return csvRow({
    'Exam type': 'NECO',
    Subject: 'Biology',
    Year: '2020',
    Question: `Biology question ${number}: which organelle is described?`,
    'Option A': `Nucleus ${number}`,
    'Option B': `Ribosome ${number}`,
    'Option C': `Vacuole ${number}`,
    'Option D': `Chloroplast ${number}`,
    Answer: 'B',
    Explanation: `Explanation ${number}.`,
    Topic: 'Cells',
    ...cells,
  });
}

/** An Aiken file with a header and the given question blocks. */
export function aikenFile(
  blocks: string[],
  header = 'Exam type: JAMB\nSubject: Physics\nYear: 2021',
): string {
  return `${header}\n\n${blocks.join('\n\n')}\n`;
}

export const AIKEN_BLOCK = `What is the SI unit of force?
A. Joule
B. Newton
C. Watt
D. Pascal
ANSWER: B
EXPLANATION: Force is measured in newtons: 1 N = 1 kg m s^-2.
TOPIC: Units`;

/** Writes files under `root/name` (creating their folders) and returns `name`, a path relative to `root`. */
export async function writeBankFolder(
  root: string,
  name: string,
  files: Record<string, string | Buffer>,
): Promise<string> {
  for (const [path, content] of Object.entries(files)) {
    const target = join(root, name, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return name;
}

/**
 * A temporary folder for one test file's bank files, removed after its tests: `root` to import from, and
 * `folder(name, files)` to write a bank folder in it.
 */
export async function bankWorkspace(prefix: string) {
  const root = await mkdtemp(join(tmpdir(), prefix));
  afterAll(() => rm(root, { recursive: true, force: true }));
  return {
    root,
    folder: (name: string, files: Record<string, string | Buffer>) => writeBankFolder(root, name, files),
  };
}
