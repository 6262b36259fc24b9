import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
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
import { examTypes, options, papers, questions, subjects, years } from '../../db/schema.ts';
import { loadExamQuestions, loadPaperContent } from '../exams/papers.ts';
import { readNativePapers } from './export.ts';
import { importBank } from './import.ts';
import { BankImportError, type Problem } from './types.ts';

const handle = await openTestDatabase();
afterAll(() => handle.close());
const { db } = handle;
const { root, folder } = await bankWorkspace('bank-import-');

const run = (paths: string[], dryRun = false) => importBank(db, paths, { cwd: root, dryRun });

async function problemsOf(paths: string[]): Promise<Problem[]> {
  const error = await run(paths).catch((caught: unknown) => caught);
  if (!(error instanceof BankImportError)) throw new Error('expected the import to fail');
  return error.problems;
}

/** Everything the bank holds, to show that an import changed nothing. */
async function snapshot() {
  return {
    examTypes: await db.select().from(examTypes).orderBy(asc(examTypes.id)),
    subjects: await db.select().from(subjects).orderBy(asc(subjects.id)),
    years: await db.select().from(years).orderBy(asc(years.id)),
    papers: await db.select().from(papers).orderBy(asc(papers.id)),
    questions: await db.select().from(questions).orderBy(asc(questions.id)),
    options: await db.select().from(options).orderBy(asc(options.id)),
  };
}

async function paperQuestions(key: string) {
  const [row] = await db.select({ paperId: questions.paperId }).from(questions).where(eq(questions.key, key));
  const rows = await db
    .select({
      id: questions.id,
      key: questions.key,
      position: questions.position,
      html: questions.questionHtml,
    })
    .from(questions)
    .where(eq(questions.paperId, row?.paperId ?? ''))
    .orderBy(asc(questions.position));
  return rows;
}

async function optionsOf(key: string) {
  return db
    .select({
      id: options.id,
      position: options.position,
      html: options.optionHtml,
      isCorrect: options.isCorrect,
    })
    .from(options)
    .innerJoin(questions, eq(questions.id, options.questionId))
    .where(eq(questions.key, key))
    .orderBy(asc(options.position));
}

const geographyRows = [
  ['Exam type', 'Subject', 'Year', 'Question', 'Option A', 'Option B', 'Option C', 'Option D', 'Answer'],
  [
    'GCE',
    'Geography',
    2021,
    'Which instrument measures relative humidity?',
    'Hygrometer',
    'Barometer',
    'Anemometer',
    'Rain gauge',
    'A',
  ],
  [
    'GCE',
    'Geography',
    2021,
    'Which line divides the earth into two hemispheres?',
    'Tropic of Cancer',
    'Equator',
    'Prime meridian',
    'Arctic circle',
    'B',
  ],
];

