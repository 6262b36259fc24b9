import type { Context } from 'hono';
import type { z } from 'zod';
import {
  deleteAccountSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../lib/validation/account.ts';
import { contactSchema } from '../../lib/validation/contact.ts';
import { offlineAttemptSchema } from '../../lib/validation/offline.ts';
import { questionReportSchema } from '../../lib/validation/reports.ts';
import type { AppDeps } from '../deps.ts';
import { trustedDevice } from './device-cookie.ts';
import type { LimitName } from './rate-limit-policy.ts';
import {
  type Counter,
  createLimiters,
  DEFAULT_RATE_LIMIT_PREFIX,
  isSuccess,
  keepOn,
  limit,
  validBody,
} from './rate-limiter.ts';
import type { AppEnv } from './types.ts';

export { RATE_LIMIT_POLICY } from './rate-limit-policy.ts';
export { DEFAULT_RATE_LIMIT_PREFIX } from './rate-limiter.ts';

/**
 * The rate limits of one app instance (docs/decisions/009-rate-limits-shared-in-redis-aimed-at-attackers-never-at-a.md). With `redis`, counters live there under
 * `rateLimitPrefix`, so instances that share both share every limit; otherwise each createApp() gets fresh
 * in-memory counters.
 */
export function createRateLimits(
  deps: Pick<AppDeps, 'redis' | 'rateLimitPrefix'> & Partial<Pick<AppDeps, 'logger'>> = {},
) {
  const limiters = createLimiters(deps.redis, deps.rateLimitPrefix ?? DEFAULT_RATE_LIMIT_PREFIX, deps.logger);
  const counter = (
    name: LimitName,
    key: string,
    message: Counter['message'],
    outcome: Counter['outcome'],
  ): Counter => ({ limiter: limiters[name], key, message, outcome });

  const failedSignIn = (status: number) => status === 401;
  const phoneMessage = (wait: string) =>
    `Too many failed sign-in attempts for this phone number. Try again in ${wait}.`;
  const deviceMessage = (wait: string) =>
    `Too many failed sign-in attempts on this device. Try again in ${wait}.`;
  const forgiveOnSuccess = (status: number) =>
    failedSignIn(status) ? 'keep' : isSuccess(status) ? 'clear' : 'refund';
  const readNothing = async () => true;
  // Set by requireUser, which runs before these limits: the account is the key.
  const readAccount = async (c: Context<AppEnv>) =>
    (c.get('auth') as AppEnv['Variables']['auth'] | undefined)?.userId;

  return {
    login: limit(
      async (c) => {
        const body = await validBody(c, signInSchema);
        return body && { telephone: body.telephone, device: await trustedDevice(c, body.telephone) };
      },
      ({ telephone, device }, address) =>
        device
          ? // A browser that signed in to this number before meets only its own lockout, so strangers'
            // guesses, which fill the counters below, never lock the owner out (docs/decisions/089-a-browser-that-signed-in-before-is-trusted-past-the-per.md).
            [counter('loginDevice', device, deviceMessage, forgiveOnSuccess)]
          : [
              // A success clears this guesser-and-number counter: the owner's own typos are forgiven.
              counter('loginPhoneAddress', `${telephone}@${address}`, phoneMessage, forgiveOnSuccess),
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
    // Set after requireUser. Every answer but a 5xx read the student's history; a read under way holds a
    // place of its endpoint until it has answered.
    historyRead: limit(
      async (c) => {
        const userId = await readAccount(c);
        return userId ? { userId, path: c.req.path } : undefined;
      },
      ({ userId, path }) => [
        counter(
          'historyReadAccount',
          userId,
          (wait) => `You have loaded your progress many times this minute. Try again in ${wait}.`,
          keepOn((status) => status < 500),
        ),
        counter(
          'historyReadsAtOnce',
          `${userId}:${path}`,
          () => 'Your progress is already loading. Try again in a moment.',
          () => 'refund',
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
          // Every answer counts (a wrong current password too, so that a stolen session cannot guess the
          // password here); only the server's own failures are given back.
          keepOn((status) => status < 500),
        ),
      ],
    ),
    // Set after requireUser; an invalid body gets its 400 uncounted.
    accountDeletion: limit(
      async (c) => ((await validBody(c, deleteAccountSchema)) ? await readAccount(c) : undefined),
      (userId) => [
        counter(
          'accountDeletionAccount',
          userId,
          (wait) => `Too many wrong passwords for this account. Try again in ${wait}.`,
          // Only a wrong password counts: a stolen session cannot guess the password here.
          keepOn((status) => status === 403),
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
    // Set after requireUser: a refused download (no plan, no paper, a bad query) gives its point back.
    paperDownload: limit(readAccount, (userId) => [
      counter(
        'paperDownloadAccount',
        userId,
        (wait) => `You have downloaded many papers this hour. Try again in ${wait}.`,
        keepOn(isSuccess),
      ),
    ]),
    // Set after requireUser; an invalid body gets its 400 uncounted. A refused upload stays queued on the phone.
    offlineUpload: limit(
      async (c) => {
        const body = await validBody(c, offlineAttemptSchema);
        const userId = await readAccount(c);
        return body && userId ? { userId, paperId: body.paperId } : undefined;
      },
      ({ userId, paperId }) => {
        const message = (wait: string) =>
          `You have sent many offline tests today. The rest stay on this phone and are sent in ${wait}.`;
        // Every answer but a 5xx asked the database, a 409 or a re-sent attempt as much as a new one.
        const counts = keepOn((status) => status < 500);
        return [
          counter('offlineUploadAccount', userId, message, counts),
          counter('offlineUploadPaper', `${userId}:${paperId}`, message, counts),
        ];
      },
    ),
    // Set after requireUser; an invalid body gets its 400 uncounted.
    questionReport: limit(
      async (c) => ((await validBody(c, questionReportSchema)) ? await readAccount(c) : undefined),
      (userId) => [
        counter(
          'questionReportAccount',
          userId,
          (wait) => `You have sent many reports this hour. Try again in ${wait}.`,
          // A report stored, or refused as unseen or already open: each asked the database.
          keepOn((status) => isSuccess(status) || status === 404 || status === 409),
        ),
      ],
    ),
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
