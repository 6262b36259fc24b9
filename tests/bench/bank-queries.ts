// npm run bench:bank-queries: the per-request queries that read the question bank, timed on a large synthetic
// bank on PostgreSQL. The synthetic bank (synthetic.ts: 100,000 questions, 8 exam types × 25 subjects, 50 a
// paper) is made to look like a real one first: its first exam type becomes JAMB and its first subject
// English (12,500 JAMB questions, 500 of them English), every question gets one of 15 topics, and two
// students get a history (one paper answered; 160 papers answered and 3 UTME sittings). For the predicted
// UTME score, every JAMB question is calibrated and a third student answers 7 JAMB papers in each of four
// subjects and plans them (the heavy student plans the same four). Each query is the app's own function,
// run in the app's pool; the median of every timed run is reported.
//
// With --without NAME the same queries are also timed with that index dropped (what the database was before
// the migration that added it), in rounds that alternate the two, so that a busy machine skews both alike.
// --explain prints EXPLAIN (ANALYZE, BUFFERS) of every statement once. Writes its section of
// docs/performance.md (BENCH_REPORT elsewhere) and drops the database it created.
//
//   npm run bench:bank-queries -- [--questions 100000] [--runs 15] [--rounds 3]
//                                 [--without NAME] [--explain]
//                                 [--database postgres://...]   (kept; default: a fresh one, dropped)
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import postgres from 'postgres';
import { UTME } from '../../src/lib/api/utme.ts';
import { createPool, type Database, openDatabase } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { drawQuestions } from '../../src/server/services/exams/topic-practice.ts';
import { jambSubjects, subjectPool } from '../../src/server/services/exams/utme.ts';
import { masteryOverview } from '../../src/server/services/learning/mastery.ts';
import { PoolCache } from '../../src/server/services/prediction/pool-cache.ts';
import { utmePrediction } from '../../src/server/services/prediction/predict.ts';
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
import { generateSynthetic, syntheticPhone } from './synthetic.ts';

const TOPICS = 15;
/** The topic the topic practice draws from. */
const PRACTISED_TOPIC = 'Topic 07';

interface Ids {
  light: string;
  heavy: string;
  /** The student whose UTME score is predicted: a few hundred answers in each of their four subjects. */
  predicted: string;
  english: string;
  elective: string;
}

/** JAMB papers the predicted student answered in each of their four subjects (45 answers a paper). */
const PREDICTED_PAPERS = 7;
/** The predicted student's three subjects besides English (the heavy student plans the same). */
const PLANNED_SUBJECTS = ['synthetic-subject-2', 'synthetic-subject-3', 'synthetic-subject-4'];

/** One query as the app runs it. */
interface Query {
  name: string;
  run: (db: Database) => Promise<unknown>;
}

function queries(ids: Ids): Query[] {
  // One process's pools, kept between requests as the app keeps them.
  const heldPools = new PoolCache();
  return [
    {
      name: 'UTME subjects (`jambSubjects`: GET /exam/utme/subjects, every sitting start)',
      run: jambSubjects,
    },
    {
      name: "UTME pool of Use of English (`subjectPool`, one of a sitting start's four)",
      run: (db) => subjectPool(db, ids.heavy, ids.english, new Date()),
    },
    {
      name: 'GET /mastery (`masteryOverview`), a student with one paper answered',
      run: (db) => masteryOverview(db, ids.light, new Date()),
    },
    {
      name: 'GET /mastery (`masteryOverview`), a student with many papers and 3 sittings',
      run: (db) => masteryOverview(db, ids.heavy, new Date()),
    },
    {
      name: 'GET /prediction (`utmePrediction`), pools held: a few hundred answers a subject',
      run: (db) => utmePrediction(db, heldPools, ids.predicted),
    },
    {
      name: 'GET /prediction (`utmePrediction`), pools read again: the first after a calibration or import',
      run: (db) => utmePrediction(db, new PoolCache(), ids.predicted),
    },
    {
      name: 'GET /prediction (`utmePrediction`), pools held: the student with many papers and 3 sittings',
      run: (db) => utmePrediction(db, heldPools, ids.heavy),
    },
    {
      name: 'GET /exam/topic draw (`drawQuestions`, one topic of one subject)',
      run: (db) =>
        drawQuestions(db, ids.elective, PRACTISED_TOPIC, { userId: randomUUID(), now: new Date() }),
    },
  ];
}

/**
 * Submitted exam attempts by the student with phone number `phone` at the papers `chosen` selects (id,
 * subject_id and n, the hours ago), each answered but for every tenth question, the option chosen by a hash.
 */
