import type { Context, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import {
  profileUpdateSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../lib/validation/account.ts';
import { contactSchema } from '../../lib/validation/contact.ts';
import { clientAddress } from './client-address.ts';
import type { AppDeps, AppEnv } from './types.ts';

// rate-limiter-flexible counts windows in seconds.
const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit: how many counted requests (`points`) one key may make in a fixed window of `seconds`.
 * docs/decisions.md records why each number is what it is.
 */
export const RATE_LIMIT_POLICY = {
  /** Failed sign-ins for one phone number from one address: stops one guesser, never the owner elsewhere. */
  loginPhoneAddress: { points: 10, seconds: 15 * MINUTE },
  /** Failed sign-ins for one phone number from anywhere: stops guessing spread over many addresses. */
  loginPhone: { points: 100, seconds: HOUR },
  /** Failed sign-ins from one address across all numbers (credential stuffing); a school NAT stays under. */
  loginAddress: { points: 200, seconds: 15 * MINUTE },
  /** Accounts created (or refused as taken) from one address: a class signing up together fits. */
  signUpAddress: { points: 60, seconds: HOUR },
  /** Reset emails asked for one email address: no inbox gets flooded. */
  resetRequestEmail: { points: 3, seconds: 15 * MINUTE },
  /** Reset emails asked from one address. */
  resetRequestAddress: { points: 30, seconds: 15 * MINUTE },
  /** Reset submissions with a wrong or expired token from one address (each hashes a password first). */
  resetSubmitAddress: { points: 20, seconds: 15 * MINUTE },
  /** Confirmation links opened from one address with a wrong, used or expired token. */
  verifyEmailAddress: { points: 30, seconds: 15 * MINUTE },
  /** Fresh confirmation links mailed for one account: one tap resends, a tapping thumb floods nothing. */
  confirmationResendAccount: { points: 3, seconds: HOUR },
  /** Email changes asked for one account, mailed or refused for a wrong current password. */
  emailChangeAccount: { points: 5, seconds: HOUR },
  /** Contact-form messages stored from one address. */
  contactAddress: { points: 30, seconds: HOUR },
  /** Subscription look-ups (GRW) from one address; the web app asks each time a signed-in student opens it. */
  msisdnAddress: { points: 600, seconds: 15 * MINUTE },
  /** Card payments one account asks the server to verify: each may be a call to Paystack. */
  paymentVerifyAccount: { points: 10, seconds: MINUTE },
} as const satisfies Record<string, { points: number; seconds: number }>;

type LimitName = keyof typeof RATE_LIMIT_POLICY;
type Limiter = RateLimiterMemory | RateLimiterRedis;

/** What a finished request does to the point it took: keeps it, gives it back, or clears the key. */
type Outcome = 'keep' | 'refund' | 'clear';

interface Counter {
  limiter: Limiter;
  key: string;
  /** The 429's text, given how long until the key's window ends ("15 minutes"). */
  message: (wait: string) => string;
  outcome: (status: number) => Outcome;
}

/** The default Redis key prefix: every instance of one deployment uses it, so they all share counters. */
export const DEFAULT_RATE_LIMIT_PREFIX = 'exam-practice:rate-limit';

const isSuccess = (status: number) => status >= 200 && status < 300;
/** Only the given statuses keep the point, so a refused input, a 5xx or a success costs nothing. */
const keepOn =
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
async function validBody<Schema extends z.ZodType>(
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
function limit<Input>(
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

/** The counter stores of one app: Redis shared by every instance, or this process's memory. */
function createLimiters(redis: Redis | undefined, prefix: string): Record<LimitName, Limiter> {
  const make = (name: LimitName): Limiter => {
    const { points, seconds } = RATE_LIMIT_POLICY[name];
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
    if (!redis) return memory;
    return new RateLimiterRedis({
      // rate-limiter-flexible speaks ioredis by default (useRedisPackage is for the `redis` package).
      storeClient: redis,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: seconds,
      // While Redis is away, each instance counts on its own in memory instead of failing or waiting.
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  };
  const names = Object.keys(RATE_LIMIT_POLICY) as LimitName[];
  return Object.fromEntries(names.map((name) => [name, make(name)])) as Record<LimitName, Limiter>;
}

/**
 * The rate limits of one app instance (docs/decisions.md). With `redis`, counters live there under
 * `rateLimitPrefix`, so instances that share both share every limit; otherwise each createApp() gets fresh
 * in-memory counters.
 */
export function createRateLimits(deps: Pick<AppDeps, 'redis' | 'rateLimitPrefix'> = {}) {
  const limiters = createLimiters(deps.redis, deps.rateLimitPrefix ?? DEFAULT_RATE_LIMIT_PREFIX);
  const counter = (
    name: LimitName,
    key: string,
    message: Counter['message'],
    outcome: Counter['outcome'],
  ): Counter => ({ limiter: limiters[name], key, message, outcome });

  const failedSignIn = (status: number) => status === 401;
  const phoneMessage = (wait: string) =>
    `Too many failed sign-in attempts for this phone number. Try again in ${wait}.`;
  const readNothing = async () => true;
  // Set by requireUser, which runs before these limits: the account is the key.
  const readAccount = async (c: Context<AppEnv>) =>
    (c.get('auth') as AppEnv['Variables']['auth'] | undefined)?.userId;

  return {
    login: limit(
      (c) => validBody(c, signInSchema),
      ({ telephone }, address) => [
        // A success clears this guesser-and-number counter: the owner's own typos are forgiven.
        counter('loginPhoneAddress', `${telephone}@${address}`, phoneMessage, (status) =>
          failedSignIn(status) ? 'keep' : isSuccess(status) ? 'clear' : 'refund',
        ),
        counter('loginPhone', telephone, phoneMessage, keepOn(failedSignIn)),
        counter(
          'loginAddress',
          address,
          (wait) => `Too many failed sign-in attempts from this network. Try again in ${wait}.`,
          keepOn(failedSignIn),
        ),
      ],
    ),
    signUp: limit(
      (c) => validBody(c, signUpSchema),
      (_input, address) => [
        counter(
          'signUpAddress',
          address,
          (wait) => `Too many sign-ups from this network. Try again in ${wait}.`,
          // A taken number or email counts too, or the sign-up form would test numbers for free.
          keepOn((status) => isSuccess(status) || status === 409),
        ),
      ],
    ),
    resetRequest: limit(
      (c) => validBody(c, resetRequestSchema),
      ({ email }, address) => [
        counter(
          'resetRequestEmail',
          email,
          (wait) => `Too many reset requests for this email. Try again in ${wait}.`,
          keepOn(isSuccess),
        ),
        counter(
          'resetRequestAddress',
          address,
          (wait) => `Too many reset requests from this network. Try again in ${wait}.`,
          keepOn(isSuccess),
        ),
      ],
    ),
    resetSubmit: limit(
      (c) => validBody(c, resetPasswordSchema),
      (_input, address) => [
        counter(
          'resetSubmitAddress',
          address,
          (wait) => `Too many failed reset attempts from this network. Try again in ${wait}.`,
          // The input passed validation, so a 400 here is a wrong or expired token.
          keepOn((status) => status === 400),
        ),
      ],
    ),
    verifyEmail: limit(
      (c) => validBody(c, verifyEmailSchema),
      (_input, address) => [
        counter(
          'verifyEmailAddress',
          address,
          (wait) => `Too many invalid confirmation links from this network. Try again in ${wait}.`,
          // The input passed validation, so a 400 here is a wrong, used or expired token.
          keepOn((status) => status === 400),
        ),
      ],
    ),
    confirmationResend: limit(readAccount, (userId) => [
      counter(
        'confirmationResendAccount',
        userId,
        (wait) => `You have asked for several links already. Check your inbox, or try again in ${wait}.`,
        keepOn(isSuccess),
      ),
    ]),
    // Only a body that changes the email is counted; a change of name is not limited.
    emailChange: limit(
      async (c) => {
        const body = await validBody(c, profileUpdateSchema);
        const userId = await readAccount(c);
        return body?.email !== undefined && userId ? userId : undefined;
      },
      (userId) => [
        counter(
          'emailChangeAccount',
          userId,
          (wait) => `Too many email changes asked for this account. Try again in ${wait}.`,
          // A wrong current password counts, so that a stolen session cannot guess the password here.
          keepOn((status) => isSuccess(status) || status === 403),
        ),
      ],
    ),
    contact: limit(
      (c) => validBody(c, contactSchema),
      (_input, address) => [
        counter(
          'contactAddress',
          address,
          (wait) => `Too many messages sent from this network. Try again in ${wait}.`,
          keepOn(isSuccess),
        ),
      ],
    ),
    // The form body is left unread here (the route's form validator reads it); a 400 gives its point back.
    msisdn: limit(readNothing, (_input, address) => [
      counter(
        'msisdnAddress',
        address,
        (wait) => `Too many requests from this network. Try again in ${wait}.`,
        keepOn((status) => status !== 400 && status < 500),
      ),
    ]),
    /**
     * Payment verifications (POST /subscription and /coins), per account: set after requireUser, with the
     * route's own body schema, so an invalid body gets its 400 uncounted.
     */
    paymentVerify: (schema: z.ZodType) =>
      limit(
        async (c) => {
          const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
          return auth && (await validBody(c, schema)) !== undefined ? auth.userId : undefined;
        },
        (userId) => [
          counter(
            'paymentVerifyAccount',
            userId,
            (wait) => `Too many payment checks from this account. Try again in ${wait}.`,
            // A 5xx (Paystack or the database unreachable) is ours, and the student may retry it freely.
            keepOn((status) => status < 500),
          ),
        ],
      ),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
