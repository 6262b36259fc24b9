// Shared by the load benchmarks that drive the reference deployment (bench:exam-day, bench:contest): a cap
// on requests in flight, how a failed request is counted, the instances' production environment, and the
// HTTP/2 connections the simulated students share.
import { randomUUID } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { Redis } from 'ioredis';
import { buildConnector, Client } from 'undici';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A counting semaphore: at most `limit` requests in flight, the rest wait their turn. */
export function limiter(limit: number) {
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

/** An answer outside 2xx; its status, and who gave it, is what the error table counts. */
export class StatusError extends Error {
  override name = 'StatusError';
  readonly status: number;
  /** The app tags every answer with X-Request-Id; an answer without one came from the proxy itself. */
  readonly fromProxy: boolean;
  constructor(status: number, body: string, fromProxy: boolean) {
    super(`${status}${fromProxy ? ' (from the proxy)' : ''} ${body.slice(0, 200)}`);
    this.status = status;
    this.fromProxy = fromProxy;
  }
}

/** What kind of failure an error is, for the table of errors: an HTTP status or the network error's code. */
export function errorKind(error: unknown): string {
  if (error instanceof StatusError) return `HTTP ${error.status}${error.fromProxy ? ' from Caddy' : ''}`;
  if (error instanceof SyntaxError) return 'unreadable answer';
  const { code, name } = error as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown';
}

/** The Redis server's version, checked before any instance needs it. */
export async function redisVersion(url: string): Promise<string> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    const info = await redis.info('server');
    return /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  } catch (error) {
    throw new Error(`Redis at ${url} is not reachable (${(error as Error).message}); set BENCH_REDIS_URL`);
  } finally {
    redis.disconnect();
  }
}

/** What an instance of the reference deployment runs with. */
export interface InstanceSettings {
  databaseUrl: string;
  redisUrl: string;
  /** The proxy's origin, which the instances take as PUBLIC_SITE_URL (and so as the allowed Origin). */
  publicOrigin: string;
  /** Proxies in front of the instances whose X-Forwarded-For entries are believed. */
  trustedHops: number;
  webConcurrency?: number;
  poolMax?: number;
}

/**
 * The environment of each instance: production, as deployed. The mail and Paystack settings it insists on
 * are placeholders the load never reaches (no benchmark sends email or takes a payment).
 */
export function instanceEnvironment(settings: InstanceSettings): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PAYSTACK_SECRET_KEY: 'sk_test_bench_placeholder',
    PUBLIC_PAYSTACK_PUBLIC_KEY: 'pk_test_bench_placeholder',
    IDENTITY_HASH_KEY: 'bench-identity-hash-key-of-at-least-32-characters',
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    TRUST_PROXY: String(settings.trustedHops),
    PUBLIC_SITE_URL: settings.publicOrigin,
    DATA_DIR: `tests/.tmp/bench-${randomUUID()}`,
    SEED_SAMPLE_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...(settings.webConcurrency === undefined ? {} : { WEB_CONCURRENCY: String(settings.webConcurrency) }),
    ...(settings.poolMax === undefined ? {} : { DATABASE_POOL_MAX: String(settings.poolMax) }),
  };
}

/**
 * `count` HTTP/2 connections to the proxy, each verifying its certificate against `ca`; `alpn` counts what
 * ALPN picked on each handshake (a connection left idle is closed and opened again, so there may be more).
 */
export function http2Clients(origin: string, ca: string, count: number) {
  const alpn = new Map<string, number>();
  const connector = buildConnector({ ca, allowH2: true });
  const clients: Client[] = [];
  for (let index = 0; index < count; index++) {
    clients.push(
      new Client(origin, {
        allowH2: true,
        connect: (options, callback) =>
          connector(options, (...args) => {
            const socket = args[1] as TLSSocket | null;
            const protocol = socket?.alpnProtocol || 'none';
            alpn.set(protocol, (alpn.get(protocol) ?? 0) + 1);
            callback(...args);
          }),
      }),
    );
  }
  return { clients, alpn };
}
