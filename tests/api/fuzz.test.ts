import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { examApi, offlineApi, userApi, utmeApi } from '../../src/lib/api/endpoints.ts';
import { subjects, trustedDevices } from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import {
  type Endpoint,
  expectErrorShape,
  fillPathParams,
  listEndpoints,
  type ProbeResponse,
  sendRaw,
} from '../support/api-probe.ts';
import { createJambBank, createPaper } from '../support/bank-fixture.ts';
import { watchChanges } from '../support/change-watch.ts';
import { createTestApp, newStudent, signUpStudent } from '../support/test-app.ts';

// Property-based robustness of every endpoint: malformed and hostile input gets a 4xx in the API's error
// shape, never a 5xx, and changes nothing in the database. Runs are bounded and seeded, so a failure
// replays: FUZZ_SEED=<seed> npx vitest run tests/api/fuzz.test.ts.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_302);
const GARBAGE_RUNS = 25;
const NEAR_VALID_RUNS = 15;
const ONE_MEGABYTE = 1024 * 1024;

const t = await createTestApp();
for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);
const paper = await createPaper(t.db, { count: 4 });
const student = await signUpStudent(t);
// Downloaded first: a paper whose questions sit in an open test cannot be downloaded.
const downloadedAt = t.clock.now();
const offline = await t.call(offlineApi.download, {
  query: { examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year },
  token: student.token,
});
if (offline.status !== 200) throw new Error(`fixture download failed: ${offline.text}`);
const exam = await t.call(examApi.paper, {
  query: { exam: 'new', examType: paper.ids.examType, subject: paper.ids.subject, year: paper.ids.year },
  token: student.token,
});
if (exam.status !== 200) throw new Error(`fixture exam failed: ${exam.text}`);
const attemptId: string = exam.json.data._id;
const [firstQuestion] = paper.questions;
if (!firstQuestion) throw new Error('fixture paper has no question');
await t.call(examApi.daily, { query: { subject: paper.ids.subject }, token: student.token });
const jamb = await createJambBank(t.db);
const utmeSubjects = [jamb.subjects.mathematics, jamb.subjects.physics, jamb.subjects.biology];
const utme = await t.call(utmeApi.sitting, {
  query: { subjects: utmeSubjects.map((subject) => subject.id).join(',') },
  token: student.token,
});
if (utme.status !== 200) throw new Error(`fixture UTME sitting failed: ${utme.text}`);
const utmeId: string = utme.json.data._id;

const endpoints = listEndpoints(t.app);
let requestCount = 0;

afterAll(() => {
  console.log(`fuzz: ${requestCount} requests over ${endpoints.length} endpoints (seed ${SEED})`);
});

/** A body the endpoint accepts, holding only its required fields: the start of the near-valid mutations. */
type Example =
  | { kind: 'json'; fields: Record<string, unknown> }
  | { kind: 'form'; fields: Record<string, string> };

