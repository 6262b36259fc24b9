// npm run bench:drivers: the two PostgreSQL drivers Drizzle supports, side by side on one fresh database, in
// one run: postgres.js (what the app used first) and node-postgres (what it uses now). For each: the
// throughput of the app's hot query shapes through Drizzle, and whether a process survives PostgreSQL
// terminating its connections (pg_terminate_backend) in the middle of queries and transactions.
// Writes its section of docs/performance.md.
//
//   npm run bench:drivers -- [--operations 4000] [--concurrency 10] [--runs 3] [--blips 5]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createPool, openDatabase } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { startSession } from '../../src/server/services/sessions.ts';
import { hashSecret } from '../../src/server/services/tokens.ts';
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

type Driver = 'postgres.js' | 'node-postgres';
const DRIVERS: Driver[] = ['postgres.js', 'node-postgres'];

/** A Drizzle database on one driver, with the way to close it. */
function connect(driver: Driver, url: string) {
  if (driver === 'postgres.js') {
    const client = postgres(url, { max: 10, onnotice: () => {} });
    return { db: drizzlePostgresJs(client, { schema }), close: () => client.end() };
  }
  const pool = createPool(url, { max: 10 });
  return { db: drizzleNodePg(pool, { schema }), close: () => pool.end() };
}

type Db = ReturnType<typeof connect>['db'];

/** The session lookup as Drizzle builds it, the same text for both drivers. */
function sessionLookup(db: Db, token: string) {
  return db
    .select({ sessionId: sessions.id, userId: sessions.userId, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSecret(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
}

/** The query shapes of the hot paths: a session lookup, a locked read-and-write transaction, a list. */
function workloads(token: string, userId: string) {
  return {
    'session lookup (select with a join)': (db: Db) => sessionLookup(db, token),
    'transaction: lock a row, update it': (db: Db) =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        await tx
          .update(users)
          .set({ triviaPoints: sql`${users.triviaPoints}` })
          .where(eq(users.id, userId));
      }),
    'list of 50 rows': (db: Db) =>
      db.select({ id: sessions.id, createdAt: sessions.createdAt }).from(sessions).limit(50),
  };
}

async function throughput(run: () => Promise<unknown>, operations: number, concurrency: number) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < operations) {
        next += 1;
        await run();
      }
    }),
  );
  return operations / ((performance.now() - started) / 1000);
}

/**
 * The child side of the fault test: queries and transactions with 10 in flight until told to stop; prints
 * how many succeeded and failed. A driver bug that throws outside a query's promise ends this process.
 */
async function child(driver: Driver, url: string, token: string, userId: string) {
  const { db, close } = connect(driver, url);
  const shapes = Object.values(workloads(token, userId));
  const counts = { ok: 0, failed: 0 };
  let stop = false;
  process.on('message', () => {
    stop = true;
  });
  let announced = false;
  await Promise.all(
    Array.from({ length: 10 }, async (_, lane) => {
      while (!stop) {
        const shape = shapes[lane % shapes.length];
        await shape?.(db).then(
          () => (counts.ok += 1),
          () => (counts.failed += 1),
        );
        // The parent starts terminating connections once the load is really running.
        if (!announced && counts.ok >= 100) {
          announced = true;
          process.send?.({ ready: true });
        }
      }
    }),
  );
  // One more query after the storm: does the driver recover by itself?
  const recovered = await sessionLookup(db, token).then(
    () => true,
    () => false,
  );
  process.send?.({ ...counts, recovered });
  await close();
  process.exit(0);
}

interface FaultResult {
  survived: boolean;
  /** Backends terminated while the process ran. */
  terminated: number;
  ok: number;
  failed: number;
  recovered: boolean;
  exit: string;
}