describe('importBank', () => {
  it('imports every format from a folder, and importing it again changes nothing', async () => {
    const xlsx = await writeXlsxFile(geographyRows).toBuffer();
    const path = await folder('mixed', {
      'waec/mathematics-2021.json': JSON.stringify(nativePaper('mixed-maths', 4), null, 2),
      'neco-biology.csv': [CSV_HEADER, biologyRow(1), biologyRow(2), biologyRow(3)].join('\n'),
      'sheets/gce-geography.xlsx': xlsx,
      'jamb-physics.txt': aikenFile([
        AIKEN_BLOCK,
        AIKEN_BLOCK.replace('SI unit of force', 'SI unit of work'),
      ]),
      'README.md': '# notes',
    });
    const first = await run([path]);
    expect(first).toEqual({
      dryRun: false,
      files: 4,
      papers: { added: 4, updated: 0, unchanged: 0 },
      questions: { added: 11, updated: 0, unchanged: 0 },
      examTypesAdded: 4,
      subjectsAdded: 4,
      yearsAdded: 2,
      notes: ['Skipped 1 file(s) that are not .json, .csv, .xlsx, .txt or .aiken: mixed/README.md'],
      // Topic warnings have their own tests (import-warnings.test.ts).
      warnings: expect.any(Array),
    });
    const before = await snapshot();
    expect(before.questions).toHaveLength(11);
    expect(before.options).toHaveLength(44);

    const again = await run([path]);
    expect(again.papers).toEqual({ added: 0, updated: 0, unchanged: 4 });
    expect(again.questions).toEqual({ added: 0, updated: 0, unchanged: 11 });
    expect(again.examTypesAdded + again.subjectsAdded + again.yearsAdded).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('updates a corrected file in place: same question and option ids, new text, answer and options', async () => {
    const paper = nativePaper('fix', 4, { examType: 'BECE', year: 2022 });
    await run([await folder('fix-1', { 'bece.json': JSON.stringify(paper) })]);
    const questionsBefore = await paperQuestions('fix-01');
    const optionsBefore = await optionsOf('fix-02');
    expect(optionsBefore.map((option) => option.isCorrect)).toEqual([false, true, false, false]);

    const [q1, q2, q3] = paper.questions;
    Object.assign(q1 ?? {}, { question: 'Corrected: what is \\(2 + 2\\)?' });
    Object.assign(q2 ?? {}, { answer: 'D' });
    q3?.options.push({ option: 'Option E2' });
    const summary = await run([await folder('fix-2', { 'bece.json': JSON.stringify(paper) })]);
    expect(summary.papers).toEqual({ added: 0, updated: 1, unchanged: 0 });
    expect(summary.questions).toEqual({ added: 0, updated: 3, unchanged: 1 });

    const questionsAfter = await paperQuestions('fix-01');
    expect(questionsAfter.map((row) => row.id)).toEqual(questionsBefore.map((row) => row.id));
    expect(questionsAfter[0]?.html).toMatch(/^Corrected: what is <span class="katex">/);
    const optionsAfter = await optionsOf('fix-02');
    expect(optionsAfter.map((option) => option.id)).toEqual(optionsBefore.map((option) => option.id));
    expect(optionsAfter.map((option) => option.isCorrect)).toEqual([false, false, false, true]);
    expect((await optionsOf('fix-03')).map((option) => option.html)).toEqual([
      'Option A2',
      'Option B2',
      'Option C2',
      'Option D2',
      'Option E2',
    ]);

    // Dropping the fifth option again removes it; reordering the file reorders the paper.
    q3?.options.pop();
    paper.questions.reverse();
    const reordered = await run([await folder('fix-3', { 'bece.json': JSON.stringify(paper) })]);
    expect(reordered.questions).toEqual({ added: 0, updated: 4, unchanged: 0 });
    expect((await optionsOf('fix-03')).map((option) => option.html)).toHaveLength(4);
    expect((await paperQuestions('fix-01')).map((row) => row.key)).toEqual([
      'fix-04',
      'fix-03',
      'fix-02',
      'fix-01',
    ]);
  });

  it('keeps the passage that questions share, shows it with each of them, and exports it back', async () => {
    const passage = '<p>Ada sold <u>kola</u> at Onitsha market.</p><p>Her brother kept the accounts.</p>';
    const paper = nativePaper('passage', 3, { examType: 'JAMB', subject: 'English', year: 2019 });
    for (const question of paper.questions.slice(0, 2)) Object.assign(question, { passage });
    const sheet = [
      `${CSV_HEADER},Passage`,
      `${biologyRow(1, { Year: '2018' })},"Read this: cells divide."`,
      `${biologyRow(2, { Year: '2018' })},`,
    ].join('\n');
    await run([await folder('passages', { 'english.json': JSON.stringify(paper), 'biology.csv': sheet })]);

    const stored = await db
      .select({ key: questions.key, passage: questions.passageHtml, paperId: questions.paperId })
      .from(questions)
      .where(sql`${questions.key} like 'passage-%'`)
      .orderBy(asc(questions.position));
    expect(stored.map((row) => row.passage)).toEqual([passage, passage, '']);

    const content = await loadPaperContent(db, stored[0]?.paperId ?? '');
    expect(content.ordered.map((question) => question.passage)).toEqual([passage, passage, undefined]);
    expect(content.key.get(content.questionIds[0] ?? '')?.passage).toBe(passage);
    // The daily test reads questions by id from across a subject's papers.
    const daily = await loadExamQuestions(db, content.questionIds);
    expect(daily.map((question) => question.passage)).toEqual([passage, passage, undefined]);

    const exported = (await readNativePapers(db)).find((item) => item.path === 'jamb/english-2019.json');
    expect(exported?.paper.questions.map((question) => question.passage)).toEqual([
      passage,
      passage,
      undefined,
    ]);

    const biology = await db
      .select({ passage: questions.passageHtml })
      .from(questions)
      .innerJoin(papers, eq(papers.id, questions.paperId))
      .innerJoin(years, eq(years.id, papers.yearId))
      .where(eq(years.year, 2018))
      .orderBy(asc(questions.position));
    expect(biology.map((row) => row.passage)).toEqual(['Read this: cells divide.', '']);
  });

  it('appends the questions of a partial import and keeps the stored ones, in their order', async () => {
    const paper = nativePaper('part', 3, { examType: 'NECO', subject: 'Commerce', year: 2020 });
    await run([await folder('part-1', { 'neco.json': JSON.stringify(paper) })]);
    const rows = [
      CSV_HEADER,
      biologyRow(9, { Subject: 'Commerce', ID: 'part-new' }),
      biologyRow(10, { Subject: 'Commerce', ID: 'part-02', Question: 'Question 2 of part, reworded' }),
    ];
    const summary = await run([await folder('part-2', { 'more.csv': rows.join('\n') })]);
    expect(summary.questions).toEqual({ added: 1, updated: 1, unchanged: 0 });
    expect(summary.papers).toEqual({ added: 0, updated: 1, unchanged: 0 });
    expect(summary.notes).toEqual([
      'NECO Commerce 2020 keeps 2 stored question(s) that this import does not list; an import never deletes questions.',
    ]);
    const stored = await paperQuestions('part-01');
    expect(stored.map((row) => [row.key, row.position])).toEqual([
      ['part-01', 0],
      ['part-02', 1],
      ['part-03', 2],
      ['part-new', 3],
    ]);
    expect(stored[1]?.html).toBe('Question 2 of part, reworded');
  });

  it('moves a question whose id a file puts in another paper', async () => {
    await run([await folder('move-1', { 'a.json': JSON.stringify(nativePaper('move', 2, { year: 2015 })) })]);
    const before = (await paperQuestions('move-02')).find((row) => row.key === 'move-02');
    const moved = nativePaper('move', 2, { year: 2016 });
    moved.questions.shift();
    const summary = await run([await folder('move-2', { 'b.json': JSON.stringify(moved) })]);
    expect(summary).toMatchObject({ papers: { added: 1 }, questions: { added: 0, updated: 1 } });
    const after = await paperQuestions('move-02');
    expect(after.map((row) => row.key)).toEqual(['move-02']);
    expect(after[0]?.id).toBe(before?.id);
    expect((await paperQuestions('move-01')).map((row) => row.key)).toEqual(['move-01']);
  });

  it('refuses to remove an option that something refers to, such as a student answer, and saves nothing', async () => {
    const paper = nativePaper('kept', 1, { year: 2014 });
    paper.questions[0]?.options.push({ option: 'Option E0' });
    await run([await folder('kept-1', { 'a.json': JSON.stringify(paper, null, 2) })]);
    await db.execute(sql`create table answer_refs (option_id uuid not null references options(id))`);
    const fifth = (await optionsOf('kept-01'))[4];
    await db.execute(sql`insert into answer_refs values (${fifth?.id})`);
    paper.questions[0]?.options.pop();
    Object.assign(paper.questions[0] ?? {}, { explanation: 'Changed too.' });
    const before = await snapshot();
    const text = JSON.stringify(paper, null, 2);
    await folder('kept-2', { 'a.json': text });
    expect(await problemsOf(['kept-2'])).toEqual([
      {
        file: 'kept-2/a.json',
        line: lineOf(text, '"id"') - 1,
        field: 'questions[0]',
        message: 'option E cannot be removed: students have already answered with it; keep 5 options',
      },
    ]);
    expect(await snapshot()).toEqual(before);
    await db.execute(sql`drop table answer_refs`);
  });

  it('re-imports a spreadsheet without ids with no duplicate', async () => {
    const rows = [CSV_HEADER, biologyRow(21, { Year: '2019' }), biologyRow(22, { Year: '2019' })].join('\n');
    const first = await run([await folder('noid-1', { 'bio.csv': rows })]);
    expect(first.questions.added).toBe(2);
    const second = await run([await folder('noid-2', { 'bio-copy.csv': rows })]);
    expect(second.questions).toEqual({ added: 0, updated: 0, unchanged: 2 });
  });

  it('sets a changed duration, and keeps it when a file gives none', async () => {
    const paper = nativePaper('dur', 1, { examType: 'IELTS', subject: 'English', year: 2023, duration: 20 });
    await run([await folder('dur-1', { 'a.json': JSON.stringify(paper) })]);
    const changed = await run([
      await folder('dur-2', { 'a.json': JSON.stringify({ ...paper, duration: 25 }) }),
    ]);
    expect(changed.papers).toEqual({ added: 0, updated: 1, unchanged: 0 });
    const { duration: _, ...withoutDuration } = paper;
    const kept = await run([await folder('dur-3', { 'a.json': JSON.stringify(withoutDuration) })]);
    expect(kept.papers).toEqual({ added: 0, updated: 0, unchanged: 1 });
    const [row] = await db
      .select({ duration: papers.duration })
      .from(papers)
      .innerJoin(questions, eq(questions.paperId, papers.id))
      .where(eq(questions.key, 'dur-01'));
    expect(row?.duration).toBe(25);
  });

  it('counts the changes in a dry run and saves none', async () => {
    const before = await snapshot();
    const paper = nativePaper('dry', 2, { examType: 'Dry Run Exam' });
    const summary = await run([await folder('dry', { 'dry.json': JSON.stringify(paper) })], true);
    expect(summary).toMatchObject({
      dryRun: true,
      papers: { added: 1, updated: 0, unchanged: 0 },
      questions: { added: 2, updated: 0, unchanged: 0 },
      examTypesAdded: 1,
    });
    expect(await snapshot()).toEqual(before);
  });

  const brokenFiles: [string, () => Promise<Record<string, string | Buffer>>, (text: string) => Problem][] = [
    [
      'native JSON',
      async () => {
        const paper = nativePaper('broken-json', 3, { examType: 'Broken' });
        Object.assign(paper.questions[2] ?? {}, { answer: 'E' });
        return { 'broken.json': JSON.stringify(paper, null, 2) };
      },
      (text) => ({
        file: 'broken/broken.json',
        line: lineOf(text, '"answer": "E"'),
        field: 'questions[2].answer',
        message:
          'answer is E but the question has only 4 options (A to D); give the letter of the right option',
      }),
    ],
    [
      'CSV',
      async () => ({
        'broken.csv': [
          CSV_HEADER,
          biologyRow(31, { Year: '2030' }),
          biologyRow(32, { Year: '2030', 'Option B': '' }),
        ].join('\n'),
      }),
      () => ({
        file: 'broken/broken.csv',
        row: 3,
        field: 'Option B',
        message: 'Option B is empty but Option C is not: fill the options in order from A',
      }),
    ],
    [
      'XLSX',
      async () => ({
        'broken.xlsx': await writeXlsxFile([
          ...geographyRows.map((row) => [...row]),
          ['GCE', 'Geography', 2031, 'Q', 'a', 'b', 'c', 'd', ''],
        ]).toBuffer(),
      }),
      () => ({
        file: 'broken/broken.xlsx',
        row: 4,
        field: 'Answer',
        message: 'answer must be the letter of the right option, A to E',
      }),
    ],
    [
      'Aiken',
      async () => ({
        'broken.txt': aikenFile(
          [AIKEN_BLOCK.replace('ANSWER: B', 'ANSWER:')],
          'Exam type: Broken\nSubject: Physics\nYear: 2032',
        ),
      }),
      () => ({
        file: 'broken/broken.txt',
        line: 10,
        message: 'answer must be the letter of the right option, A to E',
      }),
    ],
  ];

  it.each(brokenFiles)(
    'reports a broken %s file with its place and saves nothing, not even the good files',
    async (_, make, expected) => {
      const before = await snapshot();
      const files = await make();
      const [name, content] = Object.entries(files)[0] ?? ['', ''];
      await folder('broken', files);
      await folder('good', {
        'good.json': JSON.stringify(nativePaper(`good-${name}`, 2, { examType: 'Good' })),
      });
      expect(await problemsOf(['good', `broken/${name}`])).toEqual([expected(content.toString())]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('reports a path that does not exist, and a file it cannot import', async () => {
    expect(await problemsOf(['nowhere/paper.json'])).toEqual([
      { file: 'nowhere/paper.json', message: 'no such file or folder: check the path' },
    ]);
    await folder('odd', { 'paper.docx': 'not a bank file' });
    expect(await problemsOf(['odd/paper.docx'])).toEqual([
      {
        file: 'odd/paper.docx',
        message: 'files ending in .docx cannot be imported: use .json, .csv, .xlsx, .txt or .aiken',
      },
    ]);
  });
});
