// npm run bench:exam-day: the morning of an exam. N students each sign in, fetch a paper, save an answer
// every few seconds (time compressed: --interval, 1 s by default) and submit. Reports p50/p99/p99.9 latency
// per step and the errors, then reads the database: every acknowledged answer and submission must be there,
// and any that is missing is printed and fails the run.
//
// Without --instances the students talk to one server directly over HTTP/1.1 on PostgreSQL. With
// --instances N the bench runs the reference deployment of docs/deploy.md for real: N app instances
// (`node server.mjs`, kept up by tests/bench/supervisor.ts) sharing PostgreSQL and Redis, behind Caddy running
// deploy/Caddyfile with TLS and HTTP/2, and the students talk HTTPS to Caddy.
//
// Every run reports what the load cost in CPU, read from /proc: the app's processes (with their cluster
// workers) and the PostgreSQL backends serving the run's database, per 1,000 students and per request, and
// the students one core carried at the run's p99. Before the load it measures the argon2id ceiling of the
// cores the app has (password verifications a second with the app's own parameters), and sets the rate at
// which sign-ins were answered against it.
//
// --profile start-minute (the default) is the worst case: every student arrives over --ramp seconds and goes
// straight through. --profile mock-day follows a mock exam's timetable (tests/bench/mock-day.ts): sessions
// opened over the 30 minutes before the start, the paper fetched in the first minute, answers spread over
// the sitting, and everyone submitting over its last minutes or timed out at the end; the quiet stretches
// are divided by --time-scale, and each phase's CPU time is read apart.
//
// --terminate-backends-at S injects a database blip S seconds into the load: pg_terminate_backend on every
// client connection to the app's database, once. Errors are then allowed and reported per step and kind;
// an instance that exits (a restart by the supervisor) or a missing acknowledged write fails the run.
//
// --hostile adds one client beside the students that keeps sending, over HTTP/1.1 keep-alive, bodies the
// app never reads: 1.1 MB to /api/v1/user/login (over the 1 MB limit) and about 420 KB to a 404 route, to
// a 401 route and to logout, one of each kind at a time, --hostile-interval ms apart (250 by default). Its
// answers are reported apart; any failed student request fails the run.
//
//   npm run bench:exam-day -- [--students 5000] [--answers 10] [--interval 1000] [--concurrency 64]
//                             [--ramp 60] [--questions 100000] [--users 100000]
//                             [--instances N [--connections 64] [--web-concurrency W] [--pool-max P]]
//                             [--terminate-backends-at S] [--hostile [--hostile-interval 250]]
//                             [--profile start-minute|mock-day [--time-scale 15] [--sitting 30] [--finish 5]
//                              [--timed-out 25]] [--ceiling-seconds 4]
//   BENCH_DATABASE_URL=postgres://... npm run bench:exam-day  (default: a fresh database on 127.0.0.1:5432)
//   BENCH_REDIS_URL=redis://...       (with --instances; default redis://127.0.0.1:6379)
//   BENCH_TARGET=http://host:port npm run bench:exam-day      (a server you started on BENCH_DATABASE_URL)
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import postgres from 'postgres';
import { Agent, Client, type Dispatcher, request } from 'undici';
import { ensureBuilt, freePort, type ServerProcess } from '../support/server-process.ts';
import { type Argon2Ceiling, appHashingParallelism, measureArgon2Ceiling } from './argon2-ceiling.ts';
import { type CpuSpan, startCpuMeter } from './cpu.ts';
import {
  errorKind,
  http2Clients,
  instanceEnvironment,
  limiter,
  redisVersion,
  StatusError,
  sleep,
} from './load.ts';
import { type MockDayPhase, type MockDayPlan, mockDayPlan } from './mock-day.ts';
import {
  CADDYFILE,
  ensureCaddy,
  type HealthFailure,
  http2Get,
  type ProxyProcess,
  startProxy,
} from './proxy.ts';
import { childPids, type InstanceExit, type Supervisor, superviseInstances } from './supervisor.ts';
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
  generateSynthetic,
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
const INSTANCES = intFlag(flags, 'instances', 0);
const CONNECTIONS = Math.max(1, intFlag(flags, 'connections', CONCURRENCY));
const WEB_CONCURRENCY =
  flags['web-concurrency'] === undefined ? undefined : intFlag(flags, 'web-concurrency', 1);
const POOL_MAX = flags['pool-max'] === undefined ? undefined : intFlag(flags, 'pool-max', 10);
const FAULT_AT_S =
  flags['terminate-backends-at'] === undefined ? undefined : intFlag(flags, 'terminate-backends-at', 0);
const HOSTILE = flags.hostile !== undefined && flags.hostile !== 'false';
const HOSTILE_INTERVAL_MS = intFlag(flags, 'hostile-interval', 250);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROFILE = flags.profile ?? 'start-minute';
if (PROFILE !== 'start-minute' && PROFILE !== 'mock-day') {
  throw new Error('--profile must be start-minute or mock-day');
}
const MOCK_DAY = PROFILE === 'mock-day';
const TIME_SCALE = Math.max(1, intFlag(flags, 'time-scale', 15));
const SITTING_MINUTES = intFlag(flags, 'sitting', 30);
const FINISH_MINUTES = Math.min(SITTING_MINUTES, intFlag(flags, 'finish', 5));
const TIMED_OUT_PERCENT = Math.min(100, intFlag(flags, 'timed-out', 25));
const CEILING_SECONDS = intFlag(flags, 'ceiling-seconds', 4);
const size = {
  questions: intFlag(flags, 'questions', DEFAULT_SIZE.questions),
  users: intFlag(flags, 'users', Math.max(DEFAULT_SIZE.users, STUDENTS)),
  perPaper: intFlag(flags, 'per-paper', DEFAULT_SIZE.perPaper),
};
// Students come from the end of the synthetic roll, away from the ones bench:api signs in.
const FIRST_STUDENT = Math.max(0, size.users - STUDENTS);
// The load generator stands in for a CDN in front of Caddy: it names each student's address, Caddy appends
// its own peer (the generator), and the instance sees Caddy's socket. Two trusted hops leave the student's.
const TRUSTED_HOPS = 2;

type Step = 'sign in' | 'fetch paper' | 'save answer' | 'submit';
const STEPS: Step[] = ['sign in', 'fetch paper', 'save answer', 'submit'];

// The CPU meter's groups.
const APP_GROUP = 'the app';
const BACKENDS_GROUP = "PostgreSQL's backends of the run";
const POSTGRES_GROUP = 'PostgreSQL, the whole server';
const GENERATOR_GROUP = 'the load generator';
// What the report projects the measured cost to: a national mock day, everyone at once.
const NATIONAL_STUDENTS = 175_000;

/** An app process the run watches: the PIDs it has had, how its runs ended, its workers. */
interface WatchedInstance {
  name: string;
  /** False for the lone direct server: nothing restarts it. */
  supervised: boolean;
  pid: () => number | undefined;
  pids: number[];
  exits: InstanceExit[];
}