async function answerPapers(
  tx: postgres.TransactionSql,
  phone: string,
  chosen: postgres.PendingQuery<postgres.Row[]>,
) {
  await tx`with chosen as (${chosen}), inserted as (
      insert into attempts (user_id, kind, paper_id, subject_id, question_ids, duration_minutes, started_at,
        ends_at, submitted_at, score, correct_answer, wrong_answer, unanswered, score_accuracy,
        time_spent_seconds, counted)
      select u.id, 'exam', c.id, c.subject_id,
        (select array_agg(q.id order by q.position) from questions q where q.paper_id = c.id), 50,
        now() - make_interval(hours => c.n::int),
        now() - make_interval(hours => c.n::int) + interval '50 minutes',
        now() - make_interval(hours => c.n::int) + interval '40 minutes', 0, 0, 0, 0, 0, 2400, false
      from chosen c cross join (select id from users where telephone = ${phone}) u
      returning id, question_ids, submitted_at
    )
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select i.id, shown.id, o.id, i.submitted_at
    from inserted i cross join lateral unnest(i.question_ids) with ordinality as shown(id, position)
    join options o on o.question_id = shown.id and o.position = hashtext(shown.id::text) & 3
    where shown.position % 10 <> 0`;
}

/**
 * What the prediction reads, once: every JAMB question calibrated (a difficulty spread by a hash, as a
 * calibration spreads them, the discrimination 1) in one finished calibration run; a student with
 * PREDICTED_PAPERS JAMB papers answered in English and in each of PLANNED_SUBJECTS, and an exam plan naming
 * those; and the same plan for the heavy student. A database that has a calibration run is taken as done.
 */
async function preparePrediction(tx: postgres.TransactionSql): Promise<void> {
  const [done] = await tx`select count(*)::int as n from calibration_runs`;
  if ((done?.n ?? 0) > 0) return;
  await tx`insert into item_parameters (question_id, difficulty, discrimination, answers, calibrated_at)
    select q.id, ((abs(hashtext(q.id::text || 'b'))::bigint % 4001) - 2000) / 1000.0, 1, 200, now()
    from questions q join papers p on p.id = q.paper_id join exam_types t on t.id = p.exam_type_id
    where t.slug = ${UTME.examTypeSlug}`;
  await tx`insert into calibration_runs (started_at, finished_at, subjects, questions, answers, students)
    values (now() - interval '10 minutes', now(), 25, 12500, 0, 0)`;
  const subjects = [UTME.englishSlug, ...PLANNED_SUBJECTS];
  await answerPapers(
    tx,
    syntheticPhone(2),
    tx`select id, subject_id, n from (
      select p.id, p.subject_id, row_number() over (partition by p.subject_id order by p.id) as n from papers p
      join subjects s on s.id = p.subject_id join exam_types t on t.id = p.exam_type_id
      where t.slug = ${UTME.examTypeSlug} and s.slug in ${tx(subjects)}
    ) numbered where n <= ${PREDICTED_PAPERS}`,
  );
  await tx`insert into exam_plans (user_id, exam_date, subject_ids)
    select u.id, (now() + interval '60 days')::date,
      (select array_agg(id order by slug) from subjects where slug in ${tx(PLANNED_SUBJECTS)})
    from users u where u.telephone in (${syntheticPhone(0)}, ${syntheticPhone(2)})`;
}

/**
 * Makes the synthetic bank look like a real one (see the header), once: a database that already has a JAMB
 * exam type is taken as prepared. Then VACUUM ANALYZE, as autovacuum would have done on a live database.
 */