const examples: Record<string, Example> = {
  'POST /api/v1/user': { kind: 'json', fields: newStudent() },
  'POST /api/v1/user/login': {
    kind: 'json',
    fields: { telephone: student.body.telephone, password: 'not-the-password' },
  },
  'PUT /api/v1/user': { kind: 'json', fields: { firstName: 'Adaeze' } },
  // Never the fuzzing student's password: a valid body is refused with 403 and deletes nothing.
  'DELETE /api/v1/user': { kind: 'json', fields: { password: 'not-the-password' } },
  'PUT /api/v1/user/reset-password': { kind: 'json', fields: { email: 'nobody@example.com' } },
  'POST /api/v1/user/verify-email': { kind: 'json', fields: { token: 'x'.repeat(43) } },
  'POST /api/v1/user/reset-password': {
    kind: 'json',
    fields: { otp: 'x'.repeat(43), password: 'a-new-password' },
  },
  'POST /api/v1/feedback': {
    kind: 'json',
    fields: {
      fullname: 'Ngozi Okafor',
      email: 'ngozi@example.com',
      telephone: '08031234567',
      message: 'Hello',
      acceptTerms: true,
    },
  },
  'PATCH /api/v1/exam/answer': {
    kind: 'json',
    fields: { exam: attemptId, question: firstQuestion.id, option: firstQuestion.right },
  },
  'POST /api/v1/exam/answer/daily': { kind: 'json', fields: { subject: paper.ids.subject } },
  'POST /api/v1/exam/answer': { kind: 'json', fields: { exam: attemptId } },
  'POST /api/v1/exam/answer/utme': { kind: 'json', fields: { exam: utmeId } },
  'POST /api/v1/exam/offline': {
    kind: 'json',
    fields: {
      clientId: '00000000-0000-4000-8000-00000000f022',
      paperId: paper.paperId,
      startedAt: new Date(downloadedAt.getTime() + 1000).toISOString(),
      finishedAt: new Date(downloadedAt.getTime() + 61_000).toISOString(),
      answers: [],
    },
  },
  'POST /api/v1/exam/lifeline': {
    kind: 'json',
    fields: { exam: attemptId, question: firstQuestion.id, kind: 'skip' },
  },
  // A question of the fuzzing student's unfinished attempt: a valid report of it is a 404 that stores nothing.
  'POST /api/v1/question/report': { kind: 'json', fields: { question: firstQuestion.id, reason: 'typo' } },
  // Not in the fuzzing student's review deck (they have scored no attempt): a valid body is a 404.
  'POST /api/v1/review/answer': {
    kind: 'json',
    fields: { question: firstQuestion.id, option: firstQuestion.right },
  },
  'PUT /api/v1/prediction/plan': {
    kind: 'json',
    fields: { examDate: '2026-06-20', subjects: utmeSubjects.map((subject) => subject.id) },
  },
  'POST /api/v1/subscription': {
    kind: 'json',
    fields: { reference: 'ref-000001', channel: 'paystack', planId: 'weekly' },
  },
  'POST /api/v1/coins': { kind: 'json', fields: { reference: 'ref-000002', pack: 1000 } },
  'POST /api/v1/test-checkout': {
    kind: 'json',
    fields: {
      reference: 'ref-000003',
      amount: 50_000,
      email: 'ngozi@example.com',
      metadata: { userId: student.user._id, purpose: 'subscription', planId: 'weekly' },
    },
  },
  // The fuzzer's paths name no contest (every :id is the nil UUID): a valid hand-in or claim is a 404.
  'POST /api/v1/contest/:id/level': { kind: 'json', fields: { exam: attemptId } },
  'POST /api/v1/contest/:id/claim': { kind: 'json', fields: { adult: true } },
  'POST /api': { kind: 'form', fields: { action: 'GRW' } },
};

// Endpoints that take no input: with a valid token any request performs them (logout revokes the very
// token the fuzzer uses), so they are fuzzed without a token only; the authorisation tests cover them.
const TAKES_NO_INPUT = new Set(['POST /api/v1/user/logout']);
// The webhook reads a raw body and answers 401 to anything unsigned, before it looks at the content.
const RAW_BODY = new Set(['POST /api/v1/paystack/webhook']);
// Endpoints that read no body at all: fuzzed with garbage, with and without a token (the fuzzing student's
// email is confirmed, so a resend is refused with 409 and changes nothing; the contest an entry names does
// not exist, so it is a 404), but they need no example.
const IGNORES_BODY = new Set(['POST /api/v1/user/verify-email/resend', 'POST /api/v1/contest/:id/entry']);
// Reading the review deck first takes in the mistakes of attempts scored since it was last read: a GET that
// may write, once. It is read once before its fuzzing, so that any attempt a fuzzed POST scored is taken in
// and every fuzzed read must then change nothing. The Today card counts the deck the same way.
const SETTLES_WHEN_READ = new Set(['GET /api/v1/review/due', 'GET /api/v1/prediction/today']);

/** Every field name an example uses: kept out of the garbage generators, so garbage is never valid. */
const KNOWN_FIELDS = new Set(Object.values(examples).flatMap((example) => Object.keys(example.fields)));

// ---- generators -------------------------------------------------------------------------------------

