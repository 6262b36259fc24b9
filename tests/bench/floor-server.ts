// The floor of `npm run bench:api`: the least work each hot path must do, served by a bare Hono app on
// @hono/node-server with postgres.js (named prepared statements, one round trip where one suffices), on the
// app's schema and data, with the same pool size and process count as the app it is measured beside. It
// keeps each path's rules (a live session read from the database on every request, the answer belonging to
// the caller's open attempt, the submission scored and recorded in one transaction), and nothing else: no
// middleware, no validation library, no logging, no error mapping. It is for benchmarks only.
//
//   DATABASE_URL=postgres://... PORT=8080 [DATABASE_POOL_MAX=10] [WEB_CONCURRENCY=1] \
//     node tests/bench/floor-server.ts
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';

const processes = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const GRACE_MS = 30_000;
const BOARD_REFRESH_MS = 5_000;
const westAfricaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' });

const sql = postgres(process.env.DATABASE_URL ?? '', {
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
  onnotice: () => {},
});

/** The sha256 (hex) of a well-formed bearer token, as the sessions table stores it. */
function tokenHash(header: string | undefined): string | undefined {
  const token = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/)?.[1];
  return token ? createHash('sha256').update(token).digest('hex') : undefined;
}

function fromWebApp(header: string | undefined): boolean {
  return header?.trim().toLowerCase() === 'webuser';
}

const body = (message: string, data: unknown) => JSON.stringify({ success: true, message, data });
const failure = (message: string) => JSON.stringify({ success: false, message });
const json = { 'content-type': 'application/json' };

// The live session behind a token hash ($1) at a moment ($2): the same condition the app checks.
const CALLER = `select s.id as session_id, s.user_id, u.is_admin
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz and u.deleted_at is null
  limit 1`;

/** A paper's questions as the quiz shows them (serialised once), and its answer key. */
interface Paper {
  version: string;
  questionIds: string[];
  questionsJson: string;
  key: Map<string, { correct: string | undefined; options: Set<string>; explanation: string | null }>;
}
const papers = new Map<string, Paper>();
const paperOf = new Map<string, string>();

async function loadPaper(db: postgres.Sql | postgres.TransactionSql, paperId: string): Promise<Paper> {
  const rows = await db.unsafe<
    {
      id: string;
      passage: string;
      html: string;
      type: string;
      fileUrl: string | null;
      explanation: string | null;
      options: { id: string; html: string; type: string; fileUrl: string | null; isCorrect: boolean }[];
      version: string;
    }[]
  >(
    `select q.id, q.passage_html as passage, q.question_html as html, q.question_type as type,
      q.file_url as "fileUrl", q.explanation_html as explanation,
      coalesce((select json_agg(json_build_object('id', o.id, 'html', o.option_html, 'type', o.option_type,
        'fileUrl', o.file_url, 'isCorrect', o.is_correct) order by o.position)
        from options o where o.question_id = q.id), '[]'::json) as options,
      (select count(*)::text || ':' || coalesce((extract(epoch from max(x.updated_at)) * 1000000)::bigint::text, '')
        from questions x where x.paper_id = $1) as version
    from questions q where q.paper_id = $1 order by q.position`,
    [paperId],
    { prepare: true },
  );
  const paper: Paper = {
    version: rows[0]?.version ?? '0:',
    questionIds: rows.map((row) => row.id),
    questionsJson: JSON.stringify(
      rows.map((row) => ({
        _id: row.id,
        passage: row.passage,
        question: row.html,
        questionType: row.type,
        fileUrl: row.fileUrl,
        options: row.options.map((option) => ({
          _id: option.id,
          option: option.html,
          optionType: option.type,
          fileUrl: option.fileUrl,
        })),
      })),
    ),
    key: new Map(
      rows.map((row) => [
        row.id,
        {
          correct: row.options.find((option) => option.isCorrect)?.id,
          options: new Set(row.options.map((option) => option.id)),
          explanation: row.explanation,
        },
      ]),
    ),
  };
  papers.set(paperId, paper);
  return paper;
}

