import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { biologyRow, CSV_HEADER } from '../../../../tests/support/bank-files.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { exportBank } from './export.ts';
import { importBank } from './import.ts';

const handle = await openTestDatabase();
afterAll(() => handle.close());
const { db } = handle;
const scratch = await mkdtemp(join(tmpdir(), 'bank-export-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function listJson(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8'));

describe('exportBank', () => {
  it('round-trips the sample bank: importing content/bank and exporting gives the same papers', async () => {
    const imported = await importBank(db, ['content/bank']);
    expect(imported.questions.added).toBe(1400);
    const out = await mkdtemp(join(scratch, 'out-'));
    const result = await exportBank(db, out);
    expect(result).toMatchObject({ papers: 70, questions: 1400 });

    const originals = await listJson('content/bank');
    expect(await listJson(out)).toEqual(originals);
    for (const file of originals) {
      expect({ file, paper: await readJson(join(out, file)) }).toEqual({
        file,
        paper: await readJson(join('content/bank', file)),
      });
    }

    const again = await importBank(db, [out]);
    expect(again.papers).toEqual({ added: 0, updated: 0, unchanged: 70 });
    expect(again.questions).toEqual({ added: 0, updated: 0, unchanged: 1400 });
  }, 60_000);

  it('exports spreadsheet questions with their hash keys as ids, so the export re-imports unchanged', async () => {
    const source = await mkdtemp(join(scratch, 'csv-'));
    await writeFile(
      join(source, 'bio.csv'),
      [
        CSV_HEADER,
        biologyRow(1, { Year: '2018' }),
        biologyRow(2, { Year: '2018', 'Option E': 'Lysosome 2' }),
      ].join('\n'),
    );
    await importBank(db, [source]);
    const out = await mkdtemp(join(scratch, 'out-'));
    await mkdir(out, { recursive: true });
    await exportBank(db, out);
    const paper = (await readJson(join(out, 'neco/biology-2018.json'))) as Record<string, unknown> & {
      questions: { id: string; options: unknown[]; answer: string }[];
    };
    expect(paper).not.toHaveProperty('duration');
    expect(paper).toMatchObject({ examType: 'NECO', subject: 'Biology', year: 2018 });
    expect(paper.questions.map((question) => question.id)).toEqual([
      expect.stringMatching(/^hash-[0-9a-f]{32}$/),
      expect.stringMatching(/^hash-[0-9a-f]{32}$/),
    ]);
    expect(paper.questions[1]?.options).toHaveLength(5);
    expect(paper.questions[0]).toMatchObject({
      question: 'Biology question 1: which organelle is described?',
      questionType: 'text',
      topic: 'Cells',
      answer: 'B',
      explanation: 'Explanation 1.',
    });
    const again = await importBank(db, [join(out, 'neco/biology-2018.json')]);
    expect(again.questions).toEqual({ added: 0, updated: 0, unchanged: 2 });
  });
});