async function faultRun(driver: Driver, url: string, token: string, userId: string, blips: number) {
  const admin = postgres(DEFAULT_BENCH_SERVER, { max: 1, onnotice: () => {} });
  const worker = spawn(
    process.execPath,
    [...process.execArgv, process.argv[1] ?? '', '--child', driver, url, token, userId],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  worker.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  type Counts = Omit<FaultResult, 'survived' | 'exit' | 'terminated'>;
  let ready: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const report = new Promise<Counts | undefined>((resolve) => {
    worker.on('message', (message: Counts | { ready: true }) => {
      if ('ready' in message) ready();
      else resolve(message);
    });
    worker.on('exit', () => {
      ready();
      resolve(undefined);
    });
  });
  const exited = new Promise<string>((resolve) =>
    worker.on('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  const name = new URL(url).pathname.slice(1);
  await running;
  let terminated = 0;
  for (let blip = 0; blip < blips; blip += 1) {
    const rows = await admin<{ done: boolean }[]>`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`;
    terminated += rows.filter((row) => row.done).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const aliveAfterBlips = worker.exitCode === null && worker.signalCode === null;
  if (aliveAfterBlips) worker.send('stop');
  const counts = await report;
  const exit = await exited;
  await admin.end();
  const crash = stderr.match(/^(\w*Error[^\n]*)/m)?.[1];
  return {
    survived: aliveAfterBlips && counts !== undefined,
    terminated,
    ok: counts?.ok ?? 0,
    failed: counts?.failed ?? 0,
    recovered: counts?.recovered ?? false,
    exit: aliveAfterBlips ? exit : `died (${crash ?? exit})`,
  } satisfies FaultResult;
}

async function main() {
  const flags = parseFlags();
  if (flags.child) {
    const [driver, url, token, userId] = process.argv.slice(process.argv.indexOf('--child') + 1);
    return child(driver as Driver, url ?? '', token ?? '', userId ?? '');
  }
  const operations = intFlag(flags, 'operations', 4000);
  const concurrency = intFlag(flags, 'concurrency', 10);
  const runs = intFlag(flags, 'runs', 3);
  const blips = intFlag(flags, 'blips', 5);

  const database = await createDatabase(process.env.BENCH_SERVER_URL ?? DEFAULT_BENCH_SERVER, 'drivers');
  try {
    const setup = await openDatabase({ kind: 'postgres', url: database.url });
    const [user] = await setup.db
      .insert(users)
      .values({
        firstName: 'Bench',
        lastName: 'Driver',
        email: `driver.${randomUUID()}@example.com`,
        telephone: '08011112222',
        passwordHash: 'not-a-real-hash',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const token = await startSession(setup.db, user.id, new Date());
    for (let index = 0; index < 60; index += 1) await startSession(setup.db, user.id, new Date());
    await setup.close();

    const shapes = workloads(token, user.id);
    const figures = new Map<string, number[]>();
    for (let run = 0; run < runs; run += 1) {
      // Alternate the order so neither driver always runs on a warmer database.
      const order = run % 2 === 0 ? DRIVERS : [...DRIVERS].reverse();
      for (const driver of order) {
        const { db, close } = connect(driver, database.url);
        for (const [name, shape] of Object.entries(shapes)) {
          await throughput(() => shape(db), 200, concurrency);
          const rate = await throughput(() => shape(db), operations, concurrency);
          const key = `${driver}\u0000${name}`;
          figures.set(key, [...(figures.get(key) ?? []), rate]);
        }
        await close();
      }
    }
    const faults = new Map<Driver, FaultResult>();
    for (const driver of DRIVERS)
      faults.set(driver, await faultRun(driver, database.url, token, user.id, blips));

    const rows = Object.keys(shapes).map((name) => {
      const [a = 0, b = 0] = DRIVERS.map((driver) => median(figures.get(`${driver}\u0000${name}`) ?? []));
      return [name, formatNumber(a), formatNumber(b), formatNumber(b / a, 2)];
    });
    const faultRows = DRIVERS.map((driver) => {
      const fault = faults.get(driver);
      return [
        driver,
        formatNumber(fault?.terminated ?? 0),
        fault?.survived ? 'yes' : 'no',
        fault?.exit ?? '',
        formatNumber(fault?.ok ?? 0),
        formatNumber(fault?.failed ?? 0),
        fault?.recovered ? 'yes' : 'no',
      ];
    });
    const section = `## PostgreSQL drivers (\`bench:drivers\`)

- Date: ${runDate()}
- Machine: ${machine()}
- Command: \`npm run bench:drivers -- --operations ${operations} --concurrency ${concurrency} --runs ${runs} --blips ${blips}\`
- Both through Drizzle with the app's schema, pools of 10, on one fresh database on the local PostgreSQL

Operations a second, ${concurrency} in flight, medians of ${runs} runs (the order of the drivers alternates):

${table(['query shape', 'postgres.js', 'node-postgres', 'node-postgres / postgres.js'], rows)}

A process runs those shapes, 10 in flight, while every backend of its database is terminated ${blips} times,
300 ms apart (what a failover or \`pg_terminate_backend\` does):

${table(['driver', 'backends terminated', 'process survived', 'exit', 'succeeded', 'failed', 'next query worked'], faultRows)}
`;
    writeReportSection('bench:drivers', section);
    console.log(section);
  } finally {
    await database.drop();
  }
}

await main();