/** The paper at `version`, from this process when it holds that version. */
async function paperAt(
  db: postgres.Sql | postgres.TransactionSql,
  paperId: string,
  version: string,
): Promise<Paper> {
  const held = papers.get(paperId);
  return held?.version === version ? held : loadPaper(db, paperId);
}

// GET /exam: the caller's session, latest subscription, the paper and its version, any open attempt at it,
// and (when this process holds the current version of the paper) the new attempt, in one statement.
const EXAM_CONTEXT = `with caller as (${CALLER}), context as (
    select sub.active, p.id as paper_id, p.duration, p.subject_id, p.exam_type, p.subject, p.year,
      (select count(*)::text || ':' || coalesce((extract(epoch from max(q.updated_at)) * 1000000)::bigint::text, '')
        from questions q where q.paper_id = p.id) as version,
      a.id as open_id
    from caller
    left join lateral (select s.ends_at > $2::timestamptz as active from subscriptions s
      where s.user_id = caller.user_id order by s.ends_at desc limit 1) sub on true
    left join lateral (select p.id, p.duration, p.subject_id, t.title as exam_type, sj.title as subject,
        y.title as year
      from papers p join exam_types t on t.id = p.exam_type_id join subjects sj on sj.id = p.subject_id
        join years y on y.id = p.year_id
      where p.exam_type_id = $3::uuid and p.subject_id = $4::uuid and p.year_id = $5::uuid
        and p.contest_id is null limit 1) p on true
    left join lateral (select a.id from attempts a where a.user_id = caller.user_id and a.paper_id = p.id
      and a.kind = 'exam' and a.submitted_at is null limit 1) a on true
  ), created as (
    insert into attempts (user_id, kind, paper_id, subject_id, question_ids, duration_minutes, started_at, ends_at)
    select caller.user_id, 'exam', c.paper_id, c.subject_id, $7::uuid[], coalesce(c.duration, $8::integer),
      $2::timestamptz, $2::timestamptz + make_interval(mins => coalesce(c.duration, $8::integer))
    from context c cross join caller
    where c.paper_id = $6::uuid and c.version = $9::text and c.active and c.open_id is null
      and not (caller.is_admin and $10::boolean)
    on conflict (user_id, paper_id) where kind = 'exam' and submitted_at is null do nothing
    returning id, duration_minutes, ends_at
  )
  select caller.user_id, caller.is_admin, context.*, created.id as created_id,
    created.duration_minutes, created.ends_at
  from (select 1) one left join caller on true left join context on true left join created on true`;

// PATCH /exam/answer: the session, the caller's open attempt holding the question (locked FOR SHARE against
// a submission), the option being the question's, the question not skipped, and the upsert: one statement.
const SAVE_ANSWER = `with caller as (${CALLER}), target as (
    select a.id from attempts a join caller on caller.user_id = a.user_id
    where a.id = $3::uuid and a.submitted_at is null and a.ends_at >= $2::timestamptz
      and $4::uuid = any(a.question_ids) and not (caller.is_admin and $6::boolean)
    for share of a
  ), done as (
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select target.id, $4::uuid, $5::uuid, $2::timestamptz from target
    where exists (select 1 from options o where o.id = $5::uuid and o.question_id = $4::uuid)
      and not exists (select 1 from lifeline_uses l where l.attempt_id = target.id and l.question_id = $4::uuid
        and l.kind = 'skip')
    on conflict (attempt_id, question_id)
      do update set option_id = excluded.option_id, answered_at = excluded.answered_at
    returning attempt_id
  )
  select caller.is_admin, exists (select 1 from done) as saved from caller`;

