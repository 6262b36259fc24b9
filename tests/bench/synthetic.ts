// A synthetic question bank and synthetic students for the benchmarks, written straight into the benchmark
// database with batch inserts. It is kept apart from the sample bank: its exam types, subjects and question
// keys are all named "synthetic", it is never written to content/bank, and the benchmarks start their
// server with SEED_SAMPLE_DATA=false so the two never share a database.
//
//   tsx tests/bench/synthetic.ts [--questions 100000] [--users 100000] [--per-paper 50]
//                                [--database postgres://...]   (default: BENCH_DATABASE_URL)
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import { hashSecret, newSecret } from '../../src/server/services/tokens.ts';
import { ensureBuilt, type ServerProcess, startServer } from '../support/server-process.ts';
import { intFlag, parseFlags } from './support.ts';

/** The password of every synthetic student, so that a benchmark can sign them in. */
export const SYNTHETIC_PASSWORD = 'bench-password';
const EXAM_TYPES = 8;
const SUBJECTS = 25;
const FIRST_YEAR = 1951;
const BATCH = 5000;

/** The sizes of a synthetic data set. */
export interface SyntheticSize {
  questions: number;
  users: number;
  perPaper: number;
}

export const DEFAULT_SIZE: SyntheticSize = { questions: 100_000, users: 100_000, perPaper: 50 };

/** The phone number of synthetic student `index` (0-based): 09 and nine digits. */
export function syntheticPhone(index: number): string {
  return `09${String(index).padStart(9, '0')}`;
}

/** A paper of the synthetic bank, with its questions' and options' ids, for benchmarks to use. */
export interface SyntheticPaper {
  id: string;
  examType: string;
  subject: string;
  year: string;
  questions: { id: string; options: string[] }[];
}

async function insertBatches<Row extends Record<string, unknown>>(
  sql: postgres.Sql,
  table: string,
  rows: Row[],
  onProgress?: (done: number) => void,
) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await sql`insert into ${sql(table)} ${sql(batch as Record<string, postgres.ParameterOrJSON<never>>[])}`;
    onProgress?.(start + batch.length);
  }
}

/** True when the database already holds a synthetic bank. */
async function hasSyntheticBank(sql: postgres.Sql): Promise<boolean> {
  const [row] = await sql`select count(*)::int as n from exam_types where slug like 'synthetic-%'`;
  return (row?.n ?? 0) > 0;
}

/**
 * Writes the synthetic bank (papers of `perPaper` questions, four options each, B right) and `users`
 * students, each with the welcome coins and their ledger row, an active subscription, and for a third of
 * them a scored attempt so that the leaderboard has a crowd. Skips the work if the bank is already there.
 */