/** What the students talk to, and what the report says about it. */
interface Deployment {
  origin: string;
  /** Student i uses dispatchers[i % length]. */
  dispatchers: Dispatcher[];
  /** Headers a browser on the public site would add to every request that changes something. */
  unsafeHeaders: Record<string, string>;
  /** The root certificate that signed the origin's, when it speaks HTTPS. */
  ca?: string;
  instances: WatchedInstance[];
  /** Report lines about the topology, written before the load table. */
  describe: () => string;
  /** The proxy's failed health checks, when there is a proxy. */
  healthFailures?: HealthFailure[];
  /** The errors the proxy logged, by message, when there is a proxy. */
  proxyErrors?: Map<string, number>;
  /** Where the proxy's log is kept, when there is a proxy. */
  logFile?: string;
  /** The report's name of the instance at host:port. */
  instanceName?: (host: string) => string;
  stop: () => Promise<void>;
}

/** Today's set-up: one server (or BENCH_TARGET), straight over HTTP/1.1 with keep-alive. */
async function directDeployment(databaseUrl: string, fresh: boolean): Promise<Deployment> {
  const externalTarget = process.env.BENCH_TARGET;
  const app: ServerProcess | undefined = await startBenchApp(databaseUrl, size, externalTarget);
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000, pipelining: 1 });
  const instances: WatchedInstance[] = [];
  if (app) {
    const watched: WatchedInstance = {
      name: 'the server',
      supervised: false,
      pid: () => (app.child.exitCode === null && app.child.signalCode === null ? app.child.pid : undefined),
      pids: app.child.pid === undefined ? [] : [app.child.pid],
      exits: [],
    };
    void app.exited.then(({ code, signal }) =>
      watched.exits.push({ pid: app.child.pid ?? 0, code, signal, at: Date.now(), output: app.output() }),
    );
    instances.push(watched);
  }
  return {
    origin: externalTarget ?? app?.origin ?? '',
    dispatchers: [agent],
    unsafeHeaders: {},
    instances,
    describe: () =>
      `- Server: ${externalTarget ? `the server at ${externalTarget}` : 'one `node server.mjs` (built app, LOG_LEVEL=warn)'} on PostgreSQL (${fresh ? 'a fresh database' : 'BENCH_DATABASE_URL'})
  holding the synthetic bank (${formatNumber(size.questions)} questions, ${formatNumber(size.users)} students); the load generator, the
  server and PostgreSQL share the machine`,
    async stop() {
      await agent.close();
      await app?.stop();
    },
  };
}

/** One file of Astro's hashed assets, to check the proxy's caching of them. */
function anAstroAsset(): string | undefined {
  try {
    return readdirSync('dist/client/_astro').find((name) => name.endsWith('.js') || name.endsWith('.css'));
  } catch {
    return undefined;
  }
}

/**
 * The reference deployment (docs/deploy.md): N supervised instances on PostgreSQL and Redis, behind Caddy
 * with deploy/Caddyfile; the students connect over HTTPS and HTTP/2, verifying Caddy's internal CA.
 */
async function proxiedDeployment(databaseUrl: string, fresh: boolean): Promise<Deployment> {
  ensureCaddy();
  const redis = await redisVersion(REDIS_URL);
  await generateSynthetic(databaseUrl, size);
  await ensureBuilt();
  const proxyPort = await freePort();
  const publicOrigin = `https://127.0.0.1:${proxyPort}`;
  const environment = instanceEnvironment({
    databaseUrl,
    redisUrl: REDIS_URL,
    publicOrigin,
    trustedHops: TRUSTED_HOPS,
    webConcurrency: WEB_CONCURRENCY,
    poolMax: POOL_MAX,
  });
  let supervisor: Supervisor | undefined;
  let proxy: ProxyProcess | undefined;
  const clients: Client[] = [];
  try {
    supervisor = await superviseInstances({ count: INSTANCES, environment, log: console.log });
    proxy = await startProxy({
      port: proxyPort,
      upstreams: supervisor.instances.map((instance) => instance.address),
      staticRoot: 'dist/client',
      trustedProxies: ['127.0.0.1/32', '::1/128'],
    });
    const { ca, version } = proxy;

    // What a browser gets from the proxy, checked once before the load.
    const page = await http2Get(publicOrigin, ca, '/');
    const asset = anAstroAsset();
    const assetCheck = asset ? await http2Get(publicOrigin, ca, `/_astro/${asset}`) : undefined;
    const problems = [
      page.protocol !== 'h2' && `ALPN chose ${page.protocol}, not h2`,
      page.status !== 200 && `GET / answered ${page.status}`,
      page.headers['cache-control'] !== 'no-cache' &&
        `GET / has Cache-Control ${page.headers['cache-control']}`,
      !page.headers['content-security-policy'] && 'GET / has no Content-Security-Policy',
      !page.headers['strict-transport-security'] && 'GET / has no Strict-Transport-Security',
      assetCheck?.headers['cache-control'] !== 'public, max-age=31536000, immutable' &&
        `/_astro/ has Cache-Control ${assetCheck?.headers['cache-control']}`,
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length > 0)
      throw new Error(`the proxy does not serve the site as deployed: ${problems.join('; ')}`);

    // Each client is one HTTP/2 connection; the connector records what ALPN picked on each.
    const connections = http2Clients(publicOrigin, ca, CONNECTIONS);
    clients.push(...connections.clients);
    const { alpn } = connections;

    const postgresSettings = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [settings] = await postgresSettings<{ max_connections: string; server_version: string }[]>`
      select current_setting('max_connections') as max_connections, current_setting('server_version') as server_version`;
    await postgresSettings.end();

    const instances: WatchedInstance[] = supervisor.instances.map((instance) => ({
      name: `instance ${instance.index + 1} (port ${instance.port})`,
      supervised: true,
      pid: instance.pid,
      pids: instance.pids,
      exits: instance.exits,
    }));
    const running = { supervisor, proxy };
    const names = new Map(
      supervisor.instances.map((instance, index) => [
        instance.address,
        instances[index]?.name ?? instance.address,
      ]),
    );
    return {
      origin: publicOrigin,
      ca,
      dispatchers: clients,
      unsafeHeaders: { origin: publicOrigin },
      instances,
      describe: () => {
        const handshakes = [...alpn.values()].reduce((sum, count) => sum + count, 0);
        const protocols = [...alpn].map(([protocol, count]) => `${protocol} on ${count}`).join(', ');
        const processes = WEB_CONCURRENCY ?? 1;
        const pool = POOL_MAX ?? 10;
        const plural = INSTANCES === 1 ? '' : 's';
        return `- Deployment: the reference one of \`docs/deploy.md\`, run for real; the load generator, Caddy, the instances,
  Redis and PostgreSQL share the machine
  - Proxy: Caddy ${version.split(' ')[0]} (Debian's \`caddy\`) running \`${CADDYFILE}\` unchanged on ${publicOrigin}: TLS from
    Caddy's internal CA, whose root the load generator trusts (certificates are verified, not skipped), and
    HTTP/2. It serves \`dist/client\` itself, checked before the load: \`/\` over h2 with the pages' security
    headers and \`Cache-Control: no-cache\`, \`/_astro/*\` with \`public, max-age=31536000, immutable\`
  - Instances: ${INSTANCES} \`node server.mjs\` on loopback ports behind Caddy's \`/api\` (least_conn, active health
    checks on \`/api/v1/health\`), each with NODE_ENV=production, WEB_CONCURRENCY=${processes}, DATABASE_POOL_MAX=${pool},
    LOG_LEVEL=warn, and restarted by \`tests/bench/supervisor.ts\` if it exits (as \`deploy/exam-practice@.service\`
    does with Restart=always)
  - Shared state: Redis ${redis} (rate limits, REDIS_URL); PostgreSQL ${settings?.server_version.split(' ')[0] ?? ''} (${fresh ? 'a fresh database' : 'BENCH_DATABASE_URL'},
    max_connections ${settings?.max_connections ?? '?'}, of which the app may open ${INSTANCES} instance${plural} × ${processes} × ${pool} = ${INSTANCES * processes * pool})
    holding the synthetic bank (${formatNumber(size.questions)} questions, ${formatNumber(size.users)} students)
  - Connections: ${CONNECTIONS} connections to Caddy, each student on one of them; ${handshakes} TLS handshakes in all
    (a connection left idle is closed and opened again), ALPN chose ${protocols || 'nothing'}. Requests that
    change something carry \`Origin: ${publicOrigin}\` (PUBLIC_SITE_URL), as a browser's would
  - Client addresses: each student names its own in X-Forwarded-For, as a CDN in front would; Caddy trusts the
    load generator's loopback address as that CDN (CADDY_TRUSTED_PROXIES) and appends it, and the instances
    run TRUST_PROXY=${TRUSTED_HOPS}, so each instance rate-limits the student's address`;
      },
      healthFailures: proxy.healthFailures,
      proxyErrors: proxy.proxyErrors,
      logFile: relative(process.cwd(), proxy.logFile),
      instanceName: (host) => names.get(host) ?? host,
      async stop() {
        await Promise.all(clients.map((client) => client.close().catch(() => {})));
        await running.proxy.stop();
        await running.supervisor.stop();
      },
    };
  } catch (error) {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await proxy?.stop();
    await supervisor?.stop();
    throw error;
  }
}

