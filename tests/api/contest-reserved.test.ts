import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Subject, Year } from '../../src/lib/api/catalogue.ts';
import { examApi, masteryApi, offlineApi } from '../../src/lib/api/endpoints.ts';
import type { ExamPayload } from '../../src/lib/api/exam.ts';
import type { MasteryOverview } from '../../src/lib/api/mastery.ts';
import type { OfflinePaper, OfflinePaperSize } from '../../src/lib/api/offline.ts';
import type { Paged } from '../../src/lib/api/paged.ts';
import type { ReviewDue } from '../../src/lib/api/review.ts';
import type { UtmeCatalogue, UtmeSitting } from '../../src/lib/api/utme.ts';
import {
  attempts,
  examTypes,
  papers,
  questionReports,
  questions,
  reviewCards,
} from '../../src/server/db/schema.ts';
import { readNativePapers } from '../../src/server/services/bank/export.ts';
import { parseNativeJson } from '../../src/server/services/bank/formats/native-json.ts';
import { importParsedFiles } from '../../src/server/services/bank/import.ts';
import { BankImportError } from '../../src/server/services/bank/types.ts';
import { bankStatistics } from '../../src/server/services/learning/item-statistics-query.ts';
import { createJambBank } from '../support/bank-fixture.ts';
import { bankPaperId, createContest, RESERVED_MARK, yearId } from '../support/contest-fixture.ts';
import { createTestApp, examUrl, subscribedStudent } from '../support/test-app.ts';

// A contest's questions are reserved: on a bank that holds contests whose papers share a bank paper's exam
// type, subject and year, no list, paper, draw or tool of the bank shows a contest's question or paper.

const t = await createTestApp();
const bank = await createJambBank(t.db);
const { mathematics, physics, civic } = bank.subjects;
const jamb = bank.examTypeId;
const now = t.clock.now();

const maths2019 = { examType: jamb, subject: mathematics.id, year: await yearId(t.db, 2019) };
const firstMaths2019 = await bankPaperId(t.db, maths2019);
// Large, so that any draw of the subject that let it in would almost surely take some of it.
const mathsContest = await createContest(t.db, {
  key: 'contest-maths',
  ...maths2019,
  count: 150,
  now,
  topicOf: (position) => (position % 2 === 0 ? 'Indices' : 'Sequences'),
});
// The bank paper is stored again after the contest's, with its questions, so that a query that forgot the
// rule would meet the contest's paper first, whether it reads the table or an index.
await t.db
  .update(papers)
  .set({ yearId: await yearId(t.db, 2099) })
  .where(eq(papers.id, firstMaths2019));
const [storedAgain] = await t.db
  .insert(papers)
  .values({ examTypeId: jamb, subjectId: mathematics.id, yearId: maths2019.year })
  .returning({ id: papers.id });
if (!storedAgain) throw new Error('fixture insert failed');
const bankMaths2019 = storedAgain.id;
await t.db.update(questions).set({ paperId: bankMaths2019 }).where(eq(questions.paperId, firstMaths2019));
await t.db.delete(papers).where(eq(papers.id, firstMaths2019));
const bankMathsIds = mathematics.questions.filter((q) => q.paperId === firstMaths2019).map((q) => q.id);
// Ten questions of the bank paper share a topic with the contest's, so that a practice of it has a bank to draw.
await t.db.execute(
  sql`update questions set topic = 'Indices' where paper_id = ${bankMaths2019}::uuid and position < 10`,
);
const bankIndices = new Set(
  mathematics.questions.filter((q) => q.paperId === firstMaths2019 && q.position < 10).map((q) => q.id),
);

// A contest of an exam type that has no bank paper, in a subject whose only bank paper is WAEC's of 2021.
const [league] = await t.db
  .insert(examTypes)
  .values({ slug: 'quiz-league', title: 'Quiz League' })
  .returning({ id: examTypes.id });
if (!league) throw new Error('fixture insert failed');
const leagueContest = await createContest(t.db, {
  key: 'contest-league',
  examType: league.id,
  subject: civic.id,
  year: maths2019.year,
  count: 5,
  now,
});
const physics2020 = { examType: jamb, subject: physics.id, year: await yearId(t.db, 2020) };
const bankPhysics2020 = await bankPaperId(t.db, physics2020);
const physicsContest = await createContest(t.db, { key: 'contest-physics', ...physics2020, count: 5, now });

