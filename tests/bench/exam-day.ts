// npm run bench:exam-day: the morning of an exam. N students each sign in, fetch a paper, save an answer
// every few seconds (time compressed: --interval, 1 s by default) and submit, against one server on
// PostgreSQL. Reports p50/p99/p99.9 latency per step and the errors, then reads the database: every
// acknowledged answer and submission must be there, and any that is missing is printed and fails the run.
//
//   npm run bench:exam-day -- [--students 5000] [--answers 10] [--interval 1000] [--concurrency 64]
//                             [--ramp 60] [--questions 100000] [--users 100000]
//   BENCH_DATABASE_URL=postgres://... npm run bench:exam-day  (default: a fresh database on 127.0.0.1:5432)
//   BENCH_TARGET=http://host:port npm run bench:exam-day      (a server you started on BENCH_DATABASE_URL)
import postgres from 'postgres';
import { Agent, request } from 'undici';
import type { ServerProcess } from '../support/server-process.ts';
import {
  benchDatabase,
  describeDatabase,
  formatNumber,
  intFlag,
  machine,
  parseFlags,
  percentile,
  runDate,
  table,
  writeReportSection,
} from './support.ts';
import {
  DEFAULT_SIZE,
  loadSyntheticPapers,
  SYNTHETIC_PASSWORD,
  startBenchApp,
  syntheticPhone,
} from './synthetic.ts';

const flags = parseFlags();
const STUDENTS = intFlag(flags, 'students', 5000);
const ANSWERS = intFlag(flags, 'answers', 10);
const INTERVAL_MS = intFlag(flags, 'interval', 1000);
const CONCURRENCY = intFlag(flags, 'concurrency', 64);
const RAMP_S = intFlag(flags, 'ramp', 60);
const size = {
  questions: intFlag(flags, 'questions', DEFAULT_SIZE.questions),
  users: intFlag(flags, 'users', Math.max(DEFAULT_SIZE.users, STUDENTS)),
  perPaper: intFlag(flags, 'per-paper', DEFAULT_SIZE.perPaper),
};
// Students come from the end of the synthetic roll, away from the ones bench:api signs in.
const FIRST_STUDENT = Math.max(0, size.users - STUDENTS);

type Step = 'sign in' | 'fetch paper' | 'save answer' | 'submit';
const STEPS: Step[] = ['sign in', 'fetch paper', 'save answer', 'submit'];