const ODD_PIECES = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\ud83d',
  '\u202e',
  '\u200f',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u0301\u0301\u0301',
  '😀',
  '👩🏾‍🎓',
  '\u{10ffff}',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '$'.concat('{7*7}'),
  '{{7*7}}',
  '../../etc/passwd',
  'ﷺ',
  'İ',
  'Ⅻ',
  '١٢٣',
  '٠٨٠٣١٢٣٤٥٦٧',
];

/** Strings made of hostile pieces: NUL, lone surrogates, bidi and zero-width marks, emoji, injections. */
const oddString = fc
  .array(
    fc.oneof(
      fc.constantFrom(...ODD_PIECES),
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.string({ maxLength: 12 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** ASCII strings that make the body large: up to just under the 1 MB limit once wrapped in JSON. */
const hugeString = fc.constantFrom(20_000, 300_000, ONE_MEGABYTE - 4096).map((size) => 'a'.repeat(size));

/** Deeply nested JSON, as text (JSON.stringify itself would overflow the stack). */
const deepJsonText = fc
  .record({ depth: fc.constantFrom(64, 5_000, 100_000), kind: fc.constantFrom('array', 'object') })
  .map(({ depth, kind }) =>
    kind === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

const leafJsonText = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-0',
    '1e308',
    '-1',
    '1.5',
    '12345678901234567890',
    '""',
    '"new"',
    '"00000000-0000-0000-0000-000000000000"',
    '[]',
    '{}',
  ),
  oddString.map((text) => JSON.stringify(text)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
);

/** Keys that are never a field of any endpoint, including the prototype-pollution ones. */
const garbageKey = fc
  .oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', ''), oddString)
  .filter((key) => !KNOWN_FIELDS.has(key));

const objectText = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

/** Any JSON value as text, nested a little, with garbage keys. */
const anyJsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafJsonText,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(garbageKey, tie('value')), { maxLength: 4 }).map(objectText),
  ),
})).value;

const POLLUTION_BODIES = [
  '{"__proto__":{"isAdmin":true,"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":{"__proto__":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}',
  '[{"__proto__":{"polluted":"yes"}}]',
];

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":undefined}',
  '{"a":NaN}',
  'nul',
  '{"a":"\\ud800',
  '{"a":"\\x41"}',
  '{"a":"\u0000"}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '[1,2',
  '"unterminated',
];

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'];
const NON_JSON_TYPES = [
  undefined,
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'application/octet-stream',
  'application/jsonx',
  'json',
  '',
];

const QUERY_KEYS = [
  'page',
  'limit',
  'exam',
  'examType',
  'subject',
  'year',
  'subjects',
  'topic',
  'page[]',
  'a[b]',
  '__proto__',
  '',
];
const QUERY_VALUES = [
  '',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%ff%fe',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  'new',
  'true',
  '[]',
  '+',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000,00000000-0000-0000-0000-000000000001,00000000-0000-0000-0000-000000000002',
];

function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be percent-encoded; the URL parser then replaces it itself.
    return text;
  }
}