// POST /exam/answer: the session and the caller's attempt, locked FOR UPDATE, with what scoring needs.
const LOCK_FOR_SCORING = `with caller as (${CALLER}), target as (
    select a.id, a.kind, a.paper_id, a.question_ids, a.started_at, a.ends_at, a.submitted_at, a.score,
      a.correct_answer, a.wrong_answer, a.unanswered, a.score_accuracy, a.counted, a.credit,
      (select count(*)::text || ':' || coalesce((extract(epoch from max(q.updated_at)) * 1000000)::bigint::text, '')
        from questions q where q.paper_id = a.paper_id) as version,
      (a.kind = 'exam'
        and not exists (select 1 from attempts e where e.user_id = a.user_id and e.paper_id = a.paper_id
          and e.kind = 'exam' and e.counted)
        and not exists (select 1 from paper_downloads d where d.user_id = a.user_id and d.paper_id = a.paper_id)
      ) as eligible
    from attempts a join caller on caller.user_id = a.user_id
    where a.id = $3::uuid
    for update of a
  )
  select caller.is_admin, caller.user_id, target.* from caller left join target on true`;

// The answers a submission carries (saved unless skipped), and every saved answer after them.
const SUBMIT_ANSWERS = `with incoming as (
    select i.question, i.option from jsonb_to_recordset($2::text::jsonb) as i(question uuid, option uuid)
  ), upserted as (
    insert into attempt_answers (attempt_id, question_id, option_id, answered_at)
    select $1::uuid, i.question, i.option, $3::timestamptz from incoming i
    where not exists (select 1 from lifeline_uses l where l.attempt_id = $1::uuid and l.question_id = i.question
      and l.kind = 'skip')
    on conflict (attempt_id, question_id)
      do update set option_id = excluded.option_id, answered_at = excluded.answered_at
    returning question_id, option_id
  )
  select question_id as question, option_id as option from upserted
  union all
  select aa.question_id, aa.option_id from attempt_answers aa
  where aa.attempt_id = $1::uuid and not exists (select 1 from upserted u where u.question_id = aa.question_id)
    and not exists (select 1 from lifeline_uses l where l.attempt_id = aa.attempt_id
      and l.question_id = aa.question_id and l.kind = 'skip')`;

// The ranking rule: the questions whose key the student had not been shown and that never earned credit.
const CLAIM_CREDIT = `insert into shown_keys (user_id, question_id, shown_at, via, credited_at)
  select $1::uuid, id, $2::timestamptz, 'result', $2::timestamptz
  from (select distinct unnest($3::uuid[]) as id order by id) ids
  on conflict (user_id, question_id) do update
    set credited_at = excluded.credited_at, shown_at = least(shown_keys.shown_at, excluded.shown_at),
      via = case when excluded.shown_at < shown_keys.shown_at then excluded.via else shown_keys.via end
    where shown_keys.credited_at is null and shown_keys.shown_at > $2::timestamptz
  returning question_id as id`;

// The keys of the questions that earned no credit, recorded as shown, and why they earned none.
const RECORD_SHOWN = `with before as (
    select count(*) filter (where shown_at > $2::timestamptz)::integer as credited_before
    from shown_keys where user_id = $1::uuid and question_id = any($3::uuid[])
  ), shown as (
    insert into shown_keys (user_id, question_id, shown_at, via)
    select $1::uuid, id, $2::timestamptz, 'result' from (select distinct unnest($3::uuid[]) as id order by id) ids
    on conflict (user_id, question_id) do update set shown_at = excluded.shown_at, via = excluded.via
      where excluded.shown_at < shown_keys.shown_at
  )
  select credited_before from before`;

// The attempt's result and the student's leaderboard total, in one statement.
const RECORD_SCORE = `with scored as (
    update attempts set submitted_at = $2::timestamptz, score = $3, correct_answer = $4, wrong_answer = $5,
      unanswered = $6, score_accuracy = $7, time_spent_seconds = $8, counted = $9, credit = $10::text::jsonb
    where id = $1::uuid returning counted, user_id
  ), credited as (
    update users set total_score = total_score + $11::integer, total_score_at = $2::timestamptz,
      scored_attempts = scored_attempts + 1
    where id = (select user_id from scored) and (select counted from scored)
  )
  select counted from scored`;

// GET /exam/leaderboard: the session and the caller's own board entry, in one statement.
const BOARD_KEY = `with caller as (${CALLER})
  select caller.is_admin, u.id,
    (u.scored_attempts > 0 and not u.is_admin and u.email_verified_at is not null) as on_board,
    u.total_score, (extract(epoch from u.total_score_at) * 1000000)::bigint::text as at
  from caller join users u on u.id = caller.user_id`;

