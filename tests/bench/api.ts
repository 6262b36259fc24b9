// npm run bench:api: throughput and latency of the main API calls with autocannon, on loopback, against the
// built server (`node server.mjs`) on PostgreSQL, each next to a bare Hono "hello" server measured in the
// same run. Writes its section of docs/performance.md.
//
//   npm run bench:api -- [--duration 5] [--runs 3] [--connections 10] [--questions 100000] [--users 100000]
//                        [--workers 1]      (WEB_CONCURRENCY of the measured server: its processes)
//                        [--only save,health] (measure only the calls whose names contain one of these words,
//                                            next to the baseline; the report is then left as it is)
//   BENCH_DATABASE_URL=postgres://... npm run bench:api     (default: a fresh database on 127.0.0.1:5432)
//   BENCH_TARGET=http://host:port npm run bench:api         (measure a server you started yourself on a
//                                                           database the synthetic data was written to)
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import {
  benchDatabase,
  describeDatabase,
  formatNumber,
  intFlag,
  machine,
  median,
  parseFlags,
  runDate,
  table,
  writeReportSection,
} from './support.ts';
import {
  DEFAULT_SIZE,
  loadSyntheticPapers,
  SYNTHETIC_PASSWORD,
  type SyntheticPaper,
  startBenchApp,
  syntheticPhone,
  syntheticTokens,
} from './synthetic.ts';

const flags = parseFlags();
const DURATION = intFlag(flags, 'duration', 5);
const RUNS = intFlag(flags, 'runs', 3);
const CONNECTIONS = intFlag(flags, 'connections', 10);
const WORKERS = intFlag(flags, 'workers', 1);
const ONLY = flags.only?.split(',').map((word) => word.trim().toLowerCase()) ?? [];
const size = {
  questions: intFlag(flags, 'questions', DEFAULT_SIZE.questions),
  users: intFlag(flags, 'users', DEFAULT_SIZE.users),
  perPaper: intFlag(flags, 'per-paper', DEFAULT_SIZE.perPaper),
};

/** One measured call: how each request of a run is made. */
interface Target {
  name: string;
  /** The floor target this call is compared with (see floor-server.ts), if it has one. */
  floor?: string;
  origin: () => string;
  method: 'GET' | 'POST' | 'PATCH';
  /** The path, headers and body of the n-th request of the whole benchmark. */
  request: (n: number) => { path: string; headers?: Record<string, string>; body?: string };
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

// Where each call's requests go on from, so that a later run never repeats an earlier one's requests: every
// GET /exam of every run starts a new attempt, and every submission scores a new one (until they run out).
const sent = new Map<string, number>();

async function measure(target: Target): Promise<Measure> {
  let counter = sent.get(target.name) ?? 0;
  const first = target.request(counter);
  const result = await autocannon({
    url: target.origin(),
    connections: CONNECTIONS,
    duration: DURATION,
    method: target.method,
    requests: [
      {
        method: target.method,
        path: first.path,
        setupRequest: (request) => {
          const next = target.request(counter++);
          return {
            ...request,
            path: next.path,
            headers: { ...request.headers, ...next.headers },
            ...(next.body === undefined ? {} : { body: next.body }),
          };
        },
      },
    ],
  });
  sent.set(target.name, counter);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Open attempts written straight into the database: the targets of answer saves and submissions. */
async function openAttempts(url: string, tokens: string[], userOffset: number, papers: SyntheticPaper[]) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const phones = tokens.map((_, index) => syntheticPhone(userOffset + index));
    const users = await sql<{ id: string; telephone: string }[]>`
      select id, telephone from users where telephone in ${sql(phones)}`;
    const byPhone = new Map(users.map((row) => [row.telephone, row.id]));
    const now = new Date();
    const rows = phones.map((phone, index) => {
      const paper = papers[index % papers.length];
      if (!paper) throw new Error('no synthetic paper');
      return {
        id: randomUUID(),
        user_id: byPhone.get(phone),
        kind: 'exam',
        paper_id: paper.id,
        subject_id: paper.subject,
        question_ids: sql.array(
          paper.questions.map((question) => question.id),
          2950,
        ),
        duration_minutes: 600,
        started_at: now,
        ends_at: new Date(now.getTime() + 10 * 3_600_000),
        paper,
      };
    });
    for (let start = 0; start < rows.length; start += 2000) {
      const batch = rows.slice(start, start + 2000).map(({ paper: _paper, ...row }) => row);
      await sql`insert into attempts ${sql(batch as Record<string, postgres.ParameterOrJSON<never>>[])}`;
    }
    return rows.map((row, index) => ({ id: row.id, paper: row.paper, token: tokens[index] ?? '' }));
  } finally {
    await sql.end();
  }
}