/** A query string of odd keys and values, sometimes encoded, sometimes raw and broken. */
const queryString = fc.oneof(
  fc.constantFrom(
    '',
    '?',
    '??',
    '?&&&',
    '?=',
    '?=&=',
    `?${'a=1&'.repeat(2000)}`,
    '?page=1&page=2&limit=1&limit=x',
  ),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...QUERY_KEYS), oddString.map(encodeLoosely)),
        fc.oneof(
          fc.constantFrom(...QUERY_VALUES),
          oddString.map(encodeLoosely),
          fc.integer().map(String),
          fc.string({ maxLength: 8 }).map((text) => text.replace(/[#&]/g, '')),
        ),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
);

const junkAuthorization = fc.constantFrom(
  undefined,
  'Bearer',
  'Bearer ',
  'Bearer x',
  `Bearer ${'A'.repeat(43)}`,
  `Bearer ${'A'.repeat(300)}`,
  'Basic YWRtaW46YWRtaW4=',
  'bearer  token',
  `Bearer ${student.token}x`,
);

/** One request the fuzzer sends; `strict` says that it is invalid, so anything but a 4xx is a bug. */
interface FuzzRequest {
  label: string;
  query: string;
  contentType: string | undefined;
  body: string | undefined;
  headers: Record<string, string>;
  strict: boolean;
  [fc.toStringMethod]?: () => string;
}

const extraHeaders = fc.record({
  'frontend-source': fc.constantFrom('webuser', 'WEBUSER ', 'admin', ''),
  'if-none-match': fc.constantFrom('*', '"x"', 'W/"x", "y"', ''),
  'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', ''),
  'cf-ipcountry': fc.constantFrom('NG', 'XX', 'zz', '', '12'),
});

/** A long text cut down to its start, its length and its end, for failure messages. */
function clip(text: string): string {
  return text.length <= 240 ? text : `${text.slice(0, 160)}…(${text.length} chars)…${text.slice(-40)}`;
}

function request(
  label: string,
  parts: { query?: string; contentType?: string | undefined; body?: string; strict?: boolean },
) {
  return extraHeaders.map(
    (headers): FuzzRequest => ({
      label,
      query: parts.query ?? '',
      contentType: parts.contentType,
      body: parts.body,
      headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')),
      strict: parts.strict ?? true,
      // fast-check prints counterexamples with this: a megabyte of body would drown the report.
      [fc.toStringMethod]: () =>
        JSON.stringify({
          label,
          query: clip(parts.query ?? ''),
          contentType: parts.contentType,
          body: clip(parts.body ?? ''),
          headers,
        }),
    }),
  );
}

const jsonType = fc.constantFrom(...JSON_TYPES);

/** Requests that no endpoint can accept: every one of them must get a 4xx. */
const garbageBody = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: 'binary', maxLength: 40 })),
      jsonType,
    )
    .chain(([body, contentType]) => request('malformed JSON', { body, contentType })),
  fc
    .tuple(leafJsonText, jsonType)
    .chain(([body, contentType]) => request('not an object', { body, contentType })),
  fc
    .tuple(anyJsonText, jsonType)
    .chain(([body, contentType]) => request('garbage JSON', { body, contentType })),
  fc
    .tuple(fc.constantFrom(...POLLUTION_BODIES), jsonType)
    .chain(([body, contentType]) => request('prototype pollution', { body, contentType })),
  fc
    .tuple(deepJsonText, jsonType)
    .chain(([body, contentType]) => request('deep nesting', { body, contentType })),
  hugeString.chain((text) =>
    request('huge string', { body: JSON.stringify(text), contentType: 'application/json' }),
  ),
  fc
    .tuple(queryString, anyJsonText, jsonType)
    .chain(([query, body, contentType]) => request('odd query', { query, body, contentType })),
  fc
    .tuple(queryString, fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data'))
    .chain(([query, contentType]) => request('garbage form', { body: query.slice(1), contentType })),
);

function exampleText(example: Example, fields: [string, string][]): string {
  if (example.kind === 'form') return fields.map(([key, value]) => `${key}=${value}`).join('&');
  return objectText(fields);
}

function encodedFields(example: Example): [string, string][] {
  return Object.entries(example.fields).map(([key, value]) => [
    key,
    example.kind === 'form' ? encodeURIComponent(String(value)) : JSON.stringify(value),
  ]);
}

function wrongTypeFor(value: unknown): fc.Arbitrary<string> {
  const kinds = [
    'null',
    '0',
    '-1.5',
    'true',
    '[]',
    '["x"]',
    '{}',
    '{"__proto__":{"polluted":"yes"}}',
    '"text"',
  ];
  const jsonKind = (text: string) => {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed;
  };
  const own = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return fc.oneof(
    fc.constantFrom(...kinds.filter((text) => jsonKind(text) !== own)),
    deepJsonText.filter((text) => (text.startsWith('[') ? 'array' : 'object') !== own),
  );
}