async function prepareBank(sql: postgres.Sql): Promise<void> {
  const [done] = await sql`select count(*)::int as n from exam_types where slug = ${UTME.examTypeSlug}`;
  if ((done?.n ?? 0) === 0) {
    await sql.begin(async (tx) => {
      await tx`update exam_types set slug = ${UTME.examTypeSlug}, title = 'JAMB' where slug = 'synthetic-exam-1'`;
      await tx`update subjects set slug = ${UTME.englishSlug}, title = 'English' where slug = 'synthetic-subject-1'`;
      await tx`update questions
        set topic = 'Topic ' || lpad((abs(hashtext(id::text)::bigint) % ${TOPICS} + 1)::text, 2, '0')`;
      // The light student: one paper of the second subject answered (45 of 50, the options spread over A to D).
      // The heavy one: 160 papers over the first 8 subjects, every exam type, answered the same way.
      await answerPapers(
        tx,
        syntheticPhone(1),
        tx`select p.id, p.subject_id, 1 as n from papers p
        join subjects s on s.id = p.subject_id where s.slug = 'synthetic-subject-2' order by p.id limit 1`,
      );
      await answerPapers(
        tx,
        syntheticPhone(0),
        tx`select id, subject_id, n from (
          select p.id, p.subject_id, row_number() over (order by p.subject_id, p.id) as n from papers p
          where p.subject_id in (select id from subjects order by slug limit 8)
        ) numbered where n % 40 < 10`,
      );
      // Three submitted UTME sittings for the heavy student, so that the pool marks some questions seen.
      await tx`insert into attempts (user_id, kind, subject_id, question_ids, duration_minutes, started_at,
          ends_at, submitted_at, score, counted)
        select u.id, 'utme', (select id from subjects where slug = ${UTME.englishSlug}),
          (select array_agg(id) from (
            select q.id from questions q join papers p on p.id = q.paper_id
            join exam_types t on t.id = p.exam_type_id join subjects s on s.id = p.subject_id
            where t.slug = ${UTME.examTypeSlug}
              and s.slug in (${UTME.englishSlug}, 'synthetic-subject-2', 'synthetic-subject-3', 'synthetic-subject-4')
            order by md5(q.id::text || k) limit 180) drawn),
          120, now() - make_interval(days => k), now() - make_interval(days => k) + interval '2 hours',
          now() - make_interval(days => k) + interval '1 hour', 200, false
        from generate_series(1, 3) as k cross join (select id from users where telephone = ${syntheticPhone(0)}) u`;
    });
  }
  await sql.begin((tx) => preparePrediction(tx));
  await sql`vacuum analyze`;
}

async function idsOf(sql: postgres.Sql): Promise<Ids> {
  const [row] = await sql<Ids[]>`select
      (select id from users where telephone = ${syntheticPhone(1)}) as light,
      (select id from users where telephone = ${syntheticPhone(0)}) as heavy,
      (select id from users where telephone = ${syntheticPhone(2)}) as predicted,
      (select id from subjects where slug = ${UTME.englishSlug}) as english,
      (select id from subjects where slug = 'synthetic-subject-2') as elective`;
  if (!row?.light || !row.heavy || !row.predicted || !row.english || !row.elective) {
    throw new Error('The bank is not prepared');
  }
  return row;
}

/** Milliseconds of `runs` timed runs of each query, after two untimed ones. */
async function timeQueries(db: Database, list: Query[], runs: number, into: Map<string, number[]>) {
  for (const query of list) {
    for (let warm = 0; warm < 2; warm++) await query.run(db);
    const times = into.get(query.name) ?? [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await query.run(db);
      times.push(performance.now() - started);
    }
    into.set(query.name, times);
  }
}