const reserved = new Set<string>([...mathsContest.ids, ...leagueContest.ids, ...physicsContest.ids]);
const noneReserved = (ids: Iterable<string>) => [...ids].filter((id) => reserved.has(id));

async function get<Data>(path: string, token?: string) {
  const response = await t.request<Data>('GET', path, token ? { token } : {});
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(RESERVED_MARK);
  return response.json.data;
}

describe('the catalogue lists', () => {
  it('list only what bank papers offer', async () => {
    const allYears = await get<Paged<Year>>('/api/v1/year');
    const year2019 = allYears.docs.find((doc) => doc.title === '2019');
    expect(year2019?.examType).toEqual([jamb]);
    expect(year2019?.subject).not.toContain(civic.id);
    expect(allYears.docs.filter((doc) => doc.subject.includes(civic.id)).map((doc) => doc.title)).toEqual([
      '2021',
    ]);
    expect((await get<Paged<Year>>(`/api/v1/year?examType=${league.id}`)).docs).toEqual([]);

    expect((await get<Paged<Subject>>(`/api/v1/subject?examType=${league.id}`)).docs).toEqual([]);
    const allSubjects = await get<Paged<Subject>>('/api/v1/subject');
    expect(allSubjects.docs.find((doc) => doc._id === civic.id)?.examType).not.toContain(league.id);
  });
});

describe('papers and draws', () => {
  it('serves the bank paper for an exam type, subject and year a contest shares', async () => {
    const { token } = await subscribedStudent(t);
    const exam = await get<ExamPayload>(examUrl(maths2019), token);
    const ids = exam.questions.map((question) => question._id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids)).toEqual(new Set(bankMathsIds));
  });

  it('offers the bank paper for download, never the contest’s, and takes no upload at the contest’s', async () => {
    const { token } = await subscribedStudent(t);
    const query = `examType=${jamb}&subject=${mathematics.id}&year=${maths2019.year}`;
    const size = await get<OfflinePaperSize>(`/api/v1/exam/download/size?${query}`, token);
    expect(size.paperId).toBe(bankMaths2019);
    expect(size.questions).toBe(40);
    const paper = await get<OfflinePaper>(`/api/v1/exam/download?${query}`, token);
    expect(paper.paperId).toBe(bankMaths2019);
    expect(noneReserved(paper.questions.map((question) => question._id))).toEqual([]);

    const upload = await t.call(offlineApi.upload, {
      token,
      body: {
        clientId: randomUUID(),
        paperId: mathsContest.paperId,
        startedAt: now.toISOString(),
        finishedAt: now.toISOString(),
        answers: [],
      },
    });
    expect(upload.status, upload.text).toBe(404);
  });

  it('draws the daily test and a topic practice from bank papers alone', async () => {
    const { token } = await subscribedStudent(t);
    const daily = await get<ExamPayload>(`/api/v1/exam/daily?subject=${mathematics.id}`, token);
    expect(daily.questions.length).toBeGreaterThan(0);
    expect(noneReserved(daily.questions.map((question) => question._id))).toEqual([]);

    // Another student: a practice never draws a question of the open daily test.
    const other = await subscribedStudent(t);
    const practice = await get<ExamPayload>(
      `/api/v1/exam/topic?subject=mathematics&topic=Indices`,
      other.token,
    );
    expect(new Set(practice.questions.map((question) => question._id))).toEqual(bankIndices);
    const contestOnly = await t.call(masteryApi.topic, {
      query: { subject: 'mathematics', topic: 'Sequences' },
      token: other.token,
    });
    expect(contestOnly.status, contestOnly.text).toBe(404);
  });

  it('leaves the contests out of the UTME subjects and sittings', async () => {
    const { token } = await subscribedStudent(t);
    const catalogue = await get<UtmeCatalogue>('/api/v1/exam/utme/subjects', token);
    const counts = new Map(catalogue.electives.map((choice) => [choice._id, choice.questions]));
    expect(counts.get(mathematics.id)).toBe(80);
    expect(counts.get(physics.id)).toBe(80);

    const sitting = await get<UtmeSitting>(
      `/api/v1/exam/utme?subjects=${mathematics.id},${physics.id},${bank.subjects.biology.id}`,
      token,
    );
    const drawn = sitting.sections.flatMap((section) => section.questions.map((question) => question._id));
    expect(drawn.length).toBe(180);
    expect(noneReserved(drawn)).toEqual([]);
  });
});