export async function generateSynthetic(url: string, size: SyntheticSize, log = console.log) {
  // Migrating first makes a fresh database usable; the plans are what payments need.
  const handle = await openDatabase({ kind: 'postgres', url });
  for (const plan of DEFAULT_PLANS) await upsertPlan(handle.db, plan);
  await handle.close();
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  try {
    if (await hasSyntheticBank(sql)) {
      log('synthetic: the bank is already there; nothing written');
      return;
    }
    const started = performance.now();
    const paperCount = Math.ceil(size.questions / size.perPaper);
    const yearCount = Math.ceil(paperCount / (EXAM_TYPES * SUBJECTS));
    const examTypeRows = Array.from({ length: EXAM_TYPES }, (_, index) => ({
      id: randomUUID(),
      slug: `synthetic-exam-${index + 1}`,
      title: `Synthetic Exam ${String(index + 1).padStart(2, '0')}`,
    }));
    const subjectRows = Array.from({ length: SUBJECTS }, (_, index) => ({
      id: randomUUID(),
      slug: `synthetic-subject-${index + 1}`,
      title: `Synthetic Subject ${String(index + 1).padStart(2, '0')}`,
    }));
    await insertBatches(sql, 'exam_types', examTypeRows);
    await insertBatches(sql, 'subjects', subjectRows);
    const yearIds: string[] = [];
    for (let index = 0; index < yearCount; index++) {
      const year = FIRST_YEAR + index;
      const [row] = await sql`insert into years (year, title) values (${year}, ${String(year)})
        on conflict (year) do update set title = excluded.title returning id`;
      yearIds.push(row?.id as string);
    }

    const paperRows: {
      id: string;
      exam_type_id: string;
      subject_id: string;
      year_id: string;
      duration: number;
    }[] = [];
    for (let index = 0; index < paperCount; index++) {
      const examType = examTypeRows[index % EXAM_TYPES];
      const subject = subjectRows[Math.floor(index / EXAM_TYPES) % SUBJECTS];
      const year = yearIds[Math.floor(index / (EXAM_TYPES * SUBJECTS))];
      if (!examType || !subject || !year) throw new Error('synthetic paper out of range');
      paperRows.push({
        id: randomUUID(),
        exam_type_id: examType.id,
        subject_id: subject.id,
        year_id: year,
        duration: size.perPaper,
      });
    }
    await insertBatches(sql, 'papers', paperRows);

    const questionRows: Record<string, unknown>[] = [];
    const optionRows: Record<string, unknown>[] = [];
    for (let index = 0; index < size.questions; index++) {
      const paper = paperRows[Math.floor(index / size.perPaper)];
      if (!paper) break;
      const id = randomUUID();
      const position = index % size.perPaper;
      const text = `Synthetic question ${index + 1}: which option is right?`;
      questionRows.push({
        id,
        key: `synthetic-${index + 1}`,
        paper_id: paper.id,
        position,
        question_html: `<p>${text}</p>`,
        question_source: text,
        explanation_html: '<p>Option B is right in every synthetic question.</p>',
        explanation_source: 'Option B is right in every synthetic question.',
      });
      for (const [letterIndex, letter] of ['A', 'B', 'C', 'D'].entries()) {
        optionRows.push({
          question_id: id,
          position: letterIndex,
          option_html: `<p>Option ${letter} of ${index + 1}</p>`,
          option_source: `Option ${letter} of ${index + 1}`,
          is_correct: letterIndex === 1,
        });
      }
    }
    await insertBatches(sql, 'questions', questionRows);
    await insertBatches(sql, 'options', optionRows);
    log(
      `synthetic: ${paperRows.length} papers, ${questionRows.length} questions, ${optionRows.length} options in ${Math.round(performance.now() - started)} ms`,
    );

    const usersStarted = performance.now();
    const passwordHash = await hash(SYNTHETIC_PASSWORD);
    const now = new Date();
    const yearFromNow = new Date(now.getTime() + 365 * 86_400_000);
    const firstPaper = paperRows[0];
    const firstQuestions = questionRows.slice(0, 10).map((row) => row.id as string);
    for (let start = 0; start < size.users; start += BATCH) {
      const count = Math.min(BATCH, size.users - start);
      const userRows = Array.from({ length: count }, (_, offset) => {
        const index = start + offset;
        const totalScore = index % 3 === 0 ? (index * 7919) % 500 : 0;
        return {
          id: randomUUID(),
          first_name: `Synthetic${index}`,
          last_name: 'Student',
          email: `synthetic.${index}@bench.invalid`,
          telephone: syntheticPhone(index),
          password_hash: passwordHash,
          trivia_points: 80,
          total_score: totalScore,
          total_score_at: new Date(now.getTime() - (index % 100_000) * 1000),
          // One scored attempt is written below for each student with points.
          scored_attempts: totalScore > 0 ? 1 : 0,
          // Confirmed students, as everyone on a real board is.
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        };
      });
      await insertBatches(sql, 'users', userRows);
      await insertBatches(
        sql,
        'coin_ledger',
        userRows.map((user) => ({
          user_id: user.id,
          created_at: now,
          description: 'Welcome bonus',
          type: 'credit',
          coins: 80,
          coins_after: 80,
        })),
      );
      await insertBatches(
        sql,
        'subscriptions',
        userRows.map((user) => ({
          user_id: user.id,
          source: 'admin',
          starts_at: now,
          ends_at: yearFromNow,
        })),
      );
      if (firstPaper) {
        await insertBatches(
          sql,
          'attempts',
          userRows
            .filter((user) => user.total_score > 0)
            .map((user) => ({
              user_id: user.id,
              kind: 'exam',
              paper_id: firstPaper.id,
              subject_id: firstPaper.subject_id,
              question_ids: sql.array(firstQuestions, 2950),
              duration_minutes: 10,
              started_at: now,
              ends_at: now,
              submitted_at: now,
              score: user.total_score,
              correct_answer: 0,
              wrong_answer: 0,
              unanswered: 10,
              score_accuracy: 0,
              time_spent_seconds: 60,
              // Each student's first attempt at the paper: it counts towards their total.
              counted: true,
            })),
        );
      }
    }
    await sql`analyze`;
    log(`synthetic: ${size.users} students in ${Math.round(performance.now() - usersStarted)} ms`);
  } finally {
    await sql.end();
  }
}