/**
 * Requests made from a valid body by breaking it: a required field dropped or of the wrong type (always
 * invalid, with extra and prototype keys added), or a string field replaced by odd Unicode or a huge string
 * (which may be valid: then the answer may be a 2xx, but still never a 5xx).
 */
function nearValid(example: Example): fc.Arbitrary<FuzzRequest> {
  const fields = encodedFields(example);
  const contentType = example.kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  const index = fc.nat({ max: fields.length - 1 });
  const extras = fc.array(fc.tuple(garbageKey, anyJsonText), { maxLength: 3 });
  const withExtras = (entries: [string, string][], added: [string, string][]) =>
    example.kind === 'form'
      ? [
          ...entries,
          ...added.map(([key, value]): [string, string] => [encodeLoosely(key), encodeLoosely(value)]),
        ]
      : [...entries, ...added];

  const missing = fc.tuple(index, extras).chain(([drop, added]) =>
    request('missing field', {
      contentType,
      body: exampleText(
        example,
        withExtras(
          fields.filter((_, position) => position !== drop),
          added,
        ),
      ),
    }),
  );
  const wrongType = index.chain((position) => {
    const [key, original] = fields[position] ?? ['', ''];
    const value = example.kind === 'json' ? JSON.parse(original) : original;
    return fc.tuple(wrongTypeFor(value), extras).chain(([replacement, added]) =>
      request('wrong type', {
        contentType,
        body: exampleText(
          example,
          withExtras(
            fields.map((entry, at) => (at === position ? [key, replacement] : entry)),
            added,
          ),
        ),
      }),
    );
  });
  const wrongContentType = fc
    .constantFrom(...(example.kind === 'form' ? [...JSON_TYPES, 'text/plain', undefined] : NON_JSON_TYPES))
    .chain((type) =>
      request('wrong content type', { contentType: type, body: exampleText(example, fields) }),
    );
  const stringFields = fields.flatMap(([key], position) =>
    typeof example.fields[key] === 'string' ? [position] : [],
  );
  const oddValue =
    stringFields.length === 0
      ? []
      : [
          fc
            .tuple(fc.constantFrom(...stringFields), fc.oneof(oddString, hugeString))
            .chain(([position, text]) =>
              request('odd string value', {
                contentType,
                strict: false,
                body: exampleText(
                  example,
                  fields.map((entry, at): [string, string] =>
                    at === position
                      ? [entry[0], example.kind === 'form' ? encodeLoosely(text) : JSON.stringify(text)]
                      : entry,
                  ),
                ),
              }),
            ),
        ];
  const nestedFields = fields.flatMap(([key], position) =>
    typeof example.fields[key] === 'object' && example.fields[key] !== null ? [position] : [],
  );
  const deepValue =
    nestedFields.length === 0
      ? []
      : [
          fc.tuple(fc.constantFrom(...nestedFields), deepJsonText).chain(([position, deep]) =>
            request('deeply nested value', {
              contentType,
              strict: false,
              body: exampleText(
                example,
                fields.map((entry, at): [string, string] => (at === position ? [entry[0], deep] : entry)),
              ),
            }),
          ),
        ];
  // The form endpoint's values are all strings: a "wrong type" there is the same text.
  return example.kind === 'form'
    ? fc.oneof(missing, wrongContentType, ...oddValue)
    : fc.oneof(missing, wrongType, wrongContentType, ...oddValue, ...deepValue);
}

const getRequest = fc
  .tuple(queryString, fc.constantFrom(undefined, ...JSON_TYPES, ...NON_JSON_TYPES))
  .chain(([query, contentType]) => request('odd query', { query, contentType, strict: false }));

// ---- the property -----------------------------------------------------------------------------------

const ALLOWED_4XX = new Set([400, 401, 402, 403, 404, 405, 409, 413, 415, 429]);

// Which tables changed since the last question: the fixture's writes above are forgotten first.
const changedTables = await watchChanges(t.db);
await changedTables();