/** The outcome of the injected fault: when it struck and how many connections it cut. */
interface Fault {
  atMs: number;
  terminated: number;
  byApplication: string;
}

/**
 * A database blip: pg_terminate_backend on every client connection to the app's database, except this one
 * (it is the bench's own, opened for the purpose and closed at once).
 */
async function terminateBackends(databaseUrl: string, startedAt: number): Promise<Fault> {
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'bench:exam-day fault' },
  });
  try {
    await sql`select 1`;
    const atMs = performance.now() - startedAt;
    const rows = await sql<{ application_name: string; terminated: boolean }[]>`
      select application_name, pg_terminate_backend(pid) as terminated
      from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`;
    const byName = new Map<string, number>();
    for (const row of rows.filter((row) => row.terminated)) {
      const name = row.application_name || 'no application_name';
      byName.set(name, (byName.get(name) ?? 0) + 1);
    }
    return {
      atMs,
      terminated: rows.filter((row) => row.terminated).length,
      byApplication: [...byName].map(([name, count]) => `${name} ×${count}`).join(', '),
    };
  } finally {
    await sql.end();
  }
}

/**
 * The PIDs of the PostgreSQL backends serving the app on the run's database, looked up in pg_stat_activity
 * on a connection of the bench's own, which is left out.
 */
async function postgresBackends(databaseUrl: string) {
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'bench:exam-day cpu' },
  });
  const found = { pids: [] as number[] };
  const refresh = async () => {
    const rows = await sql<{ pid: number }[]>`
      select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`;
    found.pids = rows.map((row) => row.pid);
  };
  await refresh();
  return {
    get pids() {
      return found.pids;
    },
    refresh,
    close: () => sql.end(),
  };
}

/** The line of a crash's output that explains it: the first error line of a stack, if there is one. */
function crashReason(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  // An uncaught exception's own line (TypeError: ...) says more than the log lines written before it.
  const errorLine =
    lines.find((line) => /^\w*(Error|Exception)\b/.test(line)) ??
    lines.find((line) => /^Start-up failed|FATAL|out of memory/i.test(line));
  // The report is committed: this checkout's path is nobody else's business.
  return (errorLine ?? 'no error in its output').replaceAll(process.cwd(), '.').slice(0, 160);
}

/** The PID (and worker PIDs) of each instance when the load began. */
type InstanceStart = { pid: number | undefined; workers: number[] };

/**
 * Whether every instance stayed up: the same PID (and the same workers) from the start of the load to its end
 * and no exit; otherwise each exit with its time and the error line of its output, and the restarts.
 */
function describeInstances(instances: WatchedInstance[], before: InstanceStart[], startedAtEpoch: number) {
  const described = instances.map((instance, index) => {
    const first = before[index];
    const now = instance.pid();
    const workersNow = now === undefined ? [] : childPids(now);
    const goneWorkers = (first?.workers ?? []).filter((pid) => !workersNow.includes(pid)).length;
    const sameProcess = instance.exits.length === 0 && now !== undefined && now === first?.pid;
    const restarts = Math.max(0, instance.pids.length - 1);
    const workers =
      (first?.workers.length ?? 0) > 0
        ? `; ${first?.workers.length} worker processes, ${goneWorkers} of them gone by the end`
        : '';
    const exits = instance.exits.map(
      (exit) =>
        `pid ${exit.pid} exited (${exit.signal ?? `code ${exit.code}`}) at ${formatNumber((exit.at - startedAtEpoch) / 1000, 1)} s: \`${crashReason(exit.output).replaceAll('`', "'")}\``,
    );
    const restarted = instance.supervised
      ? `${restarts} restart${restarts === 1 ? '' : 's'} by the supervisor (pids ${instance.pids.join(', ')})`
      : 'no supervisor to restart it';
    return {
      stayedUp: sameProcess && goneWorkers === 0,
      restarts,
      line: sameProcess
        ? `${instance.name}: pid ${first?.pid}, the same at the end, 0 restarts${workers}`
        : `${instance.name}: pid ${first?.pid}; ${exits.join('; ') || 'not running at the end'}; ${restarted}; ${now === undefined ? 'down' : `pid ${now}`} at the end${workers}`,
    };
  });
  const allUp = described.every((instance) => instance.stayedUp);
  const restarts = described.reduce((sum, instance) => sum + instance.restarts, 0);
  const lines = described.map((instance) => instance.line);
  const verdict = allUp
    ? 'every instance stayed up (the same PID from start to end, no restart)'
    : `NOT every instance stayed up${restarts > 0 ? `: ${restarts} restart${restarts === 1 ? '' : 's'} by the supervisor` : ''}`;
  return {
    allUp,
    lines,
    section:
      lines.length === 0 ? '' : `\n- Instances: ${verdict}\n${lines.map((line) => `  - ${line}`).join('\n')}`,
    summary:
      lines.length === 0 ? '' : `; instances ${allUp ? 'all stayed up' : `NOT all up, ${restarts} restarts`}`,
  };
}

