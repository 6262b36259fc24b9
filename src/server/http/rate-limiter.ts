import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { clientAddress } from './client-address.ts';
import { type LimitName, RATE_LIMIT_POLICY } from './rate-limit-policy.ts';
import type { AppEnv } from './types.ts';

/** One limit's counter store: Redis shared by every instance, or this process's memory. */
export type Limiter = Pick<RateLimiterMemory, 'consume' | 'reward' | 'delete'>;

/** What a finished request does to the point it took: keeps it, gives it back, or clears the key. */
export type Outcome = 'keep' | 'refund' | 'clear';

/** One key counted against one limit, with the 429 it answers and what each status does to its point. */
export interface Counter {
  limiter: Limiter;
  key: string;
  /** The 429's text, given how long until the key's window ends ("15 minutes"). */
  message: (wait: string) => string;
  outcome: (status: number) => Outcome;
}

/** The default Redis key prefix: every instance of one deployment uses it, so they all share counters. */
export const DEFAULT_RATE_LIMIT_PREFIX = 'exam-practice:rate-limit';

/** True for a 2xx status. */
export const isSuccess = (status: number) => status >= 200 && status < 300;
/** Only the given statuses keep the point, so a refused input, a 5xx or a success costs nothing. */
export const keepOn =
  (counts: (status: number) => boolean) =>
  (status: number): Outcome =>
    counts(status) ? 'keep' : 'refund';

/** How long a wait is, in the words a student reads in the 429. */
function waitText(milliseconds: number): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/**
 * The body when it passes the route's own schema, else undefined. An invalid body is not limited at all: it
 * reaches the route's validation and gets its 400, and it never reaches a password check or a mailer. Keys
 * come from the parsed value, so " 0803…" and "0803…" share one counter as they share one account.
 */
export async function validBody<Schema extends z.ZodType>(
  c: Context<AppEnv>,
  schema: Schema,
): Promise<z.output<Schema> | undefined> {
  let body: unknown;
  try {
    // Hono caches the parsed body, so the validator after this reads the same value again.
    body = await c.req.json();
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** Takes one point from every counter at once; the first refusal among them, if any. */
async function consumeAll(counters: Counter[], c: Context<AppEnv>) {
  const results = await Promise.allSettled(counters.map((counter) => counter.limiter.consume(counter.key)));
  const taken: Counter[] = [];
  let refused: { counter: Counter; res: RateLimiterRes } | undefined;
  results.forEach((result, index) => {
    const counter = counters[index];
    if (!counter) return;
    if (result.status === 'fulfilled') {
      taken.push(counter);
    } else if (result.reason instanceof RateLimiterRes) {
      // A refused consume still counted its point, so it is given back like the others.
      taken.push(counter);
      if (!refused || result.reason.msBeforeNext > refused.res.msBeforeNext) {
        refused = { counter, res: result.reason };
      }
    } else {
      // The store failed and so did its in-memory stand-in: let the request through rather than fail it.
      c.get('logger').warn({ err: result.reason }, 'rate limit could not be counted');
    }
  });
  return { taken, refused };
}

/** Applies each counter's outcome; a store error is logged, never passed on to the response. */
async function settle(counters: Counter[], outcomeOf: (counter: Counter) => Outcome, c: Context<AppEnv>) {
  const results = await Promise.allSettled(
    counters.map((counter) => {
      const outcome = outcomeOf(counter);
      if (outcome === 'refund') return counter.limiter.reward(counter.key, 1);
      if (outcome === 'clear') return counter.limiter.delete(counter.key);
      return undefined;
    }),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      c.get('logger').warn({ err: result.reason }, 'rate limit could not be settled');
    }
  }
}

/**
 * A rate-limit middleware. A point is taken from each counter before the route runs, so concurrent requests
 * on any number of instances can never slip past a limit together (Redis increments atomically), and the
 * route's status then decides whether the request counted: points for requests that do not count are given
 * back. Nothing here answers 5xx: a counter that cannot be reached lets the request through.
 */
export function limit<Input>(
  read: (c: Context<AppEnv>) => Promise<Input | undefined>,
  countersFor: (input: Input, address: string) => Counter[],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let taken: Counter[] = [];
    try {
      const input = await read(c);
      if (input !== undefined) {
        const counters = countersFor(input, clientAddress(c));
        const verdict = await consumeAll(counters, c);
        if (verdict.refused) {
          await settle(verdict.taken, () => 'refund', c);
          const wait = verdict.refused.res.msBeforeNext;
          return c.text(verdict.refused.counter.message(waitText(wait)), 429, {
            'Retry-After': String(Math.max(1, Math.ceil(wait / 1000))),
          });
        }
        taken = verdict.taken;
      }
    } catch (error) {
      c.get('logger').warn({ err: error }, 'rate limit skipped');
    }
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      await settle(taken, (counter) => counter.outcome(status), c);
    }
    return undefined;
  };
}