describe('a contest level and the student’s learning', () => {
  it('feeds neither mastery nor the review deck', async () => {
    const { token, user } = await subscribedStudent(t);
    // A level of the maths contest, handed in blank before the student's practice.
    const level = mathsContest.questions.slice(0, 40).map((question) => question.id);
    await t.db.insert(attempts).values({
      userId: user._id,
      kind: 'contest',
      contestId: mathsContest.id,
      contestLevel: 1,
      paperId: mathsContest.paperId,
      subjectId: mathematics.id,
      questionIds: level,
      durationMinutes: 10,
      startedAt: new Date(now.getTime() - 15 * 60_000),
      endsAt: new Date(now.getTime() - 5 * 60_000),
      submittedAt: new Date(now.getTime() - 5 * 60_000),
      score: 0,
      correctAnswer: 0,
      wrongAnswer: 0,
      unanswered: level.length,
      scoreAccuracy: 0,
    });
    const practice = await get<ExamPayload>(`/api/v1/exam/topic?subject=mathematics&topic=Indices`, token);
    const submitted = await t.call(examApi.submit, { token, body: { exam: practice._id, answers: [] } });
    expect(submitted.status, submitted.text).toBe(200);
    t.clock.advance(60_000);

    const mastery = await get<MasteryOverview>('/api/v1/mastery', token);
    const maths = mastery.subjects.find((entry) => entry.subject._id === mathematics.id);
    expect(maths?.topics.map((topic) => [topic.topic, topic.answers])).toEqual([['Indices', 10]]);

    const deck = await get<ReviewDue>('/api/v1/review/due?limit=20', token);
    expect(new Set(deck.questions.map((question) => question._id))).toEqual(bankIndices);
    const cards = await t.db
      .select({ id: reviewCards.questionId })
      .from(reviewCards)
      .where(inArray(reviewCards.questionId, [...mathsContest.ids]));
    expect(cards).toEqual([]);

    // A card for a contest's question, however it came, is never served.
    await t.db
      .insert(reviewCards)
      .values({ userId: user._id, questionId: level[0] ?? '', due: now, addedAt: now });
    const again = await get<ReviewDue>('/api/v1/review/due?limit=20', token);
    expect(noneReserved(again.questions.map((question) => question._id))).toEqual([]);
  });
});

describe('the bank tools', () => {
  it('export, analyse and import the bank paper, never the contest’s', async () => {
    const exported = await readNativePapers(t.db);
    const paths = exported.map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(JSON.stringify(exported)).not.toContain(RESERVED_MARK);

    const { user } = await subscribedStudent(t);
    const [bankQuestion] = physics.questions.filter((q) => q.paperId === bankPhysics2020);
    await t.db.insert(questionReports).values([
      { userId: user._id, questionId: physicsContest.questions[0]?.id ?? '', reason: 'typo' },
      { userId: user._id, questionId: bankQuestion?.id ?? '', reason: 'typo' },
    ]);
    const stats = await bankStatistics(t.db, { examType: 'jamb', subject: 'physics', year: 2020 });
    expect(stats.papers).toHaveLength(1);
    expect(stats.papers[0]?.questions.map((question) => question.key)).toEqual(
      Array.from({ length: 40 }, (_, position) => `jamb-physics-2020-${position}`),
    );

    const file = (id: string) =>
      parseNativeJson(
        JSON.stringify({
          examType: 'JAMB',
          subject: 'Physics',
          year: 2020,
          questions: [
            {
              id,
              question: 'What is the SI unit of power?',
              options: [{ option: 'Watt' }, { option: 'Joule' }, { option: 'Newton' }, { option: 'Pascal' }],
              answer: 'A',
            },
          ],
        }),
        'physics-2020.json',
      );
    await importParsedFiles(t.db, [file('imported-physics-2020-1')]);
    const contestKeys = physicsContest.questions.map((question) => question.key);
    const keysOf = async (paperId: string) =>
      (
        await t.db
          .select({ key: questions.key })
          .from(questions)
          .where(eq(questions.paperId, paperId))
          .orderBy(questions.position)
      ).map((row) => row.key);
    expect(await keysOf(physicsContest.paperId)).toEqual(contestKeys);
    expect((await keysOf(bankPhysics2020)).at(-1)).toBe('imported-physics-2020-1');

    // A file that names a contest question's id would move it into the bank: refused, nothing written.
    await expect(importParsedFiles(t.db, [file(contestKeys[0] ?? '')])).rejects.toThrow(BankImportError);
    expect(await keysOf(physicsContest.paperId)).toEqual(contestKeys);
  });
});
