import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AIKEN_BLOCK,
  aikenFile,
  bankWorkspace,
  biologyRow,
  CSV_HEADER,
  lineOf,
  nativePaper,
} from '../../../../tests/support/bank-files.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { questions } from '../../db/schema.ts';
import { importBank } from './import.ts';
import { slugify } from './normalize.ts';
import { loadSyllabus, parseSyllabus, SYLLABUS_FILE } from './syllabus.ts';
import { formatProblem } from './types.ts';

const handle = await openTestDatabase();
afterAll(() => handle.close());
const { db } = handle;
const { root, folder } = await bankWorkspace('bank-warnings-');

// Mathematics and Biology have lists; Physics has none, so its questions are checked for a topic only.
const syllabus = parseSyllabus(
  JSON.stringify({ mathematics: ['Number and numeration', 'Algebraic expressions'], biology: ['Cells'] }),
);

describe('parseSyllabus', () => {
  it('reads each subject slug with its topics', () => {
    expect(syllabus.get('mathematics')).toEqual(['Number and numeration', 'Algebraic expressions']);
    expect(syllabus.get('physics')).toBeUndefined();
  });

  it('refuses a malformed file, naming it and what to fix', () => {
    expect(() => parseSyllabus('{"mathematics": [', 'syl.json')).toThrow(/^syl\.json is not valid JSON/);
    expect(() => parseSyllabus('{"Civic Education": ["Values"]}', 'syl.json')).toThrow(
      /^syl\.json \(at Civic Education\): a subject key must be its slug/,
    );
    expect(() => parseSyllabus('{"biology": ["Cells", "Cells"]}', 'syl.json')).toThrow(
      'syl.json (at biology): a topic is listed twice',
    );
    expect(() => parseSyllabus('{"biology": []}', 'syl.json')).toThrow('a subject needs at least one topic');
  });

  it('treats a missing file as no lists', async () => {
    expect((await loadSyllabus(join(root, 'no-such-syllabus.json'))).size).toBe(0);
  });
});

describe('topic warnings of an import', () => {
  it('warns about a missing topic and a topic off the list in every format, and imports the questions all the same', async () => {
    const paper = nativePaper('warn-json', 4);
    const [first, second, third, fourth] = paper.questions;
    Object.assign(first ?? {}, { topic: 'Number and numeration' });
    Object.assign(second ?? {}, { topic: 'Fractions' });
    Object.assign(third ?? {}, { topic: 'algebraic  Expressions' });
    delete (fourth as { topic?: string }).topic;
    const json = JSON.stringify(paper, null, 2);
    const sheet = [
      CSV_HEADER,
      biologyRow(1),
      biologyRow(2, { Topic: 'Cell biology' }),
      biologyRow(3, { Topic: '' }),
    ];
    const aiken = aikenFile([
      AIKEN_BLOCK,
      AIKEN_BLOCK.replace('force?', 'work?').replace('\nTOPIC: Units', ''),
    ]);
    const path = await folder('formats', {
      'maths.json': json,
      'bio.csv': sheet.join('\n'),
      'phys.txt': aiken,
    });

    const summary = await importBank(db, [path], { cwd: root, syllabus });
    expect(summary.questions).toEqual({ added: 9, updated: 0, unchanged: 0 });
    expect(summary.warnings.map(formatProblem)).toEqual([
      'formats/bio.csv, row 3 (Topic): topic "Cell biology" is not in the Biology syllabus (content/syllabus.json): use one of its topics, or add it there',
      'formats/bio.csv, row 4 (Topic): the question has no topic: give it one of the Biology topics in content/syllabus.json',
      `formats/maths.json, line ${lineOf(json, '"topic": "Fractions"')} (questions[1].topic): topic "Fractions" is not in the Mathematics syllabus (content/syllabus.json): use one of its topics, or add it there`,
      `formats/maths.json, line ${lineOf(json, '"topic": "algebraic')} (questions[2].topic): topic "algebraic  Expressions" is spelt differently in the Mathematics syllabus: write "Algebraic expressions"`,
      `formats/maths.json, line ${lineOf(json, '"id": "warn-json-04"') - 1} (questions[3].topic): the question has no topic: give it one of the Mathematics topics in content/syllabus.json`,
      `formats/phys.txt, line ${lineOf(aiken, 'What is the SI unit of work?')}: the question has no topic: give it a short syllabus topic`,
    ]);
    const saved = await db
      .select({ topic: questions.topic })
      .from(questions)
      .where(eq(questions.key, 'warn-json-02'));
    expect(saved).toEqual([{ topic: 'Fractions' }]);
  });

  it('reports the same warnings on a dry run, which saves nothing', async () => {
    const paper = nativePaper('warn-dry', 2, { examType: 'NECO' });
    const path = await folder('dry', { 'maths.json': JSON.stringify(paper) });
    const summary = await importBank(db, [path], { cwd: root, syllabus, dryRun: true });
    expect(summary).toMatchObject({ dryRun: true, questions: { added: 2 } });
    expect(summary.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^topic "Fractions" is not in the Mathematics syllabus/),
      expect.stringMatching(/^topic "Fractions" is not in the Mathematics syllabus/),
    ]);
    expect(await db.select().from(questions).where(eq(questions.key, 'warn-dry-01'))).toEqual([]);
  });
});

describe('the sample bank and content/syllabus.json', () => {
  it('lists every subject of the sample bank, and the sample bank imports with no topic warning', async () => {
    const kept = parseSyllabus(readFileSync(SYLLABUS_FILE, 'utf8'));
    const summary = await importBank(db, ['content/bank']);
    expect(summary.questions.added).toBe(1400);
    expect(summary.warnings.map(formatProblem)).toEqual([]);
    const bankSubjects = new Set(
      readdirSync('content/bank', { recursive: true, encoding: 'utf8' })
        .filter((path) => path.endsWith('.json'))
        .map((path) => slugify(JSON.parse(readFileSync(join('content/bank', path), 'utf8')).subject)),
    );
    expect([...kept.keys()].sort()).toEqual([...bankSubjects].sort());
  });
});