/** How long every limit counts in memory after a Redis command failed, before Redis is asked again. */
export const REDIS_PAUSE_MS = 5_000;

/**
 * Whether an app's Redis may be asked. One failed or timed-out command (openRedis gives each a short
 * command timeout) pauses Redis for every limit at once, so a stalled Redis costs one request that timeout,
 * not every request: the others count in memory at once. After the pause a PING in the background decides,
 * so no request waits on a Redis that is still hung. Each change is logged once, never per request.
 */
export class RedisSwitch {
  private pausedUntil = 0;
  private probing = false;
  private readonly redis: Redis;
  private readonly logger: Logger | undefined;
  private readonly pauseMs: number;

  constructor(redis: Redis, logger?: Logger, pauseMs = REDIS_PAUSE_MS) {
    this.redis = redis;
    this.logger = logger;
    this.pauseMs = pauseMs;
  }

  /** True while Redis is to be left alone; starts the probe once the pause is over. */
  paused(): boolean {
    if (this.pausedUntil === 0) return false;
    if (Date.now() >= this.pausedUntil && !this.probing) this.probe();
    return true;
  }

  /** Called with the error of a failed command: pauses Redis, and warns when it was not paused yet. */
  failed(error: unknown): void {
    if (this.pausedUntil === 0) {
      this.logger?.warn({ err: error }, 'redis did not answer; rate limits count in memory until it does');
    }
    this.pausedUntil = Date.now() + this.pauseMs;
  }

  private probe(): void {
    this.probing = true;
    this.redis
      .ping()
      .then(() => {
        this.pausedUntil = 0;
        this.logger?.info('redis answers again; rate limits are shared again');
      })
      .catch(() => {
        this.pausedUntil = Date.now() + this.pauseMs;
      })
      .finally(() => {
        this.probing = false;
      });
  }
}

/**
 * One limit counted in Redis, or in this process's memory while the switch has Redis paused. A refusal
 * (RateLimiterRes) is Redis's answer and passes through; any other failure pauses Redis and the same call
 * is counted in memory, so the request neither fails nor waits again.
 */
function redisOrMemory(
  redisLimiter: RateLimiterRedis,
  memory: RateLimiterMemory,
  redis: RedisSwitch,
): Limiter {
  const either =
    <Args extends unknown[], Result>(call: (limiter: Limiter, ...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      if (redis.paused()) return call(memory, ...args);
      try {
        return await call(redisLimiter, ...args);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw error;
        redis.failed(error);
        return call(memory, ...args);
      }
    };
  return {
    consume: either((limiter, key: string | number, points?: number) => limiter.consume(key, points)),
    reward: either((limiter, key: string | number, points?: number) => limiter.reward(key, points)),
    delete: either((limiter, key: string | number) => limiter.delete(key)),
  };
}

/**
 * The counter stores of one app: Redis shared by every instance, or this process's memory; with Redis,
 * memory stands in while it does not answer (RedisSwitch).
 */
export function createLimiters(
  redis: Redis | undefined,
  prefix: string,
  logger?: Logger,
): Record<LimitName, Limiter> {
  const redisSwitch = redis && new RedisSwitch(redis, logger);
  const make = (name: LimitName): Limiter => {
    const { points, seconds } = RATE_LIMIT_POLICY[name];
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
    if (!redis || !redisSwitch) return memory;
    const shared = new RateLimiterRedis({
      // rate-limiter-flexible speaks ioredis by default (useRedisPackage is for the `redis` package).
      storeClient: redis,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: seconds,
      // While Redis is disconnected a command fails at once, and the memory counter takes it.
      rejectIfRedisNotReady: true,
    });
    return redisOrMemory(shared, memory, redisSwitch);
  };
  const names = Object.keys(RATE_LIMIT_POLICY) as LimitName[];
  return Object.fromEntries(names.map((name) => [name, make(name)])) as Record<LimitName, Limiter>;
}