async function probe(endpoint: Endpoint, fuzz: FuzzRequest, token: string | undefined, junkAuth?: string) {
  const headers: Record<string, string> = { ...fuzz.headers };
  if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
  if (token) headers.authorization = `Bearer ${token}`;
  else if (junkAuth) headers.authorization = junkAuth;
  const path = fillPathParams(endpoint.path, '00000000-0000-0000-0000-000000000000');
  requestCount += 1;
  const response: ProbeResponse = await sendRaw(t.app, endpoint.method, `${path}${fuzz.query}`, {
    headers,
    body: fuzz.body === undefined ? undefined : new TextEncoder().encode(fuzz.body),
  });
  const context = `${endpoint.key} [${fuzz.label}] ${token ? 'with token' : 'no token'} query=${clip(fuzz.query)} type=${fuzz.contentType} body=${clip(fuzz.body ?? '')}`;
  expect(response.status, `${context} -> ${response.text.slice(0, 300)}`).toBeLessThan(500);

  const changed = (await changedTables()).join(', ');
  if (response.status >= 400) {
    expect(ALLOWED_4XX.has(response.status), `${context} -> ${response.status}`).toBe(true);
    expectErrorShape(response, context);
    expect(changed, `${context}: a refused request changed the database`).toBe('');
  } else if (endpoint.method === 'GET') {
    expect(changed, `${context}: a GET changed the database`).toBe('');
  } else if (fuzz.strict) {
    expect.fail(
      `${context}: invalid input was accepted with ${response.status} ${response.text.slice(0, 200)}`,
    );
  }
  return response;
}

