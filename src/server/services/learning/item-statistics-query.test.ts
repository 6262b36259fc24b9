import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaper, type FixtureQuestion } from '../../../../tests/support/bank-fixture.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { attemptAnswers, attempts, lifelineUses, questionReports, users } from '../../db/schema.ts';
import { FLAG_RULES } from './item-statistics-formulas.ts';
import { bankStatistics } from './item-statistics-query.ts';
import { CSV_COLUMNS, formatReport, toCsv } from './item-statistics-report.ts';

const handle = await openTestDatabase();
afterAll(() => handle.close());
const { db } = handle;
const HOUR = 3_600_000;
const start = new Date('2026-03-02T08:00:00Z');

let studentCount = 0;
async function student(): Promise<string> {
  studentCount += 1;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Ada',
      lastName: `Student ${studentCount}`,
      email: `stats-${studentCount}@example.test`,
      telephone: `+2348000000${String(studentCount).padStart(3, '0')}`,
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

type Paper = Awaited<ReturnType<typeof createPaper>>;

/** An attempt at `paper` started `hours` after `start`, answering with the letters in `picks` ('-' blank). */
async function attempt(
  userId: string,
  paper: Paper,
  picks: string,
  { hours = 0, submitted = true, kind = 'exam' as 'exam' | 'daily', clientId = null as string | null } = {},
) {
  const startedAt = new Date(start.getTime() + hours * HOUR);
  const [row] = await db
    .insert(attempts)
    .values({
      userId,
      kind,
      paperId: kind === 'exam' ? paper.paperId : null,
      subjectId: paper.ids.subject,
      day: kind === 'daily' ? '2026-03-02' : null,
      questionIds: paper.questions.map((question) => question.id),
      durationMinutes: 20,
      startedAt,
      endsAt: new Date(startedAt.getTime() + HOUR / 3),
      submittedAt: submitted ? new Date(startedAt.getTime() + HOUR / 4) : null,
      clientId,
    })
    .returning({ id: attempts.id });
  if (!row) throw new Error('no attempt');
  const answers = [...picks].flatMap((pick, index) => {
    const question = paper.questions[index] as FixtureQuestion;
    if (pick === '-') return [];
    const optionId = question.optionIds['ABCD'.indexOf(pick)] as string;
    return [{ attemptId: row.id, questionId: question.id, optionId, answeredAt: startedAt }];
  });
  if (answers.length > 0) await db.insert(attemptAnswers).values(answers);
  return row.id;
}

// Paper P (option B right on all three questions), first attempts of four students:
//   U1  B B A   (a later attempt, all right, is not a first attempt)
//   U2  B C -   (an earlier attempt it never submitted does not count)
//   U3  A B -   (it answered C on q3, then skipped q3 with a lifeline: blank)
//   U4  B B B   (taken offline and uploaded)
// and a daily test of U5 that shows the same questions, which is another test.
const paper = await createPaper(db, { count: 3 });
// A paper nobody has taken or reported: not listed, only counted.
await createPaper(db, { count: 2 });
const reportedOnly = await createPaper(db, { count: 2 });
const [u1, u2, u3, u4, u5] = [
  await student(),
  await student(),
  await student(),
  await student(),
  await student(),
];
await attempt(u1, paper, 'BBA');
await attempt(u1, paper, 'BBB', { hours: 5 });
await attempt(u2, paper, 'AAA', { submitted: false });
await attempt(u2, paper, 'BC-', { hours: 1 });
const skipped = await attempt(u3, paper, 'ABC', { hours: 2 });
const q3 = paper.questions[2] as FixtureQuestion;
await db.insert(lifelineUses).values({ attemptId: skipped, questionId: q3.id, kind: 'skip', usedAt: start });
await attempt(u4, paper, 'BBB', { hours: 3, clientId: '0b5e0c5e-2f0e-4c4e-9a61-1a2b3c4d5e6f' });
await attempt(u5, paper, 'AAA', { kind: 'daily' });
// Two open reports on q2, one resolved on q1, and one open on a paper nobody has taken.
const [q1, q2] = paper.questions as [FixtureQuestion, FixtureQuestion];
await db.insert(questionReports).values([
  { userId: u1, questionId: q2.id, reason: 'wrong-key' },
  { userId: u2, questionId: q2.id, reason: 'typo' },
  { userId: u3, questionId: q1.id, reason: 'unclear', resolvedAt: start },
  { userId: u1, questionId: reportedOnly.questions[0]?.id ?? '', reason: 'other' },
]);

const rules = { ...FLAG_RULES, minAttempts: 4 };

describe('bankStatistics', () => {
  it('analyses each student’s first scored full exam at a paper, with the open reports', async () => {
    const stats = await bankStatistics(db, {}, rules);
    expect(stats.quietPapers).toBe(1);
    expect(stats.papers.map((entry) => entry.firstAttempts).sort()).toEqual([0, 4]);
    const analysed = stats.papers.find((entry) => entry.firstAttempts === 4);
    const [s1, s2, s3] = analysed?.questions ?? [];
    expect(analysed?.questions.map((question) => [question.number, question.answer])).toEqual([
      [1, 'B'],
      [2, 'B'],
      [3, 'B'],
    ]);
    // q1: B B A B. q2: B C B B. q3: A, blank, skipped (blank), B.
    expect([s1, s2, s3].map((question) => [question?.stats.attempts, question?.stats.right])).toEqual([
      [4, 3],
      [4, 3],
      [4, 1],
    ]);
    expect(s1?.stats.options.map((option) => option.share)).toEqual([0.25, 0.75, 0, 0]);
    expect(s3?.stats.blank).toBe(2);
    // q3 against the rest: x = 0 0 0 1, rest = 2 1 1 2 (totals 2 1 1 3).
    //   mean x 1/4, mean rest 3/2: Σdx·dr = 0.5, Σdx² = 0.75, Σdr² = 1, r = 0.5 / √0.75 = 1/√3
    expect(s3?.stats.discrimination).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect([s1?.openReports, s2?.openReports]).toEqual([0, 2]);
    expect(s1?.flags).toEqual(['nobody picked C, D']);
    expect(s2?.flags).toEqual(['nobody picked A, D', '2 open reports']);
    const reported = stats.papers.find((entry) => entry.firstAttempts === 0);
    expect(reported?.questions.map((question) => [question.stats.attempts, question.flags])).toEqual([
      [0, ['1 open report']],
      [0, []],
    ]);
  });

  it('leaves out the students whose first attempt was uploaded, and filters by exam type, subject and year', async () => {
    const online = await bankStatistics(db, { onlineOnly: true }, rules);
    const analysed = online.papers.find((entry) => entry.firstAttempts > 0);
    expect(analysed?.firstAttempts).toBe(3);
    // Three attempts are below the minimum of four: only reports are flagged.
    expect(analysed?.questions.map((question) => question.flags)).toEqual([[], ['2 open reports'], []]);

    const [examType, subject] = await Promise.all([
      db.query.examTypes.findFirst({ where: (table, { eq }) => eq(table.id, paper.ids.examType) }),
      db.query.subjects.findFirst({ where: (table, { eq }) => eq(table.id, paper.ids.subject) }),
    ]);
    const byTitle = await bankStatistics(db, { examType: examType?.title, subject: subject?.slug }, rules);
    expect(byTitle.papers.map((entry) => entry.firstAttempts)).toEqual([4]);
    expect(byTitle.quietPapers).toBe(0);
    const otherYear = await bankStatistics(db, { examType: examType?.title, year: 2101 }, rules);
    expect(otherYear).toEqual({ papers: [], quietPapers: 0 });
    expect(formatReport(otherYear, rules)).toMatch(/No paper in the bank matches\.$/);
  });

  it('prints a table per paper and writes the same rows as CSV', async () => {
    const stats = await bankStatistics(db, {}, rules);
    const text = formatReport(stats, rules);
    expect(text).toContain(': 4 first attempt(s)');
    expect(text).toContain('1 paper(s) with no first attempt and no open report are not listed.');
    // q2: 4 attempts, facility 0.75, r = 0 (x = 1 0 1 1 against rest = 1 1 0 2), A 0%, B (right) 75%, C 25%.
    expect(text).toMatch(
      /\n {3}2 \S+ +4 +0\.75 +0\.00 +0% +\*75% +25% +0% +- +0% +2 +nobody picked A, D; 2 open reports\n/,
    );

    const csv = toCsv(stats);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows]: string[][] = parse(csv, { bom: true });
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(3 + 2);
    const q3Row = rows.find((row) => row[3] === '3' && row[7] === '4');
    expect(q3Row?.slice(6)).toEqual([
      'B',
      '4',
      '1',
      '0.25',
      String(Math.round((1 / Math.sqrt(3)) * 10_000) / 10_000),
      '0.25',
      '0.25',
      '0',
      '0',
      '',
      '0.5',
      '0',
      'nobody picked C, D',
    ]);
    expect(parse(toCsv(stats, true), { bom: true })).toHaveLength(1 + 3 + 1);
  });
});
