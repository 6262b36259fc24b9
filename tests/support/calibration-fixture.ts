import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.ts';
import { attemptAnswers, attempts, shownKeys, users } from '../../src/server/db/schema.ts';
import { createPaper, type FixtureQuestion } from './bank-fixture.ts';

// Many students' answers for the calibration's tests, written straight into the tables: signing hundreds of
// students up through the API would take minutes. Each is a scored full exam whose keys its result showed
// at hand-in, as scoreAttempt leaves it.

/** Numbers in [0, 1) from a seed (mulberry32): the same answers on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` students' levels, normal with mean 0 and spread 1 as the model takes them (Box–Muller). */
export function normalLevels(count: number, random: () => number): number[] {
  return Array.from({ length: count }, () => {
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  });
}

/** Whether a student of `level` answers a question of `difficulty` right, by the model's chance (a guess in 4). */
export function modelAnswer(level: number, difficulty: number, random: () => number): boolean {
  return random() < 0.25 + 0.75 / (1 + Math.exp(-(level - difficulty)));
}

/** `count` confirmed students, inserted in one statement; their ids in order. */
export async function createStudents(db: Database, count: number): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => {
        const tag = randomUUID();
        return {
          firstName: 'Student',
          lastName: String(index + 1),
          email: `${tag}@example.com`,
          telephone: tag,
          passwordHash: 'not-a-hash',
          emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/**
 * Each student sits the paper once, starting at `at`, and answers every question (right or wrong as
 * `isRight` says, by student and question index), then hands in ten minutes later.
 */
export async function seatStudents(
  db: Database,
  input: {
    paperId: string;
    subjectId: string;
    questions: FixtureQuestion[];
    userIds: string[];
    at: Date;
    isRight: (student: number, question: number) => boolean;
  },
): Promise<void> {
  const { questions, at } = input;
  const submittedAt = new Date(at.getTime() + 10 * 60_000);
  const sat = await db
    .insert(attempts)
    .values(
      input.userIds.map((userId) => ({
        userId,
        kind: 'exam' as const,
        paperId: input.paperId,
        subjectId: input.subjectId,
        questionIds: questions.map((question) => question.id),
        durationMinutes: 30,
        startedAt: at,
        endsAt: new Date(at.getTime() + 30 * 60_000),
        submittedAt,
      })),
    )
    .returning({ id: attempts.id, userId: attempts.userId });
  const order = new Map(input.userIds.map((id, index) => [id, index]));
  const answers = sat.flatMap((attempt) =>
    questions.map((question, index) => ({
      attemptId: attempt.id,
      questionId: question.id,
      optionId: input.isRight(order.get(attempt.userId) ?? 0, index)
        ? question.right
        : (question.wrong[0] ?? ''),
      // A second apart, all before the hand-in (the evidence keeps only answers given before the key).
      answeredAt: new Date(at.getTime() + (index + 1) * 1000),
    })),
  );
  await db.insert(attemptAnswers).values(answers);
  await db.insert(shownKeys).values(
    input.userIds.flatMap((userId) =>
      questions.map((question) => ({
        userId,
        questionId: question.id,
        shownAt: submittedAt,
        via: 'result' as const,
      })),
    ),
  );
}

/**
 * A paper of 30 questions that 100 students sat, answering as the model says, except the last, whose key is
 * wrong: the stronger a student, the likelier they pick the real answer, which it marks wrong. The
 * calibration lists that question, and only it, as fitting badly.
 */
export async function miskeyedPaper(db: Database, subjectTitle: string) {
  const random = seededRandom(7);
  const paper = await createPaper(db, { count: 30, subjectTitle });
  const userIds = await createStudents(db, 100);
  const levels = normalLevels(100, random);
  await seatStudents(db, {
    paperId: paper.paperId,
    subjectId: paper.ids.subject,
    questions: paper.questions,
    userIds,
    at: new Date(Date.now() - 60 * 60_000),
    isRight: (student, question) => {
      const level = levels[student] ?? 0;
      if (question === 29) return random() < 0.05 + 0.9 / (1 + Math.exp(2 * level));
      return modelAnswer(level, -1.5 + (3 * question) / 28, random);
    },
  });
  return paper;
}