/** The report line of the injected fault: when, how many connections it cut, and the errors that followed. */
function describeFault(outcome: Fault | string, errorTimes: number[]): string {
  const flag = `\`--terminate-backends-at ${FAULT_AT_S}\``;
  if (typeof outcome === 'string') return `\n- Fault (${flag}): ${outcome}`;
  const after = errorTimes.filter((time) => time >= outcome.atMs);
  const seconds = (time: number) => formatNumber((time - outcome.atMs) / 1000, 1);
  const errorsAfter =
    after.length === 0
      ? 'no request failed after it'
      : `${formatNumber(after.length)} request${after.length === 1 ? '' : 's'} failed after it, the first ${seconds(Math.min(...after))} s and the last ${seconds(Math.max(...after))} s after it`;
  return `
- Fault (${flag}): at ${formatNumber(outcome.atMs / 1000, 1)} s, \`pg_terminate_backend\` on every client backend of the app's
  database at once: ${outcome.terminated} terminated (${outcome.byApplication || 'none'}), the bench's own connection left alone;
  ${errorsAfter}`;
}

/** The report line on Caddy's active health checks during the load: which instance failed, how often, why. */
function describeHealthChecks(deployment: Deployment, startedAtEpoch: number, endedAtEpoch: number): string {
  if (deployment.healthFailures === undefined) return '';
  const failures = deployment.healthFailures.filter(
    (failure) => failure.at >= startedAtEpoch && failure.at <= endedAtEpoch,
  );
  if (failures.length === 0) return '\n- Health checks: every active check Caddy made during the load passed';
  const counts = new Map<string, number>();
  for (const failure of failures) {
    const key = `${deployment.instanceName?.(failure.host) ?? failure.host} ${failure.reason}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const times = failures.map((failure) => (failure.at - startedAtEpoch) / 1000);
  return `
- Health checks: ${failures.length} of Caddy's active checks failed during the load, between ${formatNumber(Math.min(...times), 1)} s and
  ${formatNumber(Math.max(...times), 1)} s, each taking that instance out until a check passed again:
  ${[...counts].map(([key, count]) => `${key} ${count}×`).join('; ')}`;
}

/** The report line on the errors Caddy's proxy logged, such as answers cut off by an instance that died. */
function describeProxyErrors(deployment: Deployment): string {
  if (deployment.proxyErrors === undefined) return '';
  const errors = [...deployment.proxyErrors].sort((a, b) => b[1] - a[1]);
  if (errors.length === 0) return '\n- Caddy logged no proxy error';
  const cutOff = errors.some(([message]) => message.startsWith('aborting with incomplete response'))
    ? `
  ("aborting with incomplete response": an instance died after sending the headers of an answer, so the
  student got a 200 with a truncated body, counted above as an unreadable answer)`
    : '';
  return `\n- Caddy logged these proxy errors: ${errors.map(([message, count]) => `${count}× \`${message}\``).join(', ')}${cutOff}`;
}

/** One kind of request the hostile client sends: where, how big a body, and with whose token. */
interface HostileKind {
  name: string;
  path: string;
  bytes: number;
  /** Signs in first (an account of its own each time, away from the students') to log that session out. */
  signsIn?: boolean;
}

const HOSTILE_KINDS: HostileKind[] = [
  { name: '1.1 MB to /api/v1/user/login', path: '/api/v1/user/login', bytes: 1_100_000 },
  { name: '420 KB to a 404 route', path: '/api/v1/no-such-route', bytes: 420_000 },
  { name: '420 KB to a 401 route', path: '/api/v1/exam/offline', bytes: 420_000 },
  { name: '420 KB to logout', path: '/api/v1/user/logout', bytes: 420_000, signsIn: true },
];

/** What the hostile client got for one kind of request: statuses (and who gave them) and network errors. */
interface HostileTally {
  answers: Map<string, number>;
  latencies: number[];
}

/**
 * The hostile client: one loop per kind of request, each sending its next as soon as the last is answered
 * and the interval has passed, on its own HTTP/1.1 keep-alive connections, until `until` resolves.
 */
async function runHostile(options: {
  origin: string;
  ca?: string;
  unsafeHeaders: Record<string, string>;
  until: Promise<void>;
}): Promise<Map<string, HostileTally>> {
  // A connection of its own for each kind, so that a failure is put down to the kind that met it.
  const connections = new Map(
    HOSTILE_KINDS.map((kind) => [
      kind.name,
      new Client(options.origin, {
        pipelining: 1,
        keepAliveTimeout: 30_000,
        ...(options.ca ? { connect: { ca: options.ca } } : {}),
      }),
    ]),
  );
  const tallies = new Map(
    HOSTILE_KINDS.map((kind) => [
      kind.name,
      { answers: new Map<string, number>(), latencies: [] as number[] },
    ]),
  );
  let stopped = false;
  void options.until.then(() => {
    stopped = true;
  });
  // The logout loop signs in as the synthetic students before the students' own (FIRST_STUDENT on), one
  // after the other, from addresses of its own: no sign-in limit stands between it and its logouts.
  let account = 0;
  const headers = () => ({
    'frontend-source': 'webuser',
    'content-type': 'application/json',
    'x-forwarded-for': `10.66.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
    ...options.unsafeHeaders,
  });
  async function loop(kind: HostileKind) {
    const tally = tallies.get(kind.name);
    const client = connections.get(kind.name);
    if (!tally || !client) return;
    const count = (answer: string) => tally.answers.set(answer, (tally.answers.get(answer) ?? 0) + 1);
    // A JSON document the size of the body, which nothing reads to its end.
    const body = Buffer.from(`{"pad":"${'x'.repeat(kind.bytes - 10)}"}`);
    while (!stopped) {
      let token: string | undefined;
      if (kind.signsIn) {
        const signIn = await request(`${options.origin}/api/v1/user/login`, {
          method: 'POST',
          dispatcher: client,
          headers: headers(),
          body: JSON.stringify({
            telephone: syntheticPhone(account % Math.max(1, FIRST_STUDENT)),
            password: SYNTHETIC_PASSWORD,
          }),
        }).catch(() => undefined);
        account += 1;
        const text = (await signIn?.body.text().catch(() => '')) ?? '';
        try {
          token = signIn?.statusCode === 200 ? (JSON.parse(text).data?.token as string) : undefined;
        } catch {
          token = undefined;
        }
        if (!token) count(`sign-in before logout failed (${signIn?.statusCode ?? 'network'})`);
      }
      const sent = performance.now();
      try {
        const response = await request(`${options.origin}${kind.path}`, {
          method: 'POST',
          dispatcher: client,
          headers: token ? { ...headers(), authorization: `Bearer ${token}` } : headers(),
          body,
        });
        await response.body.text();
        tally.latencies.push(performance.now() - sent);
        const fromProxy = INSTANCES > 0 && response.headers['x-request-id'] === undefined;
        count(`HTTP ${response.statusCode}${fromProxy ? ' from Caddy' : ''}`);
      } catch (error) {
        count(errorKind(error));
      }
      await sleep(HOSTILE_INTERVAL_MS);
    }
  }
  try {
    await Promise.all(HOSTILE_KINDS.map(loop));
  } finally {
    await Promise.all([...connections.values()].map((client) => client.close().catch(() => {})));
  }
  return tallies;
}

