import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi, offlineApi } from '../../src/lib/api/endpoints.ts';
import { attemptAnswers, attempts, users } from '../../src/server/db/schema.ts';
import {
  type EvidenceAnswer,
  studentEvidence,
  subjectEvidence,
} from '../../src/server/services/prediction/evidence.ts';
import { createPaper, type FixtureQuestion } from '../support/bank-fixture.ts';
import { createContest, yearId } from '../support/contest-fixture.ts';
import { rightOption } from '../support/contest-play.ts';
import { createTestApp, subscribedStudent, type TestApp } from '../support/test-app.ts';

// The answers a prediction learns from (docs/prediction.md, "Calibration"): each student's first answer to a
// question, in a scored attempt, given before they were shown its key. Each student below reaches the bank
// by another door; the evidence must keep exactly the answers given before a key was in sight.

const MINUTE = 60_000;
// Each test signs several students up (argon2 hashing): more than the default 20 s on a busy machine.
const SLOW = 90_000;

type Answer = { question: string; option: string };

async function openPaper(
  t: TestApp,
  token: string,
  ids: { examType: string; subject: string; year: string },
) {
  const started = await t.call(examApi.paper, { query: { exam: 'new', ...ids }, token });
  expect(started.status, started.text).toBe(200);
  return started.json.data._id;
}

async function save(t: TestApp, token: string, exam: string, answer: Answer) {
  const saved = await t.call(examApi.saveAnswer, { token, body: { exam, ...answer } });
  expect(saved.status, saved.text).toBe(200);
}

async function submit(t: TestApp, token: string, exam: string, answers: Answer[]) {
  const submitted = await t.call(examApi.submit, { token, body: { exam, answers } });
  expect(submitted.status, submitted.text).toBe(200);
}

const right = (question: FixtureQuestion): Answer => ({ question: question.id, option: question.right });
const wrong = (question: FixtureQuestion): Answer => ({
  question: question.id,
  option: question.wrong[0] ?? '',
});

/** The evidence as comparable rows, in a stable order. */
const rows = (answers: EvidenceAnswer[]) =>
  answers
    .map(({ userId, questionId, correct, options, subjectId }) => ({
      userId,
      questionId,
      correct,
      options,
      subjectId,
    }))
    .sort((a, b) => `${a.userId}${a.questionId}`.localeCompare(`${b.userId}${b.questionId}`));