/** A counting semaphore: at most `limit` requests in flight, the rest wait their turn. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const host = machine();
  const command = `npm run bench:exam-day -- --students ${STUDENTS} --answers ${ANSWERS} --interval ${INTERVAL_MS} --concurrency ${CONCURRENCY} --ramp ${RAMP_S}`;
  const externalTarget = process.env.BENCH_TARGET;
  const database = await benchDatabase();
  let app: ServerProcess | undefined;
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000, pipelining: 1 });
  try {
    console.log(`bench:exam-day: database ${describeDatabase(database.url)}`);
    app = await startBenchApp(database.url, size, externalTarget);
    const origin = externalTarget ?? app?.origin ?? '';
    const papers = await loadSyntheticPapers(database.url, 200);
    if (papers.length === 0) throw new Error('no synthetic paper');

    const latencies = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
    const errors = new Map<Step, number>(STEPS.map((step) => [step, 0]));
    const errorSamples: string[] = [];
    const acked = { answers: new Map<string, Map<string, string>>(), submissions: new Map<string, number>() };
    const run = limiter(CONCURRENCY);

    async function call(
      step: Step,
      method: 'GET' | 'POST' | 'PATCH',
      path: string,
      token?: string,
      body?: unknown,
    ) {
      return run(async () => {
        const started = performance.now();
        try {
          const response = await request(`${origin}${path}`, {
            method,
            dispatcher: agent,
            headers: {
              'frontend-source': 'webuser',
              'x-forwarded-for': `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const text = await response.body.text();
          latencies.get(step)?.push(performance.now() - started);
          if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${text.slice(0, 200)}`);
          return JSON.parse(text) as { data: Record<string, unknown> };
        } catch (error) {
          errors.set(step, (errors.get(step) ?? 0) + 1);
          if (errorSamples.length < 10) errorSamples.push(`${step}: ${(error as Error).message}`);
          throw error;
        }
      });
    }

    async function student(index: number) {
      await sleep((index / STUDENTS) * RAMP_S * 1000);
      const signedIn = await call('sign in', 'POST', '/api/v1/user/login', undefined, {
        telephone: syntheticPhone(FIRST_STUDENT + index),
        password: SYNTHETIC_PASSWORD,
      });
      const token = signedIn.data.token as string;
      const paper = papers[index % papers.length];
      if (!paper) return;
      const exam = await call(
        'fetch paper',
        'GET',
        `/api/v1/exam?exam=new&examType=${paper.examType}&subject=${paper.subject}&year=${paper.year}`,
        token,
      );
      const attemptId = exam.data._id as string;
      const questions = exam.data.questions as { _id: string; options: { _id: string }[] }[];
      const saved = new Map<string, string>();
      acked.answers.set(attemptId, saved);
      for (const question of questions.slice(0, ANSWERS)) {
        await sleep(INTERVAL_MS * (0.5 + Math.random()));
        const option = question.options[Math.floor(Math.random() * question.options.length)];
        if (!option) continue;
        await call('save answer', 'PATCH', '/api/v1/exam/answer', token, {
          exam: attemptId,
          question: question._id,
          option: option._id,
        });
        saved.set(question._id, option._id);
      }
      await sleep(INTERVAL_MS * (0.5 + Math.random()));
      const result = await call('submit', 'POST', '/api/v1/exam/answer', token, { exam: attemptId });
      acked.submissions.set(attemptId, result.data.score as number);
    }

    const started = performance.now();
    let finished = 0;
    const progress = setInterval(() => {
      const saves = latencies.get('save answer')?.length ?? 0;
      console.log(
        `bench:exam-day: ${Math.round((performance.now() - started) / 1000)} s, ${finished}/${STUDENTS} students done, ${saves} answers saved`,
      );
    }, 15_000);
    await Promise.all(
      Array.from({ length: STUDENTS }, (_, index) =>
        student(index)
          .catch(() => {})
          .finally(() => {
            finished += 1;
          }),
      ),
    );
    clearInterval(progress);
    const elapsedS = (performance.now() - started) / 1000;

    // What the database holds, against what the server acknowledged.
    const sql = postgres(database.url, { max: 2, onnotice: () => {} });
    const missing: string[] = [];
    let storedAnswers = 0;
    let scored = 0;
    try {
      const attemptIds = [...acked.answers.keys()];
      for (let start = 0; start < attemptIds.length; start += 1000) {
        const batch = attemptIds.slice(start, start + 1000);
        const rows = await sql<{ attempt_id: string; question_id: string; option_id: string }[]>`
          select attempt_id, question_id, option_id from attempt_answers where attempt_id in ${sql(batch)}`;
        const stored = new Map(rows.map((row) => [`${row.attempt_id}/${row.question_id}`, row.option_id]));
        for (const attemptId of batch) {
          for (const [question, option] of acked.answers.get(attemptId) ?? []) {
            if (stored.get(`${attemptId}/${question}`) === option) storedAnswers += 1;
            else missing.push(`answer ${question} of attempt ${attemptId}`);
          }
        }
        const submitted = await sql<{ id: string; score: number | null }[]>`
          select id, score from attempts where id in ${sql(batch)} and submitted_at is not null`;
        const scores = new Map(submitted.map((row) => [row.id, row.score]));
        for (const attemptId of batch) {
          if (!acked.submissions.has(attemptId)) continue;
          if (scores.get(attemptId) === acked.submissions.get(attemptId)) scored += 1;
          else missing.push(`submission of attempt ${attemptId}`);
        }
      }
    } finally {
      await sql.end();
    }
    const ackedAnswers = [...acked.answers.values()].reduce((sum, answers) => sum + answers.size, 0);
    for (const line of missing.slice(0, 50)) console.log(`MISSING ${line}`);
    for (const sample of errorSamples) console.log(`error sample: ${sample}`);

    const rows = STEPS.map((step) => {
      const values = latencies.get(step) ?? [];
      return [
        step,
        formatNumber(values.length),
        formatNumber(percentile(values, 50), 1),
        formatNumber(percentile(values, 99), 1),
        formatNumber(percentile(values, 99.9), 1),
        formatNumber(errors.get(step) ?? 0),
      ];
    });
    const totalErrors = [...errors.values()].reduce((sum, count) => sum + count, 0);
    writeReportSection(
      'bench:exam-day',
      `## Exam day (\`bench:exam-day\`)

- Date: ${runDate()}
- Machine: ${host}
- Command: \`${command}\`
- Server: ${externalTarget ? `the server at ${externalTarget}` : 'one `node server.mjs` (built app, LOG_LEVEL=warn)'} on PostgreSQL (${database.fresh ? 'a fresh database' : 'BENCH_DATABASE_URL'})
  holding the synthetic bank (${formatNumber(size.questions)} questions, ${formatNumber(size.users)} students); the load generator, the
  server and PostgreSQL share the machine
- Load: ${formatNumber(STUDENTS)} students arriving over ${RAMP_S} s; each signs in, fetches a paper, saves ${ANSWERS} answers
  ${formatNumber(INTERVAL_MS)} ms apart (±50 %) and submits; at most ${CONCURRENCY} requests in flight (undici, keep-alive).
  Latency runs from sending a request to reading its whole answer, after any wait for a free slot
- Took ${formatNumber(elapsedS, 1)} s

${table(['step', 'requests', 'p50 ms', 'p99 ms', 'p99.9 ms', 'errors'], rows)}

Read from the database afterwards: ${formatNumber(storedAnswers)} of ${formatNumber(ackedAnswers)} acknowledged answers saved, ${formatNumber(scored)} of
${formatNumber(acked.submissions.size)} acknowledged submissions scored, ${missing.length} missing, ${formatNumber(totalErrors)} errors.`,
    );
    console.log(
      `bench:exam-day: ${formatNumber(elapsedS, 1)} s; answers ${storedAnswers}/${ackedAnswers}, submissions ${scored}/${acked.submissions.size}, missing ${missing.length}, errors ${totalErrors}`,
    );
    if (missing.length > 0) process.exitCode = 1;
  } finally {
    await agent.close();
    await app?.stop();
    await database.drop();
  }
}

await main();