const ON_BOARD = 'scored_attempts > 0 and not is_admin and email_verified_at is not null';

/** This process's copy of the board (top 100 and everyone's order), read again at most every 5 s. */
interface Board {
  top: { id: string; firstName: string; lastName: string; imageUrl: string | null; totalScore: number }[];
  scores: Int32Array;
  ats: Float64Array;
  ids: string[];
  takenAt: number;
}
let board: Board | undefined;
let refreshing: Promise<Board> | undefined;

function refreshBoard(): Promise<Board> {
  refreshing ??= (async () => {
    try {
      const takenAt = performance.now();
      const [top, order] = await Promise.all([
        sql.unsafe<Board['top']>(
          `select id, first_name as "firstName", last_name as "lastName", image_url as "imageUrl",
            total_score as "totalScore" from users where ${ON_BOARD}
            order by total_score desc, total_score_at, id limit 100`,
          [],
          { prepare: true },
        ),
        sql.unsafe<{ s: number; at: string; id: string }[]>(
          `select total_score as s, (extract(epoch from total_score_at) * 1000000)::bigint::text as at, id
            from users where ${ON_BOARD} order by total_score desc, total_score_at, id`,
          [],
          { prepare: true },
        ),
      ]);
      board = {
        top: [...top],
        scores: Int32Array.from(order, (row) => row.s),
        ats: Float64Array.from(order, (row) => Number(row.at)),
        ids: order.map((row) => row.id),
        takenAt,
      };
      return board;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

async function currentBoard(): Promise<Board> {
  const age = board ? performance.now() - board.takenAt : Number.POSITIVE_INFINITY;
  if (!board || age > 3 * BOARD_REFRESH_MS) return refreshBoard();
  if (age > BOARD_REFRESH_MS) refreshBoard().catch(() => {});
  return board;
}

/** The caller's rank: one more than the students ahead of them in the copy (binary search). */
function rankIn(copy: Board, me: { score: number; at: number; id: string }): number {
  let low = 0;
  let high = copy.ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const score = copy.scores[middle] ?? 0;
    const at = copy.ats[middle] ?? 0;
    const id = copy.ids[middle] ?? '';
    const ahead = score !== me.score ? score > me.score : at !== me.at ? at < me.at : id < me.id;
    if (ahead) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

const app = new Hono()
  .get('/exam/daily/taken', async (c) => {
    const hash = tokenHash(c.req.header('authorization'));
    if (!hash) return c.body(failure('Unauthorized'), 401, json);
    const now = new Date();
    const day = westAfricaDay.format(now);
    const [row] = await sql.unsafe<{ is_admin: boolean | null; subjects: string[] | null }[]>(
      `with caller as (${CALLER})
      select caller.is_admin, array(select a.subject_id from attempts a where a.user_id = caller.user_id
        and a.kind = 'daily' and a.day = $3 and a.submitted_at is not null order by a.submitted_at) as subjects
      from caller`,
      [hash, now.toISOString(), day],
      { prepare: true },
    );
    if (!row) return c.body(failure('Unauthorized'), 401, json);
    if (row.is_admin && fromWebApp(c.req.header('frontend-source'))) {
      return c.body(failure('Forbidden'), 403, json);
    }
    return c.body(
      body("Today's daily tests fetched successfully", { day, subjects: row.subjects }),
      200,
      json,
    );
  })
  .get('/exam', async (c) => {
    const hash = tokenHash(c.req.header('authorization'));
    if (!hash) return c.body(failure('Unauthorized'), 401, json);
    const { examType = '', subject = '', year = '' } = c.req.query();
    if (!UUID.test(examType) || !UUID.test(subject) || !UUID.test(year)) {
      return c.body(failure('examType, subject and year must be ids'), 400, json);
    }
    const now = new Date();
    const key = `${examType}|${subject}|${year}`;
    const heldId = paperOf.get(key);
    const held = heldId === undefined ? undefined : papers.get(heldId);
    const webApp = fromWebApp(c.req.header('frontend-source'));
    const context = (known: Paper | undefined, knownId: string | undefined) =>
      sql.unsafe<
        {
          user_id: string | null;
          is_admin: boolean | null;
          active: boolean | null;
          paper_id: string | null;
          duration: number | null;
          exam_type: string;
          subject: string;
          year: string;
          version: string | null;
          open_id: string | null;
          created_id: string | null;
          duration_minutes: number | null;
          ends_at: Date | null;
        }[]
      >(
        EXAM_CONTEXT,
        [
          hash,
          now.toISOString(),
          examType,
          subject,
          year,
          knownId ?? null,
          known?.questionIds ?? [],
          known?.questionIds.length ?? 0,
          known?.version ?? null,
          webApp,
        ],
        { prepare: true },
      );
    let [row] = await context(held, heldId);
    if (!row?.user_id) return c.body(failure('Unauthorized'), 401, json);
    if (row.is_admin && webApp) return c.body(failure('Forbidden'), 403, json);
    if (!row.active) return c.body(failure('Choose a plan to take full exams.'), 402, json);
    if (!row.paper_id || !row.version) return c.body(failure('There is no paper yet.'), 404, json);
    if (row.open_id) return c.body(failure('An attempt at this paper is open.'), 409, json);
    let paper = held;
    if (!row.created_id) {
      // This process did not hold the current paper: read it, then start the attempt with it.
      paper = await paperAt(sql, row.paper_id, row.version);
      paperOf.set(key, row.paper_id);
      [row] = await context(paper, row.paper_id);
      if (!row?.created_id) return c.body(failure('The attempt could not start.'), 409, json);
    }
    if (!paper || !row.ends_at) return c.body(failure('There is no paper yet.'), 404, json);
    const head = JSON.stringify({
      success: true,
      message: 'Exam fetched successfully',
      data: {
        _id: row.created_id,
        kind: 'exam',
        duration: row.duration_minutes,
        startedAt: now.toISOString(),
        endsAt: row.ends_at.toISOString(),
        submitted: false,
        serverTime: now.toISOString(),
        heading: { examType: row.exam_type, subject: row.subject, year: row.year },
      },
    }).slice(0, -2);
    return c.body(`${head},"questions":${paper.questionsJson},"answers":[],"lifelines":[]}}`, 200, json);
  })
  .patch('/exam/answer', async (c) => {
    const hash = tokenHash(c.req.header('authorization'));
    if (!hash) return c.body(failure('Unauthorized'), 401, json);
    const input = (await c.req.json().catch(() => null)) as {
      exam?: unknown;
      question?: unknown;
      option?: unknown;
    };
    const { exam, question, option } = input ?? {};
    if (
      typeof exam !== 'string' ||
      !UUID.test(exam) ||
      typeof question !== 'string' ||
      !UUID.test(question)
    ) {
      return c.body(failure('exam and question must be ids'), 400, json);
    }
    if (typeof option !== 'string' || !UUID.test(option)) {
      return c.body(failure('option must be an id'), 400, json);
    }
    const webApp = fromWebApp(c.req.header('frontend-source'));
    const [row] = await sql.unsafe<{ is_admin: boolean; saved: boolean }[]>(
      SAVE_ANSWER,
      [hash, new Date().toISOString(), exam, question, option, webApp],
      { prepare: true },
    );
    if (!row) return c.body(failure('Unauthorized'), 401, json);
    if (row.is_admin && webApp) return c.body(failure('Forbidden'), 403, json);
    if (!row.saved) return c.body(failure('The answer was not saved.'), 409, json);
    return c.body(body('Answer saved', null), 200, json);
  })
  .post('/exam/answer', async (c) => {
    const hash = tokenHash(c.req.header('authorization'));
    if (!hash) return c.body(failure('Unauthorized'), 401, json);
    const input = (await c.req.json().catch(() => null)) as { exam?: unknown; answers?: unknown };
    const answers = Array.isArray(input?.answers)
      ? (input.answers as { question?: unknown; option?: unknown }[])
      : [];
    const exam = input?.exam;
    if (
      typeof exam !== 'string' ||
      !UUID.test(exam) ||
      !Array.isArray(input?.answers) ||
      answers.length > 500 ||
      answers.some(
        (answer) =>
          typeof answer?.question !== 'string' ||
          !UUID.test(answer.question) ||
          typeof answer.option !== 'string' ||
          !UUID.test(answer.option),
      )
    ) {
      return c.body(failure('exam and answers are required'), 400, json);
    }
    const submitted = answers as { question: string; option: string }[];
    const now = new Date();
    const at = now.toISOString();
    const webApp = fromWebApp(c.req.header('frontend-source'));
    const outcome = await sql.begin(async (tx) => {
      const [row] = await tx.unsafe<
        {
          is_admin: boolean;
          user_id: string;
          id: string | null;
          kind: string;
          paper_id: string;
          question_ids: string[];
          started_at: Date;
          ends_at: Date;
          submitted_at: Date | null;
          score: number;
          correct_answer: number;
          wrong_answer: number;
          unanswered: number;
          score_accuracy: number;
          counted: boolean;
          credit: unknown;
          version: string;
          eligible: boolean;
        }[]
      >(LOCK_FOR_SCORING, [hash, at, exam], { prepare: true });
      if (!row) return { status: 401 as const, text: failure('Unauthorized') };
      if (row.is_admin && webApp) return { status: 403 as const, text: failure('Forbidden') };
      if (!row.id || row.kind !== 'exam') return { status: 404 as const, text: failure('No such test') };
      // Read on the transaction's own connection: ten transactions each waiting for an eleventh would hang.
      const paper = await paperAt(tx, row.paper_id, row.version);
      const inTime = now.getTime() <= row.ends_at.getTime() + GRACE_MS;
      for (const answer of submitted) {
        if (
          !row.question_ids.includes(answer.question) ||
          !paper.key.get(answer.question)?.options.has(answer.option)
        ) {
          return { status: 400 as const, text: failure('This answer is not part of this test.') };
        }
      }
      // A repeated submission changes nothing: its result is rebuilt from the saved answers.
      const repeat = row.submitted_at !== null;
      const latest = new Map(
        inTime && !repeat ? submitted.map((answer) => [answer.question, answer.option]) : [],
      );
      const incoming = JSON.stringify([...latest].map(([question, option]) => ({ question, option })));
      const saved = await tx.unsafe<{ question: string; option: string }[]>(
        SUBMIT_ANSWERS,
        [row.id, incoming, at],
        { prepare: true },
      );
      const chosen = new Map(saved.map((answer) => [answer.question, answer.option]));
      let right = 0;
      let wrong = 0;
      const outcomes = new Map<string, 'right' | 'wrong' | 'blank'>();
      const quizAnswers = row.question_ids.map((question) => {
        const entry = paper.key.get(question);
        const selected = chosen.get(question) ?? null;
        const isCorrect = selected !== null && selected === entry?.correct;
        outcomes.set(question, selected === null ? 'blank' : isCorrect ? 'right' : 'wrong');
        if (selected !== null) isCorrect ? right++ : wrong++;
        return {
          question,
          selected,
          correctAnswer: entry?.correct ?? null,
          isCorrect,
          explanation: entry?.explanation ?? null,
        };
      });
      const total = row.question_ids.length;
      const score = right * 5 - wrong * 2;
      const accuracy = total === 0 ? 0 : Math.round((right / total) * 100);
      const finishedAt = now < row.ends_at ? now : row.ends_at;
      const spent = Math.max(0, Math.round((finishedAt.getTime() - row.started_at.getTime()) / 1000));
      const resultWith = (counted: boolean, credit: unknown) => ({
        _id: row.id,
        kind: 'exam',
        counted,
        credit,
        answersOpenAt: null,
        score,
        correctAnswer: right,
        wrongAnswer: wrong,
        unanswered: total - right - wrong,
        scoreAccuracy: accuracy,
        quizAnswers,
        timeSpent: Math.round(spent / 6) / 10,
      });
      if (repeat) {
        return {
          status: 200 as const,
          text: body('Exam submitted successfully', resultWith(row.counted, row.credit)),
        };
      }
      let credit: { questions: number; points: number; seenBefore: number; creditedBefore: number } | null =
        null;
      const userQuestions = [...new Set(row.question_ids)];
      const userId = row.user_id;
      if (row.eligible) {
        const claimed = new Set(
          (
            await tx.unsafe<{ id: string }[]>(CLAIM_CREDIT, [userId, at, userQuestions], { prepare: true })
          ).map((claim) => claim.id),
        );
        const others = userQuestions.filter((id) => !claimed.has(id));
        let creditedBefore = 0;
        if (others.length > 0) {
          const [reasons] = await tx.unsafe<{ credited_before: number }[]>(
            RECORD_SHOWN,
            [userId, at, others],
            {
              prepare: true,
            },
          );
          creditedBefore = reasons?.credited_before ?? 0;
        }
        let points = 0;
        for (const id of claimed) {
          const result = outcomes.get(id);
          if (result === 'right') points += 5;
          else if (result === 'wrong') points -= 2;
        }
        credit = {
          questions: claimed.size,
          points,
          seenBefore: others.length - creditedBefore,
          creditedBefore,
        };
      } else {
        await tx.unsafe(RECORD_SHOWN, [userId, at, userQuestions], { prepare: true });
      }
      const counted = credit !== null && credit.questions > 0;
      const [recorded] = await tx.unsafe<{ counted: boolean }[]>(
        RECORD_SCORE,
        [
          row.id,
          at,
          score,
          right,
          wrong,
          total - right - wrong,
          accuracy,
          spent,
          counted,
          credit === null ? null : JSON.stringify(credit),
          credit?.points ?? 0,
        ],
        { prepare: true },
      );
      const result = resultWith(recorded?.counted ?? false, credit);
      return { status: 200 as const, text: body('Exam submitted successfully', result) };
    });
    return c.body(outcome.text, outcome.status, json);
  })
  .get('/exam/leaderboard', async (c) => {
    const hash = tokenHash(c.req.header('authorization'));
    if (!hash) return c.body(failure('Unauthorized'), 401, json);
    const [[row], copy] = await Promise.all([
      sql.unsafe<{ is_admin: boolean; id: string; on_board: boolean; total_score: number; at: string }[]>(
        BOARD_KEY,
        [hash, new Date().toISOString()],
        { prepare: true },
      ),
      currentBoard(),
    ]);
    if (!row) return c.body(failure('Unauthorized'), 401, json);
    if (row.is_admin && fromWebApp(c.req.header('frontend-source'))) {
      return c.body(failure('Forbidden'), 403, json);
    }
    const docs = copy.top.map((student, index) => {
      const isMe = student.id === row.id;
      return {
        rank: index + 1,
        user: {
          firstName: student.firstName,
          lastName: isMe ? student.lastName : `${student.lastName.trim().charAt(0).toUpperCase()}.`,
          image: student.imageUrl ? { url: student.imageUrl } : null,
        },
        totalScore: student.totalScore,
        isMe,
      };
    });
    const me = row.on_board
      ? {
          rank: rankIn(copy, { score: row.total_score, at: Number(row.at), id: row.id }),
          totalScore: row.total_score,
        }
      : null;
    const data = { docs, totalDocs: docs.length, limit: docs.length, page: 1, totalPages: 1, me };
    return c.body(body('Leaderboard fetched successfully', data), 200, json);
  });

if (processes > 1 && cluster.isPrimary) {
  for (let index = 0; index < processes; index++) cluster.fork();
  let ready = 0;
  cluster.on('message', (_worker, message: { port?: number }) => {
    ready += 1;
    if (ready === processes) console.log(`floor is ready at http://127.0.0.1:${message.port}`);
  });
} else {
  const port = Number(process.env.PORT ?? 0);
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    if (cluster.isWorker) process.send?.({ port: info.port });
    else console.log(`floor is ready at http://127.0.0.1:${info.port}`);
  });
}