/** The synthetic papers with their questions and options, for choosing what the load asks for. */
export async function loadSyntheticPapers(url: string, limit = 200): Promise<SyntheticPaper[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string; exam_type: string; subject: string; year: string }[]>`
      select p.id, p.exam_type_id as exam_type, p.subject_id as subject, p.year_id as year
      from papers p join exam_types t on t.id = p.exam_type_id
      where t.slug like 'synthetic-%' order by p.id limit ${limit}`;
    const papers: SyntheticPaper[] = [];
    for (const row of rows) {
      const questionRows = await sql<{ id: string; options: string[] }[]>`
        select q.id, array_agg(o.id order by o.position) as options
        from questions q join options o on o.question_id = q.id
        where q.paper_id = ${row.id} group by q.id, q.position order by q.position`;
      papers.push({
        id: row.id,
        examType: row.exam_type,
        subject: row.subject,
        year: row.year,
        questions: questionRows.map((question) => ({ id: question.id, options: question.options })),
      });
    }
    return papers;
  } finally {
    await sql.end();
  }
}

/**
 * Bearer tokens for synthetic students 0..count-1, written straight into the sessions table (as a login
 * would), so that a benchmark measures the endpoint and not argon2.
 */
export async function syntheticTokens(url: string, count: number, offset = 0): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const phones = Array.from({ length: count }, (_, index) => syntheticPhone(offset + index));
    const rows = await sql<{ id: string; telephone: string }[]>`
      select id, telephone from users where telephone in ${sql(phones)}`;
    const byPhone = new Map(rows.map((row) => [row.telephone, row.id]));
    const tokens: string[] = [];
    const sessionRows: Record<string, unknown>[] = [];
    const expires = new Date(Date.now() + 30 * 86_400_000);
    for (const phone of phones) {
      const userId = byPhone.get(phone);
      if (!userId) throw new Error(`synthetic student ${phone} is missing: generate more users`);
      const token = newSecret();
      tokens.push(token);
      sessionRows.push({ user_id: userId, token_hash: hashSecret(token), expires_at: expires });
    }
    await insertBatches(sql, 'sessions', sessionRows);
    return tokens;
  } finally {
    await sql.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = parseFlags();
  const url = flags.database ?? process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('synthetic: give --database postgres://... or set BENCH_DATABASE_URL');
    process.exit(2);
  }
  await generateSynthetic(url, {
    questions: intFlag(flags, 'questions', DEFAULT_SIZE.questions),
    users: intFlag(flags, 'users', DEFAULT_SIZE.users),
    perPaper: intFlag(flags, 'per-paper', DEFAULT_SIZE.perPaper),
  });
}

/**
 * Fills the benchmark database with synthetic data and starts the built app on it, with each request
 * allowed to name its own client address (TRUST_PROXY) so that many simulated phones come from one
 * machine. With `externalTarget` (BENCH_TARGET) the server is already running and nothing is started.
 */
export async function startBenchApp(
  databaseUrl: string,
  size: SyntheticSize,
  externalTarget: string | undefined,
): Promise<ServerProcess | undefined> {
  await generateSynthetic(databaseUrl, size);
  if (externalTarget) return undefined;
  await ensureBuilt();
  return startServer({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: `tests/.tmp/bench-${randomUUID()}`,
    SEED_SAMPLE_DATA: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
}