/** The report's lines on the hostile client: what it sent and what each kind got back. */
function describeHostile(tallies: Map<string, HostileTally>): string {
  const rows = HOSTILE_KINDS.map((kind) => {
    const tally = tallies.get(kind.name);
    const answers = [...(tally?.answers ?? [])]
      .sort((a, b) => b[1] - a[1])
      .map(([answer, count]) => `${answer} ×${formatNumber(count)}`)
      .join(', ');
    const sent = [...(tally?.answers ?? [])]
      .filter(([answer]) => !answer.startsWith('sign-in'))
      .reduce((sum, [, count]) => sum + count, 0);
    return [kind.name, formatNumber(sent), formatNumber(percentile(tally?.latencies ?? [], 50), 1), answers];
  });
  return `
- Hostile client (\`--hostile\`): beside the students, one client on HTTP/1.1 keep-alive connections of its own
  (one a kind, opened again when closed) sends bodies nothing reads, one of each kind at a time, ${formatNumber(HOSTILE_INTERVAL_MS)} ms after the last
  answer; the logout loop signs in first as an account of its own (a new one each time, none of the
  students'). Its answers, counted apart from the students':

${table(['request', 'sent', 'p50 ms', 'answers'], rows)}
`;
}

async function main() {
  const host = machine();
  const command = [
    `npm run bench:exam-day -- --students ${STUDENTS} --answers ${ANSWERS} --interval ${INTERVAL_MS} --concurrency ${CONCURRENCY} --ramp ${RAMP_S}`,
    flags.questions !== undefined && `--questions ${size.questions}`,
    flags.users !== undefined && `--users ${size.users}`,
    flags['per-paper'] !== undefined && `--per-paper ${size.perPaper}`,
    INSTANCES > 0 && `--instances ${INSTANCES} --connections ${CONNECTIONS}`,
    INSTANCES > 0 && WEB_CONCURRENCY !== undefined && `--web-concurrency ${WEB_CONCURRENCY}`,
    INSTANCES > 0 && POOL_MAX !== undefined && `--pool-max ${POOL_MAX}`,
    FAULT_AT_S !== undefined && `--terminate-backends-at ${FAULT_AT_S}`,
    HOSTILE && `--hostile --hostile-interval ${HOSTILE_INTERVAL_MS}`,
    MOCK_DAY &&
      `--profile mock-day --time-scale ${TIME_SCALE} --sitting ${SITTING_MINUTES} --finish ${FINISH_MINUTES} --timed-out ${TIMED_OUT_PERCENT}`,
  ]
    .filter(Boolean)
    .join(' ');
  if (INSTANCES > 0 && process.env.BENCH_TARGET) {
    throw new Error('--instances starts its own deployment; it cannot be combined with BENCH_TARGET');
  }
  const database = await benchDatabase();
  let deployment: Deployment | undefined;
  try {
    console.log(`bench:exam-day: database ${describeDatabase(database.url)}`);
    deployment =
      INSTANCES > 0
        ? await proxiedDeployment(database.url, database.fresh)
        : await directDeployment(database.url, database.fresh);
    const { origin, dispatchers, unsafeHeaders, instances } = deployment;
    const papers = await loadSyntheticPapers(database.url, 200);
    if (papers.length === 0) throw new Error('no synthetic paper');
    if (INSTANCES > 0) console.log(`bench:exam-day: ${INSTANCES} instances behind Caddy at ${origin}`);

    const latencies = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
    const errors = new Map<Step, number>(STEPS.map((step) => [step, 0]));
    const errorKinds = new Map<string, number>();
    const errorTimes: number[] = [];
    // When each request was answered, by step, in ms from the start: which phase of the mock day it fell in.
    const answeredAt = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
    const errorSamples = new Map<string, string>();
    const acked = { answers: new Map<string, Map<string, string>>(), submissions: new Map<string, number>() };
    const run = limiter(CONCURRENCY);
    let started = performance.now();

    async function call(
      dispatcher: Dispatcher,
      step: Step,
      method: 'GET' | 'POST' | 'PATCH',
      path: string,
      token?: string,
      body?: unknown,
    ) {
      return run(async () => {
        const sent = performance.now();
        try {
          const response = await request(`${origin}${path}`, {
            method,
            dispatcher,
            headers: {
              'frontend-source': 'webuser',
              'x-forwarded-for': `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
              ...(method === 'GET' ? {} : unsafeHeaders),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const text = await response.body.text();
          latencies.get(step)?.push(performance.now() - sent);
          answeredAt.get(step)?.push(performance.now() - started);
          if (response.statusCode >= 300) {
            const fromProxy = INSTANCES > 0 && response.headers['x-request-id'] === undefined;
            throw new StatusError(response.statusCode, text, fromProxy);
          }
          return JSON.parse(text) as { data: Record<string, unknown> };
        } catch (error) {
          errors.set(step, (errors.get(step) ?? 0) + 1);
          const kind = `${step}: ${errorKind(error)}`;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
          errorTimes.push(performance.now() - started);
          if (!errorSamples.has(kind)) {
            errorSamples.set(kind, (error as Error).message);
            console.log(`bench:exam-day: first ${kind}: ${(error as Error).message.slice(0, 200)}`);
          }
          throw error;
        }
      });
    }

    let completed = 0;
    // When each sign-in was sent (before any wait for a free slot) and answered: the sign-in rate.
    const signIns = { firstSent: Number.POSITIVE_INFINITY, lastAnswered: 0, count: 0 };
    async function signIn(dispatcher: Dispatcher, index: number) {
      signIns.firstSent = Math.min(signIns.firstSent, performance.now());
      const signedIn = await call(dispatcher, 'sign in', 'POST', '/api/v1/user/login', undefined, {
        telephone: syntheticPhone(FIRST_STUDENT + index),
        password: SYNTHETIC_PASSWORD,
      });
      signIns.lastAnswered = Math.max(signIns.lastAnswered, performance.now());
      signIns.count += 1;
      return signedIn.data.token as string;
    }
    async function fetchPaper(dispatcher: Dispatcher, index: number, token: string) {
      const paper = papers[index % papers.length];
      if (!paper) throw new Error('no synthetic paper');
      const exam = await call(
        dispatcher,
        'fetch paper',
        'GET',
        `/api/v1/exam?exam=new&examType=${paper.examType}&subject=${paper.subject}&year=${paper.year}`,
        token,
      );
      const attemptId = exam.data._id as string;
      const questions = exam.data.questions as { _id: string; options: { _id: string }[] }[];
      const saved = new Map<string, string>();
      acked.answers.set(attemptId, saved);
      return { attemptId, questions: questions.slice(0, ANSWERS), saved };
    }
    async function saveAnswer(
      dispatcher: Dispatcher,
      token: string,
      attempt: { attemptId: string; saved: Map<string, string> },
      question: { _id: string; options: { _id: string }[] },
    ) {
      const option = question.options[Math.floor(Math.random() * question.options.length)];
      if (!option) return;
      await call(dispatcher, 'save answer', 'PATCH', '/api/v1/exam/answer', token, {
        exam: attempt.attemptId,
        question: question._id,
        option: option._id,
      });
      attempt.saved.set(question._id, option._id);
    }
    async function submit(dispatcher: Dispatcher, token: string, attemptId: string) {
      const result = await call(dispatcher, 'submit', 'POST', '/api/v1/exam/answer', token, {
        exam: attemptId,
      });
      acked.submissions.set(attemptId, result.data.score as number);
      completed += 1;
    }

    /** Today's worst case: everyone arrives over the ramp and goes straight through, answers --interval apart. */
    async function startMinuteStudent(index: number) {
      const dispatcher = dispatchers[index % dispatchers.length];
      if (!dispatcher) return;
      await sleep((index / STUDENTS) * RAMP_S * 1000);
      const token = await signIn(dispatcher, index);
      const attempt = await fetchPaper(dispatcher, index, token);
      for (const question of attempt.questions) {
        await sleep(INTERVAL_MS * (0.5 + Math.random()));
        await saveAnswer(dispatcher, token, attempt, question);
      }
      await sleep(INTERVAL_MS * (0.5 + Math.random()));
      await submit(dispatcher, token, attempt.attemptId);
    }

    const plan = MOCK_DAY
      ? mockDayPlan({
          students: STUDENTS,
          answers: ANSWERS,
          scale: TIME_SCALE,
          sittingMinutes: SITTING_MINUTES,
          finishMinutes: FINISH_MINUTES,
          timedOutPercent: TIMED_OUT_PERCENT,
        })
      : undefined;
    const until = (offsetS: number) => sleep(Math.max(0, started + offsetS * 1000 - performance.now()));
    /** The mock day: each student keeps the timetable the plan gave it. */
    async function mockDayStudent(index: number) {
      const dispatcher = dispatchers[index % dispatchers.length];
      const timetable = plan?.students[index];
      if (!dispatcher || !timetable) return;
      await until(timetable.signInAt);
      const token = await signIn(dispatcher, index);
      await until(timetable.fetchAt);
      const attempt = await fetchPaper(dispatcher, index, token);
      for (const [position, question] of attempt.questions.entries()) {
        await until(timetable.answerAt[position] ?? 0);
        await saveAnswer(dispatcher, token, attempt, question);
      }
      await until(timetable.submitAt);
      await submit(dispatcher, token, attempt.attemptId);
    }
    const student = MOCK_DAY ? mockDayStudent : startMinuteStudent;

    // The argon2id ceiling of the cores the app has, measured in this run while the app is idle.
    const appProcesses = INSTANCES > 0 ? INSTANCES * (WEB_CONCURRENCY ?? 1) : 1;
    console.log('bench:exam-day: measuring the argon2id ceiling');
    const ceiling = await measureArgon2Ceiling({
      parallel: appHashingParallelism(appProcesses),
      seconds: CEILING_SECONDS,
      rounds: 3,
    });
    console.log(
      `bench:exam-day: argon2id ceiling ${formatNumber(ceiling.perSecond, 1)} verifications/s (${ceiling.rounds.map((rate) => formatNumber(rate, 1)).join(', ')}), ${formatNumber(ceiling.cpuMsPerVerification, 1)} ms CPU each`,
    );

    // CPU time read from /proc: the app's processes (with their cluster workers), the PostgreSQL backends
    // serving the run's database (looked up each second), and the whole PostgreSQL server for comparison.
    const backends = await postgresBackends(database.url);
    const meter = startCpuMeter(
      {
        [APP_GROUP]: { pids: () => instances.flatMap((instance) => instance.pid() ?? []) },
        [BACKENDS_GROUP]: { pids: () => backends.pids, alone: true },
        [POSTGRES_GROUP]: { command: 'postgres' },
        [GENERATOR_GROUP]: { pids: () => [process.pid], alone: true },
      },
      1000,
      backends.refresh,
    );

    // Which processes serve the load as it starts: the fault report compares against these.
    const before: InstanceStart[] = instances.map((instance) => {
      const pid = instance.pid();
      return { pid, workers: pid === undefined ? [] : childPids(pid) };
    });
    const restartsSoFar = () => instances.reduce((sum, instance) => sum + instance.exits.length, 0);

    await meter.mark('start');
    started = performance.now();
    const startedAtEpoch = Date.now();
    // The mock day's phases are read apart: a mark at each bound, named by the step that starts there.
    const phaseMarks: Promise<void>[] = [];
    const phaseTimers = (plan?.phases.slice(1) ?? []).map((phase) =>
      setTimeout(() => phaseMarks.push(meter.mark(phase.step)), phase.from * 1000),
    );
    let finished = 0;
    let studentsDone = () => {};
    const hostileRun = HOSTILE
      ? runHostile({
          origin,
          ca: deployment.ca,
          unsafeHeaders,
          until: new Promise<void>((resolve) => {
            studentsDone = resolve;
          }),
        })
      : undefined;
    // Awaited after the students; until then a failure must not end the process with the instances left running.
    hostileRun?.catch(() => {});
    const progress = setInterval(() => {
      const saves = latencies.get('save answer')?.length ?? 0;
      const failed = [...errors.values()].reduce((sum, count) => sum + count, 0);
      console.log(
        `bench:exam-day: ${Math.round((performance.now() - started) / 1000)} s, ${finished}/${STUDENTS} students done, ${saves} answers saved, ${failed} errors, ${restartsSoFar()} instance exits`,
      );
    }, 15_000);
    let faultRun: Promise<Fault | string> | undefined;
    const faultTimer =
      FAULT_AT_S === undefined
        ? undefined
        : setTimeout(() => {
            console.log(`bench:exam-day: ${FAULT_AT_S} s, terminating every backend of the app's database`);
            faultRun = terminateBackends(database.url, started).then(
              (outcome) => {
                console.log(
                  `bench:exam-day: terminated ${outcome.terminated} backends (${outcome.byApplication})`,
                );
                return outcome;
              },
              (error: Error) => `failed: ${error.message}`,
            );
          }, FAULT_AT_S * 1000);
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
    clearTimeout(faultTimer);
    const elapsedS = (performance.now() - started) / 1000;
    for (const timer of phaseTimers) clearTimeout(timer);
    await Promise.all(phaseMarks);
    await meter.mark('end');
    meter.stop();
    await backends.close();
    studentsDone();
    const hostile = await hostileRun;
    const faultOutcome =
      FAULT_AT_S === undefined
        ? undefined
        : ((await faultRun) ??
          `not injected: the load ended after ${formatNumber(elapsedS, 1)} s, before then`);

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
    for (const [kind, sample] of errorSamples) console.log(`error sample (${kind}): ${sample}`);

    const instanceReport = describeInstances(instances, before, startedAtEpoch);
    const stepP99 = (step: Step) => percentile(latencies.get(step) ?? [], 99);
    const allRequests = STEPS.reduce((sum, step) => sum + (latencies.get(step)?.length ?? 0), 0);
    const phaseRows: CostRow[] = (plan?.phases ?? []).map((phase, index, phases) => ({
      label: phase.step,
      span: meter.between(index === 0 ? 'start' : phase.step, phases[index + 1]?.step ?? 'end'),
      requests: latencies.get(phase.step)?.length ?? 0,
      // A step late enough to spill into the next phase is counted there: its CPU time is read with it.
      strays: STEPS.filter((step) => step !== phase.step).reduce(
        (sum, step) =>
          sum +
          (answeredAt.get(step) ?? []).filter(
            (at) => at >= phase.from * 1000 && (index === phases.length - 1 || at < phase.to * 1000),
          ).length,
        0,
      ),
      p99: stepP99(phase.step),
      phase,
    }));
    const cost = describeCost({
      rows: [
        ...phaseRows,
        {
          label: 'the whole run',
          span: meter.between('start', 'end'),
          requests: allRequests,
          p99: Math.max(...STEPS.map(stepP99)),
        },
      ],
      students: STUDENTS,
      signIn: {
        perSecond: signIns.count / ((signIns.lastAnswered - signIns.firstSent) / 1000),
        offered: STUDENTS / (MOCK_DAY ? (plan?.phases[0]?.to ?? 1) : Math.max(RAMP_S, 1)),
      },
      ceiling,
      cores: availableParallelism(),
    });
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
    const kindRows = [...errorKinds]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, count]) => {
        const [step = '', what = ''] = kind.split(': ');
        return [step, what, formatNumber(count)];
      });

    const endedAtEpoch = startedAtEpoch + elapsedS * 1000;
    const faultSection = faultOutcome === undefined ? '' : describeFault(faultOutcome, errorTimes);
    const healthSection = describeHealthChecks(deployment, startedAtEpoch, endedAtEpoch);
    const proxySection = describeProxyErrors(deployment);

    const report = reportSection();
    writeReportSection(
      report.name,
      `## ${report.title}

- Date: ${runDate()}
- Machine: ${host}
- Command: \`${command}\`
${deployment.describe()}
- Load: ${
        plan
          ? describeMockDay(plan)
          : `${formatNumber(STUDENTS)} students arriving over ${RAMP_S} s; each signs in, fetches a paper, saves ${ANSWERS} answers
  ${formatNumber(INTERVAL_MS)} ms apart (±50 %) and submits`
      }; at most ${CONCURRENCY} requests in flight (undici, ${INSTANCES > 0 ? 'HTTP/2' : 'HTTP/1.1 keep-alive'}).
  Latency runs from sending a request to reading its whole answer, after any wait for a free slot${faultSection}${instanceReport.section}${healthSection}${proxySection}
- Took ${formatNumber(elapsedS, 1)} s; ${formatNumber(completed)} of ${formatNumber(STUDENTS)} students submitted (a student whose request fails stops there)

${table(['step', 'requests', 'p50 ms', 'p99 ms', 'p99.9 ms', 'errors'], rows)}
${kindRows.length === 0 ? '' : `\nErrors by kind:\n\n${table(['step', 'error', 'count'], kindRows)}\n`}${hostile ? describeHostile(hostile) : ''}
Read from the database afterwards: ${formatNumber(storedAnswers)} of ${formatNumber(ackedAnswers)} acknowledged answers saved, ${formatNumber(scored)} of
${formatNumber(acked.submissions.size)} acknowledged submissions scored, ${missing.length} missing, ${formatNumber(totalErrors)} errors.
${cost.section}`,
    );
    console.log(
      `bench:exam-day: ${formatNumber(elapsedS, 1)} s; answers ${storedAnswers}/${ackedAnswers}, submissions ${scored}/${acked.submissions.size}, missing ${missing.length}, errors ${totalErrors}${instanceReport.summary}`,
    );
    for (const line of instanceReport.lines) console.log(`bench:exam-day: ${line}`);
    for (const line of cost.lines) console.log(`bench:exam-day: ${line}`);
    if (deployment.logFile) console.log(`bench:exam-day: Caddy's log is in ${deployment.logFile}`);
    if (hostile) {
      for (const [kind, tally] of hostile) {
        console.log(
          `bench:exam-day: hostile ${kind}: ${[...tally.answers].map(([answer, count]) => `${answer} ×${count}`).join(', ')}`,
        );
      }
    }
    // The hostile client is there to show that it costs the students nothing: any failure of theirs fails the run.
    if (missing.length > 0 || !instanceReport.allUp || (hostile && totalErrors > 0)) process.exitCode = 1;
  } finally {
    await deployment?.stop();
    await database.drop();
  }
}

await main();

/** Each kind of run keeps its own section, so that a proxy run or a fault run does not replace the plain one. */
function reportSection(): { name: string; title: string } {
  if (FAULT_AT_S !== undefined) {
    return {
      name: 'bench:exam-day-fault',
      title: `Exam day with a database fault (\`bench:exam-day --terminate-backends-at ${FAULT_AT_S}\`)`,
    };
  }
  if (HOSTILE) {
    return {
      name: INSTANCES > 0 ? 'bench:exam-day-hostile' : 'bench:exam-day-hostile-direct',
      title: `Exam day with a hostile client (\`bench:exam-day${INSTANCES > 0 ? ` --instances ${INSTANCES}` : ''} --hostile\`)`,
    };
  }
  if (MOCK_DAY) {
    return {
      name: INSTANCES > 0 ? 'bench:exam-day-mock-day-proxy' : 'bench:exam-day-mock-day',
      title: `Exam day, the mock-day arrival (\`bench:exam-day${INSTANCES > 0 ? ` --instances ${INSTANCES}` : ''} --profile mock-day\`)`,
    };
  }
  if (INSTANCES > 0) {
    return {
      name: 'bench:exam-day-proxy',
      title: `Exam day behind the proxy (\`bench:exam-day --instances ${INSTANCES}\`)`,
    };
  }
  return { name: 'bench:exam-day', title: 'Exam day (`bench:exam-day`)' };
}

/** A stretch of the load whose CPU time the report reads: the whole run, or one phase of the mock day. */
interface CostRow {
  label: string;
  span: CpuSpan;
  /** Requests answered in it, and the p99 of the step that filled it (of every step for the whole run). */
  requests: number;
  /** Requests of other steps answered inside a mock-day phase. */
  strays?: number;
  p99: number;
  phase?: MockDayPhase;
}

/**
 * The report's lines on what the load cost: CPU seconds of the app and of PostgreSQL's backends per 1,000
 * students and per request, the cores they kept busy and so the students a core carried at the p99 seen;
 * for the mock day, what 175,000 students would keep busy at the real day's pace; and the sign-in rate
 * against the argon2id ceiling measured in the same run.
 */
function describeCost(options: {
  rows: CostRow[];
  students: number;
  signIn: { perSecond: number; offered: number };
  ceiling: Argon2Ceiling;
  cores: number;
}): { section: string; lines: string[] } {
  const { rows, students, signIn, ceiling, cores } = options;
  const used = (row: CostRow, group: string) => row.span.seconds.get(group) ?? 0;
  const perThousand = (seconds: number) => formatNumber((seconds / students) * 1000, 2);
  const perRequest = (seconds: number, requests: number) =>
    formatNumber(requests > 0 ? (seconds / requests) * 1000 : Number.NaN, 2);
  const costTable = table(
    [
      'stretch',
      'wall s',
      'requests',
      ...(rows.some((row) => row.strays !== undefined) ? ["other steps' requests in it"] : []),
      'app CPU s',
      'PostgreSQL CPU s',
      'app s / 1,000 students',
      'PostgreSQL s / 1,000 students',
      'app ms / request',
      'PostgreSQL ms / request',
    ],
    rows.map((row) => [
      row.label,
      formatNumber(row.span.wallSeconds, 1),
      formatNumber(row.requests),
      ...(rows.some((candidate) => candidate.strays !== undefined)
        ? [row.strays === undefined ? '' : formatNumber(row.strays)]
        : []),
      formatNumber(used(row, APP_GROUP), 1),
      formatNumber(used(row, BACKENDS_GROUP), 1),
      perThousand(used(row, APP_GROUP)),
      perThousand(used(row, BACKENDS_GROUP)),
      perRequest(used(row, APP_GROUP), row.requests),
      perRequest(used(row, BACKENDS_GROUP), row.requests),
    ]),
  );
  const hasPhases = rows.some((row) => row.phase);
  const capacityTable = table(
    [
      'stretch',
      'p99 ms',
      'cores busy: app + PostgreSQL',
      'machine busy',
      'students a core serves a second',
      ...(hasPhases
        ? [
            'real length',
            'students a core carries through it',
            `cores for ${formatNumber(NATIONAL_STUDENTS)}: app + PostgreSQL`,
          ]
        : []),
    ],
    rows.map((row) => {
      const wall = row.span.wallSeconds;
      const app = used(row, APP_GROUP);
      const backends = used(row, BACKENDS_GROUP);
      const busy = (app + backends) / wall;
      const perCoreSecond = students / (app + backends);
      const national = (seconds: number) =>
        row.phase && row.phase.realSeconds > 0
          ? ((seconds / students) * NATIONAL_STUDENTS) / row.phase.realSeconds
          : Number.NaN;
      return [
        row.label,
        formatNumber(row.p99, 1),
        `${formatNumber(app / wall, 2)} + ${formatNumber(backends / wall, 2)} = ${formatNumber(busy, 2)}`,
        `${formatNumber(row.span.machineSeconds / wall, 2)} of ${cores}`,
        formatNumber(perCoreSecond, 1),
        ...(hasPhases
          ? [
              row.phase ? `${formatNumber(row.phase.realSeconds / 60, 1)} min` : '',
              row.phase ? formatNumber(perCoreSecond * row.phase.realSeconds) : '',
              row.phase ? `${formatNumber(national(app), 1)} + ${formatNumber(national(backends), 1)}` : '',
            ]
          : []),
      ];
    }),
  );
  const whole = rows[rows.length - 1];
  const server = whole ? used(whole, POSTGRES_GROUP) : Number.NaN;
  const generator = whole ? used(whole, GENERATOR_GROUP) : Number.NaN;
  const backendsWhole = whole ? used(whole, BACKENDS_GROUP) : Number.NaN;
  const ratio = signIn.perSecond / ceiling.perSecond;
  // On CPU, which the machine's other work hardly changes: a verification's cost against a sign-in's.
  const signInRow = rows.find((row) => row.phase?.step === 'sign in');
  const appPerSignIn = signInRow ? (used(signInRow, APP_GROUP) / students) * 1000 : Number.NaN;
  const postgresPerSignIn = signInRow ? (used(signInRow, BACKENDS_GROUP) / students) * 1000 : Number.NaN;
  const onCpu = signInRow
    ? `
- The same on CPU: a sign-in cost the app ${formatNumber(appPerSignIn, 2)} ms and PostgreSQL ${formatNumber(postgresPerSignIn, 2)} ms against ${formatNumber(ceiling.cpuMsPerVerification, 2)} ms for a
  bare verification, so cores given to the app alone answer sign-ins at ${formatNumber((ceiling.cpuMsPerVerification / appPerSignIn) * 100, 0)} % of their argon2id ceiling`
    : '';
  const section = `
- CPU time, read from Linux's \`/proc/<pid>/stat\` (utime + stime) once a second and at each bound: the app is
  its processes and their descendants (cluster workers, with the time of any that ended); PostgreSQL is the
  backends serving the run's database (their PIDs looked up in \`pg_stat_activity\` each second, the bench's
  own connections left out), which leaves out the server's own background processes (WAL writer,
  checkpointer, autovacuum). Over the whole run the whole PostgreSQL server used ${formatNumber(server, 1)} s against its
  backends' ${formatNumber(backendsWhole, 1)} s (the difference is those processes and other work on the shared server), and the
  load generator ${formatNumber(generator, 1)} s

${costTable}

"Students a core serves a second" is the run's students over the CPU seconds the app and its PostgreSQL
backends spent in that stretch: one core's worth of the app and PostgreSQL together, kept busy, carries
that many students a second through the step, at the p99 beside it (the p99 of a machine that was as busy
as "machine busy" says: every process's CPU time over the wall time, the benchmark's and everyone else's).
${hasPhases ? `The last three columns take each phase at its real length: the students one core carries through it, and the cores\n${formatNumber(NATIONAL_STUDENTS)} students keep busy in it (their cost per student times ${formatNumber(NATIONAL_STUDENTS)}, over the real length).\n` : ''}
${capacityTable}

- Sign-ins against the argon2id ceiling: ${formatNumber(signIn.perSecond, 1)} answered a second (first sent to last answered), offered at
  ${formatNumber(signIn.offered, 1)} a second, against a ceiling of ${formatNumber(ceiling.perSecond, 1)} verifications a second measured in this run before the load
  (the app's \`hashPassword\` parameters, ${ceiling.parallel} verifications at once on libuv's threads as the app runs them, the median of
  ${ceiling.rounds.length} rounds: ${ceiling.rounds.map((rate) => formatNumber(rate, 1)).join(', ')}; ${formatNumber(ceiling.cpuMsPerVerification, 1)} ms of CPU a verification): ${formatNumber(ratio * 100, 0)} % of the ceiling${onCpu}`;
  return {
    section,
    lines: [
      `sign-ins ${formatNumber(signIn.perSecond, 1)}/s (offered ${formatNumber(signIn.offered, 1)}/s), ${formatNumber(ratio * 100, 0)} % of the argon2id ceiling ${formatNumber(ceiling.perSecond, 1)}/s`,
      ...rows.map(
        (row) =>
          `${row.label}: app ${perThousand(used(row, APP_GROUP))} s, PostgreSQL ${perThousand(used(row, BACKENDS_GROUP))} s per 1,000 students; p99 ${formatNumber(row.p99, 1)} ms`,
      ),
    ],
  };
}

/** The report's line on the mock day's timetable: each phase's wall time against its real length. */
function describeMockDay(plan: MockDayPlan): string {
  const phase = (step: string) => plan.phases.find((candidate) => candidate.step === step);
  const wall = (step: string) => {
    const found = phase(step);
    return found ? `${formatNumber(found.to - found.from, 0)} s` : '?';
  };
  const timedOut = plan.students.filter((student) => student.timedOut).length;
  return `the mock day, ${formatNumber(STUDENTS)} students, its quiet stretches divided by ${TIME_SCALE}
  (\`--time-scale\`): sessions opened over the 30 minutes before the start (${wall('sign in')} here), the paper fetched in the
  first minute (a real minute), ${ANSWERS} answers each at random times over the next ${formatNumber(Math.max(0, SITTING_MINUTES - 1 - FINISH_MINUTES))} minutes of the ${SITTING_MINUTES}-minute
  sitting (${wall('save answer')} here), then ${formatNumber(STUDENTS - timedOut)} students submitting over its last ${FINISH_MINUTES} minutes and ${formatNumber(timedOut)} (${TIMED_OUT_PERCENT} %) timed out,
  submitted by the client at their own deadline, spread as their fetches were (${wall('submit')} here in all). A divided
  stretch carries ${TIME_SCALE} times the real day's rate of requests, so its latencies are those of a harsher day; the
  CPU a student costs is the same at any pace`;
}