async function main() {
  const host = machine();
  const command = `npm run bench:api -- --duration ${DURATION} --runs ${RUNS} --connections ${CONNECTIONS} --questions ${size.questions} --users ${size.users} --workers ${WORKERS}`;
  const externalTarget = process.env.BENCH_TARGET;
  const database = await benchDatabase();
  let app: ServerProcess | undefined;
  let hello: ServerProcess | undefined;
  let floor: ServerProcess | undefined;
  try {
    console.log(`bench:api: database ${describeDatabase(database.url)}`);
    // startBenchApp hands this process's environment to the server it starts.
    process.env.WEB_CONCURRENCY = String(WORKERS);
    app = await startBenchApp(database.url, size, externalTarget);
    delete process.env.WEB_CONCURRENCY;
    hello = await startServer({}, { script: 'tests/bench/hello-server.ts' });
    // The floor gets the app's process count and pool size (DATABASE_POOL_MAX, 10 by default).
    floor = await startServer(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: String(WORKERS),
        ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
      },
      { script: 'tests/bench/floor-server.ts' },
    );
    const appOrigin = externalTarget ?? app?.origin ?? '';
    const helloOrigin = hello.origin;
    const floorOrigin = floor.origin;

    const papers = await loadSyntheticPapers(database.url, 200);
    const [paper] = papers;
    if (!paper) throw new Error('no synthetic paper');
    // Separate students for each call, so that no call measures another's leftovers; the floor has its own,
    // 50,000 further on, so that the app and the floor never touch each other's attempts.
    const hotPathStudents = async (from: number) => ({
      fetch: await syntheticTokens(database.url, 10_000, from),
      save: await openAttempts(
        database.url,
        await syntheticTokens(database.url, 2_000, from + 10_000),
        from + 10_000,
        papers,
      ),
      submit: await openAttempts(
        database.url,
        await syntheticTokens(database.url, 10_000, from + 12_000),
        from + 12_000,
        papers,
      ),
    });
    const appStudents = await hotPathStudents(0);
    const floorStudents = await hotPathStudents(50_000);
    const { fetch: fetchTokens, save: saveAttempts, submit: submitAttempts } = appStudents;
    const { fetch: floorFetchTokens, save: floorSaveAttempts, submit: floorSubmitAttempts } = floorStudents;
    const boardTokens = await syntheticTokens(database.url, 1_000, 30_000);
    const sessionTokens = await syntheticTokens(database.url, 1_000, 31_000);
    const json = { 'content-type': 'application/json', 'frontend-source': 'webuser' };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'frontend-source': 'webuser' });

    type Request = Target['request'];
    type OpenAttempt = Awaited<ReturnType<typeof openAttempts>>[number];
    // Each hot call and its floor send the same requests, under their own prefix and to their own students.
    const sessionRequest =
      (prefix: string): Request =>
      (n) => ({
        path: `${prefix}/exam/daily/taken`,
        headers: bearer(sessionTokens[n % sessionTokens.length] ?? ''),
      });
    const fetchRequest =
      (prefix: string, tokens: string[]): Request =>
      (n) => {
        // Student n mod 10,000 on paper n / 10,000: every request starts a new attempt.
        const exam = papers[Math.floor(n / tokens.length) % papers.length] ?? paper;
        return {
          path: `${prefix}/exam?exam=new&examType=${exam.examType}&subject=${exam.subject}&year=${exam.year}`,
          headers: bearer(tokens[n % tokens.length] ?? ''),
        };
      };
    const saveRequest =
      (prefix: string, attempts: OpenAttempt[]): Request =>
      (n) => {
        const attempt = attempts[n % attempts.length];
        if (!attempt) throw new Error('no attempt');
        const question =
          attempt.paper.questions[Math.floor(n / attempts.length) % attempt.paper.questions.length];
        return {
          path: `${prefix}/exam/answer`,
          headers: { ...json, authorization: `Bearer ${attempt.token}` },
          body: JSON.stringify({
            exam: attempt.id,
            question: question?.id,
            option: question?.options[n % 4],
          }),
        };
      };
    const submitRequest =
      (prefix: string, attempts: OpenAttempt[]): Request =>
      (n) => {
        const attempt = attempts[n % attempts.length];
        if (!attempt) throw new Error('no attempt');
        const answers = attempt.paper.questions
          .slice(0, 20)
          .map((question) => ({ question: question.id, option: question.options[1] }));
        return {
          path: `${prefix}/exam/answer`,
          headers: { ...json, authorization: `Bearer ${attempt.token}` },
          body: JSON.stringify({ exam: attempt.id, answers }),
        };
      };
    const boardRequest =
      (prefix: string): Request =>
      (n) => ({
        path: `${prefix}/exam/leaderboard`,
        headers: bearer(boardTokens[n % boardTokens.length] ?? ''),
      });

    const allTargets: Target[] = [
      {
        name: 'bare Hono hello (baseline)',
        origin: () => helloOrigin,
        method: 'GET',
        request: () => ({ path: '/' }),
      },
      {
        name: 'GET /api/v1/health',
        origin: () => appOrigin,
        method: 'GET',
        request: () => ({ path: '/api/v1/health' }),
      },
      {
        name: 'GET /api/v1/examType',
        origin: () => appOrigin,
        method: 'GET',
        request: () => ({ path: '/api/v1/examType' }),
      },
      {
        name: 'GET /api/v1/subject?examType',
        origin: () => appOrigin,
        method: 'GET',
        request: () => ({ path: `/api/v1/subject?examType=${paper.examType}` }),
      },
      {
        name: 'GET /api/v1/year?examType&subject',
        origin: () => appOrigin,
        method: 'GET',
        request: () => ({ path: `/api/v1/year?examType=${paper.examType}&subject=${paper.subject}` }),
      },
      {
        name: 'GET /api/v1/plan',
        origin: () => appOrigin,
        method: 'GET',
        request: () => ({ path: '/api/v1/plan' }),
      },
      {
        name: 'GET /api/v1/exam/daily/taken (session lookup)',
        floor: 'floor: session lookup',
        origin: () => appOrigin,
        method: 'GET',
        request: sessionRequest('/api/v1'),
      },
      {
        name: 'GET /api/v1/exam (new attempt, many students)',
        floor: 'floor: fetch a paper',
        origin: () => appOrigin,
        method: 'GET',
        request: fetchRequest('/api/v1', fetchTokens),
      },
      {
        name: 'PATCH /api/v1/exam/answer',
        floor: 'floor: save an answer',
        origin: () => appOrigin,
        method: 'PATCH',
        request: saveRequest('/api/v1', saveAttempts),
      },
      {
        name: 'POST /api/v1/exam/answer (submit)',
        floor: 'floor: submit',
        origin: () => appOrigin,
        method: 'POST',
        request: submitRequest('/api/v1', submitAttempts),
      },
      {
        name: 'GET /api/v1/exam/leaderboard (signed in)',
        floor: 'floor: leaderboard',
        origin: () => appOrigin,
        method: 'GET',
        request: boardRequest('/api/v1'),
      },
      {
        name: 'POST /api/v1/user/login',
        origin: () => appOrigin,
        method: 'POST',
        request: (n) => ({
          path: '/api/v1/user/login',
          headers: { ...json, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({
            telephone: syntheticPhone(40_000 + (n % 10_000)),
            password: SYNTHETIC_PASSWORD,
          }),
        }),
      },
      {
        name: 'floor: session lookup',
        origin: () => floorOrigin,
        method: 'GET',
        request: sessionRequest(''),
      },
      {
        name: 'floor: fetch a paper',
        origin: () => floorOrigin,
        method: 'GET',
        request: fetchRequest('', floorFetchTokens),
      },
      {
        name: 'floor: save an answer',
        origin: () => floorOrigin,
        method: 'PATCH',
        request: saveRequest('', floorSaveAttempts),
      },
      {
        name: 'floor: submit',
        origin: () => floorOrigin,
        method: 'POST',
        request: submitRequest('', floorSubmitAttempts),
      },
      {
        name: 'floor: leaderboard',
        origin: () => floorOrigin,
        method: 'GET',
        request: boardRequest(''),
      },
    ];
    const chosen = allTargets.filter(
      (target, index) =>
        index === 0 ||
        (!target.name.startsWith('floor:') &&
          (ONLY.length === 0 || ONLY.some((word) => target.name.toLowerCase().includes(word)))),
    );
    // Each hot call is measured just before its floor, so that the two see the same machine.
    const targets = chosen.flatMap((target) => {
      const floorTarget = allTargets.find((candidate) => candidate.name === target.floor);
      return floorTarget ? [target, floorTarget] : [target];
    });

    const results = new Map<string, Measure[]>(targets.map((target) => [target.name, []]));
    for (let run = 1; run <= RUNS; run++) {
      for (const target of targets) {
        const measured = await measure(target);
        results.get(target.name)?.push(measured);
        console.log(
          `run ${run}/${RUNS} ${target.name}: ${formatNumber(measured.rps)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, non-2xx ${measured.non2xx}, errors ${measured.errors}`,
        );
      }
    }

    const summary = targets.map((target) => {
      const runs = results.get(target.name) ?? [];
      return {
        name: target.name,
        rps: median(runs.map((run) => run.rps)),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
        non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
      };
    });
    const baseline = summary[0]?.rps ?? Number.NaN;
    const floorOf = (name: string) => {
      const floorName = targets.find((target) => target.name === name)?.floor;
      return summary.find((row) => row.name === floorName);
    };
    const rows = summary.map((row) => {
      const floorRow = floorOf(row.name);
      return [
        row.name,
        formatNumber(row.rps),
        formatNumber(row.p50, 1),
        formatNumber(row.p99, 1),
        row === summary[0] ? '1' : formatNumber(row.rps / baseline, 3),
        floorRow ? formatNumber(row.rps / floorRow.rps, 3) : '',
        `${row.non2xx} / ${row.errors}`,
      ];
    });
    const header = [
      'call',
      'req/s',
      'p50 ms',
      'p99 ms',
      'ratio to bare Hono',
      'ratio to floor',
      'non-2xx / errors',
    ];
    if (ONLY.length > 0) {
      console.log(table(header, rows));
      return;
    }
    writeReportSection(
      'bench:api',
      `## API throughput (\`bench:api\`)

- Date: ${runDate()}
- Machine: ${host}
- Command: \`${command}\`
- Server: ${externalTarget ? `the server at ${externalTarget}` : `\`node server.mjs\` (built app, request logs off: LOG_LEVEL=warn) with ${WORKERS === 1 ? 'one process' : `${WORKERS} worker processes (WEB_CONCURRENCY=${WORKERS})`}`}, on PostgreSQL
  (${database.fresh ? 'a fresh database' : 'BENCH_DATABASE_URL'}) holding the synthetic bank: ${formatNumber(size.questions)} questions, ${formatNumber(size.users)} students
- Load: autocannon on loopback, ${CONNECTIONS} connections, ${DURATION} s a call, ${RUNS} runs; figures are the medians of
  the runs; a call's ratio to bare Hono divides its median req/s by the bare Hono server's, and its ratio to
  floor by its floor's, measured right after it in each run

${table(header, rows)}

Notes: each run goes on where the last one stopped, so no request repeats an earlier one. Every
\`GET /api/v1/exam\` starts a new attempt (10,000 students, each on a different paper per pass);
saves go to 2,000 open attempts; each submission scores a new attempt until the 10,000 run out, then repeats
return the stored result; login verifies an argon2id hash (19 MiB, t=2), which is what bounds it.

The floors (\`tests/bench/floor-server.ts\`) are each hot path's least work, served in the same run by a bare Hono
app on @hono/node-server with postgres.js (named prepared statements), ${WORKERS === 1 ? 'one process' : `${WORKERS} processes`} and a pool of
${process.env.DATABASE_POOL_MAX ?? '10'} connections, as the app has; no middleware, no validation library, no logging. Each gets its own
students (the same number as the app's call), and the same requests:

- session lookup (beside \`GET /exam/daily/taken\`, a signed-in read whose work is the session check and one
  indexed read): one statement reads the live session (token hash, not revoked, not expired, account not
  deleted) and the student's daily tests submitted today; 401 without a session, 403 for an admin from the web app.
- fetch a paper: one statement reads the session, the latest subscription, the paper by exam type, subject
  and year (bank papers only) with its question version, any open attempt at it, and inserts the attempt
  when the process holds that version of the paper; the questions' JSON is made once a paper (the app's
  paper cache does the same); a paper not held is read, then the statement runs again.
- save an answer: one statement reads the session, locks the caller's open attempt FOR SHARE (theirs, not
  submitted, not past its deadline, holding the question), checks the option is the question's and the
  question was not skipped, and upserts the answer.
- submit: one transaction: the session and the caller's attempt locked FOR UPDATE with its paper's version
  and whether it may earn credit (one statement); the answers checked against the key, saved and all saved
  answers read back (one statement); scored in JS (+5/−2/0); the ranking rule's claim on shown_keys (one
  statement, and one more for questions already shown); the result and the student's total (one statement).
  A repeated submission is rebuilt from the saved answers and changes nothing.
- leaderboard: one statement reads the session and the caller's own board entry; the top 100 and everyone's
  order come from a copy read again every 5 s, as the app's does, and the caller's rank is found by binary
  search in it.`,
    );
    console.log('bench:api: docs/performance.md updated');
  } finally {
    await app?.stop();
    await hello?.stop();
    await floor?.stop();
    await database.drop();
  }
}

await main();