describe('the evidence of a subject', () => {
  it(
    'keeps each student’s first answers given before the key, from every door but a download',
    async () => {
      const t = await createTestApp();
      t.clock.set(new Date('2026-03-02T10:00:00Z'));
      const paper = await createPaper(t.db, { count: 10 });
      const subject = paper.ids.subject;
      const q = paper.questions;
      const expected: { userId: string; questionId: string; correct: boolean }[] = [];

      // Ada saves two answers, sends two more with her hand-in and leaves six blank. Her second sitting of
      // the paper comes after its result showed every key, the blanks' included: none of it counts.
      const ada = await subscribedStudent(t);
      const first = await openPaper(t, ada.token, paper.ids);
      await save(t, ada.token, first, right(q[0] as FixtureQuestion));
      await save(t, ada.token, first, wrong(q[1] as FixtureQuestion));
      t.clock.advance(MINUTE);
      await submit(t, ada.token, first, [right(q[2] as FixtureQuestion), wrong(q[3] as FixtureQuestion)]);
      for (const [index, correct] of [true, false, true, false].entries()) {
        expected.push({ userId: ada.user._id, questionId: q[index]?.id ?? '', correct });
      }
      t.clock.advance(MINUTE);
      const again = await openPaper(t, ada.token, paper.ids);
      await submit(t, ada.token, again, q.map(wrong));

      // Bayo's daily test draws the whole paper; its key opens tonight, so what he answers today counts.
      // Sitting the paper the same afternoon, before that key opens, he answers again: not a first answer.
      const bayo = await subscribedStudent(t);
      const daily = await t.call(examApi.daily, { query: { subject }, token: bayo.token });
      expect(daily.status, daily.text).toBe(200);
      expect(daily.json.data.questions).toHaveLength(10);
      const dailyAnswers = q.map((question, index) => (index % 3 === 0 ? right(question) : wrong(question)));
      t.clock.advance(MINUTE);
      const handedIn = await t.call(examApi.submitDaily, {
        token: bayo.token,
        body: { subject, answers: dailyAnswers },
      });
      expect(handedIn.status, handedIn.text).toBe(200);
      expect(handedIn.json.data.answersOpenAt).not.toBeNull();
      q.forEach((question, index) => {
        expected.push({ userId: bayo.user._id, questionId: question.id, correct: index % 3 === 0 });
      });
      t.clock.advance(MINUTE);
      await submit(t, bayo.token, await openPaper(t, bayo.token, paper.ids), q.map(right));

      // Chidi downloads the paper, key and all. His phone's clock runs four minutes slow, so the attempt he
      // uploads says it ended before the download; then he sits the paper online. Neither counts.
      t.clock.advance(MINUTE);
      const chidi = await subscribedStudent(t);
      const download = await t.call(offlineApi.download, {
        query: { examType: paper.ids.examType, subject, year: paper.ids.year },
        token: chidi.token,
      });
      expect(download.status, download.text).toBe(200);
      const downloadedAt = t.clock.now().getTime();
      const uploaded = await t.call(offlineApi.upload, {
        token: chidi.token,
        body: {
          clientId: randomUUID(),
          paperId: paper.paperId,
          startedAt: new Date(downloadedAt - 4 * MINUTE).toISOString(),
          finishedAt: new Date(downloadedAt - MINUTE).toISOString(),
          answers: q.map(right),
        },
      });
      expect(uploaded.status, uploaded.text).toBe(200);
      t.clock.advance(MINUTE);
      await submit(t, chidi.token, await openPaper(t, chidi.token, paper.ids), q.map(right));

      // Dayo answers and never hands in: a test not scored says nothing yet.
      const dayo = await subscribedStudent(t);
      const open = await openPaper(t, dayo.token, paper.ids);
      await save(t, dayo.token, open, right(q[5] as FixtureQuestion));

      // Efe is an admin: his answers are not a student's.
      const efe = await subscribedStudent(t);
      await submit(t, efe.token, await openPaper(t, efe.token, paper.ids), q.map(right));
      await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, efe.user._id));

      // A contest level in the same subject, scored: its questions are the contest's, not the bank's.
      const contest = await createContest(t.db, {
        key: `evidence-${randomUUID().slice(0, 8)}`,
        examType: paper.ids.examType,
        subject,
        year: await yearId(t.db, 2026),
        count: 3,
        now: t.clock.now(),
      });
      const [level] = await t.db
        .insert(attempts)
        .values({
          userId: ada.user._id,
          kind: 'contest',
          subjectId: subject,
          questionIds: contest.questions.map((question) => question.id),
          durationMinutes: 30,
          startedAt: t.clock.now(),
          endsAt: new Date(t.clock.now().getTime() + 30 * MINUTE),
          submittedAt: new Date(t.clock.now().getTime() + 10 * MINUTE),
          contestId: contest.id,
          contestLevel: 1,
        })
        .returning({ id: attempts.id });
      for (const question of contest.questions) {
        await t.db.insert(attemptAnswers).values({
          attemptId: level?.id ?? '',
          questionId: question.id,
          optionId: await rightOption(t.db, question.id),
          answeredAt: t.clock.now(),
        });
      }

      const evidence = await subjectEvidence(t.db, subject);
      expect(rows(evidence)).toEqual(
        // The fixture's questions are untagged: no topic.
        rows(expected.map((answer) => ({ ...answer, options: 4, subjectId: subject, topic: null }))),
      );

      // One student's evidence is the same rows, from the same query.
      expect(rows(await studentEvidence(t.db, ada.user._id, [subject]))).toEqual(
        rows(evidence.filter((answer) => answer.userId === ada.user._id)),
      );
      expect(await studentEvidence(t.db, chidi.user._id, [subject])).toEqual([]);
      expect(await studentEvidence(t.db, ada.user._id, [])).toEqual([]);
      expect(await studentEvidence(t.db, ada.user._id, [randomUUID()])).toEqual([]);
    },
    SLOW,
  );
});

describe('the evidence as of a moment', () => {
  it('holds only the answers of attempts scored before it, given before it', async () => {
    const t = await createTestApp();
    const start = new Date('2026-03-02T10:00:00Z');
    t.clock.set(start);
    const first = await createPaper(t.db, { count: 4 });
    const second = await createPaper(t.db, { count: 4 });
    const subjects = [first.ids.subject, second.ids.subject];
    const { token, user } = await subscribedStudent(t);
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const asOf = async (moment?: Date) =>
      (await studentEvidence(t.db, user._id, subjects, moment)).map((answer) => answer.questionId).sort();

    // The first paper: two answers saved at 10:00 and 10:01, two sent with the hand-in at 10:02.
    const [a0, a1, a2, a3] = first.questions as [
      FixtureQuestion,
      FixtureQuestion,
      FixtureQuestion,
      FixtureQuestion,
    ];
    const firstExam = await openPaper(t, token, first.ids);
    await save(t, token, firstExam, right(a0));
    t.clock.set(at(1));
    await save(t, token, firstExam, wrong(a1));
    t.clock.set(at(2));
    await submit(t, token, firstExam, [right(a2), wrong(a3)]);
    // The second paper: one answer saved at 10:03, one sent with the hand-in at 10:04.
    const [b0, b1] = second.questions as [FixtureQuestion, FixtureQuestion];
    t.clock.set(at(3));
    const secondExam = await openPaper(t, token, second.ids);
    await save(t, token, secondExam, right(b0));
    t.clock.set(at(4));
    await submit(t, token, secondExam, [right(b1)]);

    const firstPaper = [a0, a1, a2, a3].map((question) => question.id).sort();
    const both = [...firstPaper, b0.id, b1.id].sort();
    // An attempt still open at the moment is not evidence yet, even its answers saved before it.
    expect(await asOf(at(1))).toEqual([]);
    expect(await asOf(at(2))).toEqual([]);
    expect(await asOf(new Date(at(2).getTime() + 1))).toEqual(firstPaper);
    expect(await asOf(at(4))).toEqual(firstPaper);
    expect(await asOf(at(5))).toEqual(both);
    expect(await asOf()).toEqual(both);
  });
});