/** Prints EXPLAIN (ANALYZE, BUFFERS) of every statement the queries run, each once. */
async function explain(url: string, list: Query[]) {
  const pool = createPool(url, { max: 1 });
  const statements: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
  const db = drizzle(pool, { schema, logger }) as unknown as Database;
  try {
    for (const query of list) {
      statements.length = 0;
      await query.run(db);
      for (const statement of [...statements]) {
        const plan = await pool.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
        console.log(`\n## ${query.name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await pool.end();
  }
}

const flags = parseFlags();
const size = { questions: intFlag(flags, 'questions', 100_000), users: 1000, perPaper: 50 };
const runs = intFlag(flags, 'runs', 15);
const rounds = intFlag(flags, 'rounds', 3);
const without = flags.without;
const fresh = flags.database
  ? undefined
  : await createDatabase(process.env.BENCH_SERVER_URL ?? DEFAULT_BENCH_SERVER, 'bankq');
const url = flags.database ?? fresh?.url ?? '';
const started = machine();
try {
  await generateSynthetic(url, size);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await prepareBank(sql);
    const ids = await idsOf(sql);
    const list = queries(ids);
    const [history] = await sql<{ papers: number; sittings: number; shown: number; answers: number }[]>`select
        count(*) filter (where a.kind = 'exam')::int as papers, count(*) filter (where a.kind = 'utme')::int as sittings,
        sum(cardinality(a.question_ids))::int as shown,
        (select count(*) from attempt_answers aa join attempts b on b.id = aa.attempt_id
          where b.user_id = ${ids.heavy})::int as answers
      from attempts a where a.user_id = ${ids.heavy}`;
    const [predicted] = await sql<{ answers: number; pool: number }[]>`select
        (select count(*) from attempt_answers aa join attempts a on a.id = aa.attempt_id
          where a.user_id = ${ids.predicted})::int as answers,
        (select count(*) from questions q join papers p on p.id = q.paper_id
          join exam_types t on t.id = p.exam_type_id join subjects s on s.id = p.subject_id
          where t.slug = ${UTME.examTypeSlug} and s.slug in ${sql([UTME.englishSlug, ...PLANNED_SUBJECTS])})::int as pool`;
    const predictedAnswers = predicted?.answers ?? 0;
    const poolSize = predicted?.pool ?? 0;
    const [definition] = without
      ? await sql<{ def: string }[]>`select pg_get_indexdef(${without}::regclass) as def`
      : [];
    if (without && !definition) throw new Error(`There is no index ${without}`);
    const withIndex = new Map<string, number[]>();
    const withoutIndex = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      // The order alternates, so that neither state always runs on a warmer cache.
      const dropFirst = round % 2 === 0;
      if (definition && dropFirst) {
        await sql.unsafe(`drop index ${without}`);
        await timeQueries(handle.db, list, runs, withoutIndex);
        await sql.unsafe(definition.def);
      }
      await timeQueries(handle.db, list, runs, withIndex);
      if (definition && !dropFirst) {
        await sql.unsafe(`drop index ${without}`);
        await timeQueries(handle.db, list, runs, withoutIndex);
        await sql.unsafe(definition.def);
      }
      console.log(`bank-queries: round ${round + 1} of ${rounds} done`);
    }
    if (flags.explain) await explain(url, list);

    const ms = (times: number[] | undefined) => formatNumber(median(times ?? []), 1);
    const rows = list.map((query) => {
      const now = withIndex.get(query.name);
      const before = withoutIndex.get(query.name);
      return definition
        ? [query.name, ms(before), ms(now), formatNumber(median(before ?? []) / median(now ?? []), 1)]
        : [query.name, ms(now)];
    });
    const header = definition
      ? ['query', `without ${without} (ms)`, 'as migrated (ms)', 'faster']
      : ['query', 'as migrated (ms)'];
    const command = `npm run bench:bank-queries -- --questions ${size.questions} --runs ${runs} --rounds ${rounds}${without ? ` --without ${without}` : ''}`;
    const body = `## Question bank queries (\`bench:bank-queries\`)

- Date: ${runDate()}
- Machine: ${started}
- Command: \`${command}\`
- Bank: the synthetic bank (${formatNumber(size.questions)} questions, 8 exam types × 25 subjects, 50 a paper) on a fresh
  database on the local PostgreSQL, its first exam type made JAMB and its first subject English
  (${formatNumber(size.questions / 8)} JAMB questions), ${TOPICS} topics a subject; one student with one paper answered, one with
  ${history?.papers} papers (${formatNumber(history?.answers ?? 0)} answers) and ${history?.sittings} UTME sittings; VACUUM ANALYZE after writing it
- Each query is the app's own function through its pool; medians of ${rounds * runs} timed runs${definition ? ` in each state, in ${rounds} rounds that alternate which goes first` : ''}

${table(header, rows)}

- Topics: without questions_paper_topic_idx (migration 0013), a student's topic list (GET /mastery) and a
  topic practice's draw (GET /exam/topic) each read every question of the bank; with it, only the index,
  paper by paper.
- \`jambSubjects\` counts each JAMB question's options (\`eligible\` in utme.ts): one index-only probe of
  options_question_position_idx per question, ${formatNumber(size.questions / 8)} here, which no index shortens. Grouping by subject
  before joining subjects saved about a tenth, so the query is as it was; making it cheap would take keeping
  the option count with the question, or the list per version of the bank.
- GET /prediction: the whole of \`utmePrediction\` (the four subjects, the student's evidence and its
  parameters, each pool's version, the levels and the score distributions); its budget is 50 ms. The
  predicted student has ${formatNumber(predictedAnswers)} evidence answers in four subjects (${PREDICTED_PAPERS} JAMB papers each); the heavy one
  plans the same subjects, with their ${formatNumber(history?.answers ?? 0)} answers over eight. "Pools held" is the app's case: each
  subject's pool kept in the process and only its version read (services/prediction/pool-cache.ts); "read
  again" is the first request after a calibration or an import, which reads the four pools
  (${formatNumber(poolSize)} JAMB questions, each option list counted).
- The heavy student's GET /mastery time is their own history (each of the ${formatNumber(history?.shown ?? 0)} questions shown to them
  looked up by primary key, then sorted per topic), not the bank.`;
    console.log(`\n${body}`);
    writeReportSection('bench:bank-queries', body);
  } finally {
    await handle.close();
    await sql.end();
  }
} finally {
  await fresh?.drop();
}