describe(`fuzzing every endpoint (seed ${SEED})`, () => {
  it('finds the endpoints in the app itself', () => {
    expect(endpoints.length).toBeGreaterThan(20);
    expect(endpoints.map((endpoint) => endpoint.key)).toEqual(
      expect.arrayContaining(['PATCH /api/v1/exam/answer', 'POST /api', 'GET /api/v1/examType']),
    );
  });

  it('notices any change to the database', async () => {
    expect(await changedTables()).toEqual([]);
    await signUpStudent(t);
    expect(await changedTables()).toEqual([
      'coin_ledger',
      'email_confirmations',
      'sessions',
      'subscriptions',
      'users',
    ]);
  });

  it('has a valid example body for every endpoint that takes one, for the near-valid mutations', () => {
    const needing = endpoints.filter(
      (endpoint) =>
        endpoint.method !== 'GET' &&
        !TAKES_NO_INPUT.has(endpoint.key) &&
        !RAW_BODY.has(endpoint.key) &&
        !IGNORES_BODY.has(endpoint.key),
    );
    expect(needing.filter((endpoint) => !examples[endpoint.key]).map((endpoint) => endpoint.key)).toEqual([]);
  });

  for (const endpoint of endpoints) {
    const modes = TAKES_NO_INPUT.has(endpoint.key)
      ? (['no token'] as const)
      : (['no token', 'student'] as const);
    for (const mode of modes) {
      const token = mode === 'student' ? student.token : undefined;
      it(`${endpoint.key} (${mode}): garbage gets a 4xx in the error shape and changes nothing`, async () => {
        const requests = endpoint.method === 'GET' ? getRequest : garbageBody;
        if (token && SETTLES_WHEN_READ.has(endpoint.key)) {
          await sendRaw(t.app, endpoint.method, endpoint.path, {
            headers: { 'frontend-source': 'webuser', authorization: `Bearer ${token}` },
          });
          await changedTables();
        }
        await fc.assert(
          fc.asyncProperty(requests, junkAuthorization, async (fuzz, junkAuth) => {
            await probe(endpoint, fuzz, token, junkAuth);
          }),
          { numRuns: GARBAGE_RUNS, seed: SEED, endOnFailure: true },
        );
      }, 120_000);

      const example = examples[endpoint.key];
      if (example) {
        it(`${endpoint.key} (${mode}): broken valid bodies never get a 5xx`, async () => {
          await fc.assert(
            fc.asyncProperty(nearValid(example), async (fuzz) => {
              await probe(endpoint, fuzz, token);
            }),
            { numRuns: NEAR_VALID_RUNS, seed: SEED, endOnFailure: true },
          );
        }, 120_000);
      }

      if (endpoint.method !== 'GET') {
        it(`${endpoint.key} (${mode}): a body over 1 MB is refused`, async () => {
          const body = JSON.stringify({ padding: 'a'.repeat(ONE_MEGABYTE) });
          const fuzz: FuzzRequest = {
            label: 'over 1 MB',
            query: '',
            contentType: 'application/json',
            body,
            headers: {},
            strict: true,
          };
          const response = await probe(endpoint, fuzz, token);
          expect(response.status).toBe(413);
        });
      }
    }
  }

  it('GET /api/v1/exam/topic (student): a real subject with hostile topic names gets a 4xx, never a 5xx', async () => {
    const [subject] = await t.db
      .select({ slug: subjects.slug })
      .from(subjects)
      .where(eq(subjects.id, paper.ids.subject));
    const endpoint = endpoints.find((candidate) => candidate.key === 'GET /api/v1/exam/topic');
    if (!subject || !endpoint) throw new Error('no subject, or no topic endpoint');
    const topicQueries = fc
      .oneof(
        oddString.map(encodeLoosely),
        hugeString,
        fc.constantFrom('%00', '%', '%ED%A0%80', '%20', '', 'Fractions&topic=Sets'),
      )
      .chain((topic) =>
        request('odd topic', { query: `?subject=${subject.slug}&topic=${topic}`, strict: true }),
      );
    await fc.assert(
      fc.asyncProperty(topicQueries, async (fuzz) => {
        const response = await probe(endpoint, fuzz, student.token);
        // The fixture's questions have no topic: no name can start a practice.
        expect(response.status, fuzz.query).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: GARBAGE_RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);

  it('POST /api/v1/exam/offline (student): past the upload limit, valid and broken bodies get 429 or 400 and store nothing', async () => {
    const endpoint = endpoints.find((candidate) => candidate.key === 'POST /api/v1/exam/offline');
    const example = examples['POST /api/v1/exam/offline'];
    if (!endpoint || example?.kind !== 'json') throw new Error('no offline upload endpoint or example');
    // New attempts until the paper's limit (part spent by the near-valid bodies above) refuses one.
    let status = 200;
    for (let count = 0; count <= RATE_LIMIT_POLICY.offlineUploadPaper.points && status === 200; count++) {
      const body = { ...example.fields, clientId: crypto.randomUUID() };
      status = (await t.request('POST', '/api/v1/exam/offline', { token: student.token, body })).status;
    }
    expect(status).toBe(429);
    await changedTables();
    await fc.assert(
      fc.asyncProperty(nearValid(example), async (fuzz) => {
        const response = await probe(endpoint, fuzz, student.token);
        expect([400, 415, 429], `${fuzz.label}: ${response.text}`).toContain(response.status);
      }),
      { numRuns: NEAR_VALID_RUNS, seed: SEED, endOnFailure: true },
    );
    const again = { ...example.fields, clientId: crypto.randomUUID() };
    const limited = await t.request('POST', '/api/v1/exam/offline', { token: student.token, body: again });
    expect(limited.status).toBe(429);
  }, 120_000);

  it('GET /api/v1/exam/history (student): past the history-read limit, any query gets 429 or 400 and changes nothing', async () => {
    const endpoint = endpoints.find((candidate) => candidate.key === 'GET /api/v1/exam/history');
    if (!endpoint) throw new Error('no history endpoint');
    // A fresh student, so that the reads of the other tests do not count.
    const reader = await signUpStudent(t);
    for (let count = 0; count < RATE_LIMIT_POLICY.historyReadAccount.points; count++) {
      expect((await t.request('GET', '/api/v1/mastery', { token: reader.token })).status).toBe(200);
    }
    await changedTables();
    await fc.assert(
      fc.asyncProperty(getRequest, async (fuzz) => {
        const response = await probe(endpoint, fuzz, reader.token);
        expect([400, 429], `${fuzz.label}: ${response.text}`).toContain(response.status);
      }),
      { numRuns: GARBAGE_RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);

  it('POST /api/v1/user/login: any Cookie header is ignored unless it holds a device cookie this server set, never a 5xx', async () => {
    // Header values are bytes: every printable Latin-1 character, as a client may send them.
    const cookieText = fc.string({
      unit: fc
        .integer({ min: 0x20, max: 0xff })
        .filter((code) => code !== 0x7f)
        .map((code) => String.fromCharCode(code)),
      maxLength: 300,
    });
    const cookieHeaders = fc.oneof(
      cookieText,
      cookieText.map((value) => `device=${value}`),
      fc.constantFrom(
        'device=',
        'device',
        '=;=;',
        'device=%',
        'device=%E0%A4%A',
        `device=${'A'.repeat(43)}`,
        `device=${'x'.repeat(5000)}`,
        'device="quoted"; device=second',
        ';;;device=a;;;',
        'device=__proto__',
      ),
    );
    const issued = new Set<string>();
    let signedIn = 0;
    await fc.assert(
      fc.asyncProperty(cookieHeaders, fc.boolean(), async (cookie, rightPassword) => {
        const password = rightPassword ? student.body.password : 'not-the-password';
        const response = await t.call(userApi.signIn, {
          body: { telephone: student.body.telephone, password },
          headers: { cookie },
        });
        expect(response.status, cookie).toBe(rightPassword ? 200 : 401);
        if (rightPassword) {
          signedIn += 1;
          // No garbage passes for a device: each sign-in is given a new cookie.
          const setCookie = response.headers.get('set-cookie') ?? '';
          expect(setCookie, cookie).toMatch(/^device=[A-Za-z0-9_-]{43};/);
          issued.add(setCookie.split(';')[0] ?? '');
        }
      }),
      { numRuns: GARBAGE_RUNS, seed: SEED, endOnFailure: true },
    );
    expect(issued.size).toBe(signedIn);
    // An account keeps its ten most recent devices: a client collecting cookies grows nothing.
    expect(
      await t.db.$count(trustedDevices, eq(trustedDevices.userId, student.user._id)),
    ).toBeLessThanOrEqual(10);
    await changedTables();
  }, 120_000);

  it('a control character in any text field of any body gets a 400 and changes nothing', async () => {
    const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];
    /** Each string inside `value` with `control` put in its middle, one at a time, with its path. */
    function withControl(value: unknown, control: string, path: string[] = []): [string[], unknown][] {
      if (typeof value === 'string') {
        const middle = Math.floor(value.length / 2);
        return [[path, `${value.slice(0, middle)}${control}${value.slice(middle)}`]];
      }
      if (value === null || typeof value !== 'object') return [];
      return Object.entries(value).flatMap(([key, inner]) =>
        withControl(inner, control, [...path, key]).map(([innerPath, changed]): [string[], unknown] => [
          innerPath,
          Array.isArray(value)
            ? value.map((item, at) => (String(at) === key ? changed : item))
            : { ...value, [key]: changed },
        ]),
      );
    }
    let probed = 0;
    for (const endpoint of endpoints) {
      const example = examples[endpoint.key];
      if (!example) continue;
      for (const control of CONTROLS) {
        for (const [path, body] of withControl(example.fields, control)) {
          const fields = Object.entries(body as Record<string, unknown>);
          const text =
            example.kind === 'form'
              ? fields.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&')
              : JSON.stringify(body);
          const fuzz: FuzzRequest = {
            label: `U+${control.charCodeAt(0).toString(16).padStart(4, '0')} in ${path.join('.')}`,
            query: '',
            contentType: example.kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
            body: text,
            headers: { 'frontend-source': 'webuser' },
            strict: true,
          };
          const response = await probe(endpoint, fuzz, student.token);
          expect(response.status, `${endpoint.key} ${fuzz.label}: ${response.text}`).toBe(400);
          probed += 1;
        }
      }
    }
    expect(probed).toBeGreaterThan(100);
  }, 120_000);

  it('leaves Object.prototype alone', () => {
    const probeObject: Record<string, unknown> = {};
    expect(probeObject.polluted).toBeUndefined();
    expect(probeObject.isAdmin).toBeUndefined();
  });
});
