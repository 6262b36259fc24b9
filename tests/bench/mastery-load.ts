// npm run bench:mastery: GET /mastery for a student with a very long history, on PostgreSQL. A synthetic bank
// (synthetic.ts: 100,000 questions, 20 a paper, every question one of 15 topics) and one student with 30,000
// submitted attempts (600,000 questions shown, nine in ten answered), written through the attempts trigger as
// the app writes them; a second student has one attempt. Each query is the app's own function in the app's
// pool (10 connections, the app's statement_timeout). Reported, as medians of `runs` timed runs in each of
// `rounds` rounds:
// - the heavy student's GET /mastery, and how the same answer was read before (every attempt, in full);
// - the light student's GET /mastery and My tests page alone, then while ten of the heavy student's GET
//   /mastery run at once, over and over;
// - the same two over HTTP through the app itself (createApp, its rate limits in memory), where the heavy
//   student's loops meet the per-account limit on history reads (historyReadAccount).
// Writes its section of docs/performance.md (BENCH_REPORT elsewhere) and drops the database it created.
//
//   npm run bench:mastery -- [--attempts 30000] [--runs 15] [--rounds 3]
//                            [--database postgres://...]   (kept; default: a fresh one, dropped)
import { sql as drizzleSql } from 'drizzle-orm';
import pino from 'pino';
import postgres from 'postgres';
import { MASTERY_RULES } from '../../src/lib/mastery.ts';
import { createApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limit-policy.ts';
import { attemptHistory } from '../../src/server/services/exams/attempt-history.ts';
import { masteryOverview } from '../../src/server/services/learning/mastery.ts';
import { createPaymentVerifier } from '../../src/server/services/payments/paystack.ts';
import { createDatabase } from '../support/server-process.ts';
import {
  DEFAULT_BENCH_SERVER,
  formatNumber,
  intFlag,
  machine,
  median,
  parseFlags,
  runDate,
  table,
  writeReportSection,
} from './support.ts';
import { generateSynthetic, syntheticPhone, syntheticTokens } from './synthetic.ts';

const TOPICS = 15;
const BATCH = 1000;
const QUESTIONS = 100_000;

/**
 * Submitted attempts `from`..`to` (1-based, one minute apart, the last a minute ago) of `total` by the
 * student with phone number `phone`, at the papers of the first four subjects in turn, each answered but for
 * every tenth question, the option chosen by a hash.
 */
async function writeAttempts(sql: postgres.Sql, phone: string, from: number, to: number, total: number) {
  await sql`with chosen as (
      select p.id, p.subject_id, row_number() over (order by p.subject_id, p.id) as n from papers p
      where p.subject_id in (select id from subjects order by slug limit 4)
    ), inserted as (
      insert into attempts (user_id, kind, paper_id, subject_id, question_ids, duration_minutes, started_at,
        ends_at, submitted_at, score, correct_answer, wrong_answer, unanswered, score_accuracy,
        time_spent_seconds, counted)
      select u.id, 'exam', c.id, c.subject_id,
        (select array_agg(q.id order by q.position) from questions q where q.paper_id = c.id), 20,
        now() - make_interval(mins => ${total} - g + 20), now() - make_interval(mins => ${total} - g),
        now() - make_interval(mins => ${total} - g + 1), 0, 0, 0, 0, 0, 1140, false
      from generate_series(${from}::int, ${to}::int) as g
      join chosen c on c.n = g % (select count(*) from chosen) + 1
      cross join (select id from users where telephone = ${phone}) u
      returning id, question_ids, submitted_at
    )
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select i.id, shown.id, o.id, i.submitted_at
    from inserted i cross join lateral unnest(i.question_ids) with ordinality as shown(id, position)
    join options o on o.question_id = shown.id and o.position = hashtext(i.id::text || shown.id::text) & 3
    where shown.position % 10 <> 0`;
}

/** The student's history, written once: a database whose heavy student has attempts is taken as done. */
async function prepare(sql: postgres.Sql, attempts: number, lightStudents: number) {
  const [done] = await sql`select count(*)::int as n from attempts a join users u on u.id = a.user_id
    where u.telephone = ${syntheticPhone(0)}`;
  if ((done?.n ?? 0) > 0) return;
  await sql`update questions
    set topic = 'Topic ' || lpad((abs(hashtext(id::text)::bigint) % ${TOPICS} + 1)::text, 2, '0')`;
  const started = performance.now();
  for (let from = 1; from <= attempts; from += BATCH) {
    await writeAttempts(sql, syntheticPhone(0), from, Math.min(attempts, from + BATCH - 1), attempts);
    // What autovacuum does on a live database, whose history grows over months, not in five minutes: the
    // trimmed rows' space is reused instead of bloating the table 500 times over.
    await sql`vacuum mastery_answers`;
  }
  // The light students, one attempt each: the one the function-level rows time, and one per HTTP phase.
  for (let light = 1; light <= lightStudents; light++)
    await writeAttempts(sql, syntheticPhone(light), 1, 1, 1);
  console.log(`history: ${attempts} attempts in ${formatNumber((performance.now() - started) / 1000, 1)} s`);
  await sql`vacuum analyze`;
}

/**
 * GET /mastery's topic counts as they were read before the window was kept: every attempt, every question
 * shown in it, windowed per topic (the old statement but its skipped-question check and the bank's topics).
 */
async function masteryBefore(sql: postgres.Sql, userId: string) {
  await sql`with shown as (
      select a.id as attempt_id, shown.question_id, p.subject_id, q.topic, row_number() over (
        partition by p.subject_id, q.topic order by a.submitted_at desc, a.started_at desc, shown.position desc
      ) as age
      from attempts a
      cross join lateral unnest(a.question_ids) with ordinality as shown(question_id, position)
      join questions q on q.id = shown.question_id
      join papers p on p.id = q.paper_id
      where a.user_id = ${userId}::uuid and a.submitted_at is not null and q.topic is not null
    )
    select s.subject_id, s.topic, count(*), count(*) filter (where coalesce((
        select o.is_correct from attempt_answers aa join options o on o.id = aa.option_id
        where aa.attempt_id = s.attempt_id and aa.question_id = s.question_id), false))
    from shown s where s.age <= ${MASTERY_RULES.window} group by s.subject_id, s.topic`;
}

/** Milliseconds of each of `runs` runs, after two untimed ones. */
async function timed(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  await run();
  await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs `run` in `lanes` loops at once until `stop` resolves. */
async function underLoad(lanes: number, run: () => Promise<unknown>, during: () => Promise<number[]>) {
  let running = true;
  let loads = 0;
  const loops = Array.from({ length: lanes }, async () => {
    while (running) {
      await run();
      loads += 1;
    }
  });
  const times = await during();
  running = false;
  await Promise.all(loops);
  return { times, loads };
}

const flags = parseFlags();
const attempts = intFlag(flags, 'attempts', 30_000);
const runs = intFlag(flags, 'runs', 15);
const rounds = intFlag(flags, 'rounds', 3);
const fresh = flags.database
  ? undefined
  : await createDatabase(process.env.BENCH_SERVER_URL ?? DEFAULT_BENCH_SERVER, 'mastery');
const url = flags.database ?? fresh?.url ?? '';
const started = machine();
try {
  await generateSynthetic(url, { questions: QUESTIONS, users: 100, perPaper: 20 });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await prepare(sql, attempts, 2 * rounds);
    const [ids] = await sql<{ heavy: string; light: string; shown: number; kept: number }[]>`select
        (select id from users where telephone = ${syntheticPhone(0)}) as heavy,
        (select id from users where telephone = ${syntheticPhone(1)}) as light,
        (select sum(cardinality(question_ids))::int from attempts a join users u on u.id = a.user_id
          where u.telephone = ${syntheticPhone(0)}) as shown,
        (select count(*)::int from mastery_answers m join users u on u.id = m.user_id
          where u.telephone = ${syntheticPhone(0)}) as kept`;
    if (!ids) throw new Error('no students');
    const db: Database = handle.db;
    const heavyMastery = () => masteryOverview(db, ids.heavy, new Date());
    const lightRequests = async () => {
      await masteryOverview(db, ids.light, new Date());
      await attemptHistory(db, ids.light, { page: 1, limit: 20 });
    };
    // The same requests through the app, as a browser sends them (its limits count in its memory).
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: 'tests/.tmp' });
    const app = createApp({
      db,
      config,
      logger: pino({ level: 'silent' }),
      mailer: { send: async () => {} },
      paystack: createPaymentVerifier(config, db),
      clock: { now: () => new Date() },
    });
    // The heavy student, and a light one for each timed phase over HTTP: a student's own reads count against
    // their limit too, and one phase stays well under it.
    const [heavyToken = '', ...lightTokens] = await syntheticTokens(url, 1 + 2 * rounds);
    let lightToken = '';
    const statuses = new Map<number, number>();
    const get = async (path: string, token: string) => {
      const response = await app.request(
        path,
        { headers: { 'frontend-source': 'webuser', authorization: `Bearer ${token}` } },
        { clientAddress: '10.0.0.1' },
      );
      await response.arrayBuffer();
      return response.status;
    };
    const heavyOverHttp = async () => {
      const status = await get('/api/v1/mastery', heavyToken);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // A refusal is answered from memory, without I/O: yield as a client's next request, arriving on a
      // socket, would, or the ten loops would starve the other student's queries of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    };
    const lightOverHttp = async () => {
      for (const path of ['/api/v1/mastery', '/api/v1/exam/history?page=1&limit=20']) {
        const status = await get(path, lightToken);
        if (status !== 200) throw new Error(`the light student's ${path} answered ${status}`);
      }
    };
    const results = {
      heavy: [] as number[],
      before: [] as number[],
      alone: [] as number[],
      loaded: [] as number[],
      httpAlone: [] as number[],
      httpLoaded: [] as number[],
    };
    let loads = 0;
    let httpLoads = 0;
    for (let round = 0; round < rounds; round++) {
      results.heavy.push(median(await timed(runs, heavyMastery)));
      results.before.push(median(await timed(3, () => masteryBefore(sql, ids.heavy))));
      results.alone.push(median(await timed(runs, lightRequests)));
      const loaded = await underLoad(10, heavyMastery, () => timed(runs, lightRequests));
      results.loaded.push(median(loaded.times));
      loads += loaded.loads;
      lightToken = lightTokens[2 * round] ?? '';
      results.httpAlone.push(median(await timed(runs, lightOverHttp)));
      lightToken = lightTokens[2 * round + 1] ?? '';
      const overHttp = await underLoad(10, heavyOverHttp, () => timed(runs, lightOverHttp));
      results.httpLoaded.push(median(overHttp.times));
      httpLoads += overHttp.loads;
    }
    const refused = statuses.get(429) ?? 0;
    const others = [...statuses].filter(([status]) => status !== 200 && status !== 429);
    const otherStatuses =
      others.length > 0 ? ` (other statuses: ${JSON.stringify(Object.fromEntries(others))})` : '';
    const answered = statuses.get(200) ?? 0;
    const ms = (values: number[]) => values.map((value) => formatNumber(value, 1)).join(', ');
    const overall = (values: number[]) => formatNumber(median(values), 1);
    // A check that the overview is the same whichever way it is read is the tests' (mastery.test.ts).
    const { rows } = (await db.execute(drizzleSql`show statement_timeout`)) as unknown as {
      rows: { statement_timeout: string }[];
    };
    const body = `## GET /mastery with a long history (bench:mastery)

\`npm run bench:mastery\` (tests/bench/mastery-load.ts), ${runDate()}, PostgreSQL on ${started}. One student
with ${formatNumber(attempts)} submitted attempts (${formatNumber(ids.shown)} questions shown, nine in ten
answered) on a ${formatNumber(QUESTIONS)}-question synthetic bank with ${TOPICS} topics; mastery_answers keeps
${formatNumber(ids.kept)} of them for this student (${MASTERY_RULES.window} per subject and topic met). The
app's own functions in the app's pool (10 connections, statement_timeout ${rows[0]?.statement_timeout}).
Medians of ${runs} runs (3 for the old query) in each of ${rounds} rounds, in milliseconds.

${table(
  ['what', 'median of the rounds', 'each round'],
  [
    ['GET /mastery, the heavy student (`masteryOverview`)', overall(results.heavy), ms(results.heavy)],
    [
      'the same read over every attempt (how GET /mastery read before)',
      overall(results.before),
      ms(results.before),
    ],
    ['another student: GET /mastery and My tests page 1, alone', overall(results.alone), ms(results.alone)],
    [
      'the same, while 10 heavy GET /mastery run at once without pause',
      overall(results.loaded),
      ms(results.loaded),
    ],
    [
      'another student over HTTP through the app (its limits), alone',
      overall(results.httpAlone),
      ms(results.httpAlone),
    ],
    [
      'the same, while 10 heavy GET /mastery loop over HTTP',
      overall(results.httpLoaded),
      ms(results.httpLoaded),
    ],
  ],
)}

The ten loops answered ${formatNumber(loads)} heavy GET /mastery in all while the other student's requests were
timed. Over HTTP the heavy student's loops sent ${formatNumber(httpLoads)}: ${formatNumber(answered)} answered, and
${formatNumber(refused)} refused with 429: the account may have ${RATE_LIMIT_POLICY.historyReadsAtOnce.points} reads of an endpoint under way at
once and ${RATE_LIMIT_POLICY.historyReadAccount.points} history reads a minute, and a refusal costs its session lookup and no query of the history${otherStatuses}.`;
    console.log(body);
    writeReportSection('mastery-load', body);
  } finally {
    await sql.end();
    await handle.close();
  }
} finally {
  await fresh?.drop();
}
