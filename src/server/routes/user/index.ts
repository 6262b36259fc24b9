import { Hono } from 'hono';
import {
  type AccountDeleted,
  accountDeletedMessage,
  type ConfirmationSent,
  type EmailConfirmed,
  WELCOME_ALREADY_USED_MESSAGE,
  WELCOME_COINS,
} from '../../../lib/api/user.ts';
import {
  deleteAccountSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../../lib/validation/account.ts';
import { bearerToken, requestFromWebApp, requireUser } from '../../http/auth.ts';
import { privateRevalidate } from '../../http/conditional-get.ts';
import { presentedDeviceCookie, setDeviceCookie } from '../../http/device-cookie.ts';
import { HttpError } from '../../http/errors.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import { deleteAccount } from '../../services/account-deletion.ts';
import {
  confirmationEmail,
  emailChangedNotice,
  emailChangeMail,
  sendWithoutWaiting,
} from '../../services/account-emails.ts';
import {
  accountView,
  requireUserRow,
  sessionPayload,
  signUp,
  updateProfile,
  userView,
} from '../../services/accounts.ts';
import { refuseAdminFromWebApp } from '../../services/admin-refusal.ts';
import { requestEmailChange, resendConfirmation } from '../../services/confirmation-requests.ts';
import { confirmEmail } from '../../services/email-confirmation.ts';
import { resetPassword, startPasswordReset } from '../../services/password-reset.ts';
import { findSession, revokeSession } from '../../services/sessions.ts';
import { checkCredentials, openSession } from '../../services/sign-in.ts';

/**
 * /api/v1/user: sign-up, login, the current user, profile edits, email confirmation, logout, reset and
 * deletion of the account (which clears `boards`, the app's copies of the leaderboard and the contests' boards).
 */
export function userRoutes(limits: RateLimits, boards: readonly { forget(): void }[]) {
  return new Hono<AppEnv>()
    .post('/', limits.signUp, validate('json', signUpSchema), async (c) => {
      const { db, clock, mailer, config, logger } = c.get('deps');
      const { session, confirmationToken } = await signUp(db, c.req.valid('json'), clock.now());
      sendWithoutWaiting(
        mailer,
        confirmationEmail('sign-up', session.user.email, confirmationToken, config.siteUrl),
        (error) => logger.error({ err: error }, 'confirmation email failed'),
      );
      return ok(
        c,
        'Account created successfully. Open the link we emailed you to start your free trial.',
        session,
        201,
      );
    })
    .post('/login', limits.login, validate('json', signInSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { telephone, password } = c.req.valid('json');
      const user = await checkCredentials(db, telephone, password);
      if (!user) {
        throw new HttpError(401, 'Incorrect phone number or password', {
          errors: [{ path: ['telephone'], message: 'Incorrect phone number or password' }],
        });
      }
      refuseAdminFromWebApp(user.isAdmin, requestFromWebApp(c));
      const { payload, deviceToken } = await openSession(db, user, presentedDeviceCookie(c), clock.now());
      // This browser is trusted past the limit that strangers' wrong guesses for the number fill.
      setDeviceCookie(c, deviceToken);
      return ok(c, 'Login successful', payload);
    })
    .get('/', requireUser, privateRevalidate, async (c) => {
      const { db, clock } = c.get('deps');
      const user = await requireUserRow(db, c.get('auth').userId);
      const token = bearerToken(c.req.header('authorization')) ?? '';
      return ok(c, 'User fetched successfully', await sessionPayload(db, user, token, clock.now()));
    })
    .put('/', requireUser, limits.emailChange, validate('json', profileUpdateSchema), async (c) => {
      const { db, clock, mailer, config, logger } = c.get('deps');
      const { firstName, lastName, email, currentPassword } = c.req.valid('json');
      const userId = c.get('auth').userId;
      const now = clock.now();
      if (email !== undefined) {
        const change = await requestEmailChange(db, {
          userId,
          email,
          currentPassword: currentPassword ?? '',
          now,
        });
        // The same answer whether or not another account uses the address: only the email differs.
        sendWithoutWaiting(mailer, emailChangeMail(email, change, config.siteUrl), (error) =>
          logger.error({ err: error }, 'confirmation email failed'),
        );
        const user = await requireUserRow(db, userId);
        return ok(
          c,
          `We sent a link to ${email}. Your email changes when you open it.`,
          await userView(db, user, now),
        );
      }
      const updated = await updateProfile(db, userId, { firstName, lastName }, now);
      return ok(c, 'Profile updated successfully', await userView(db, updated, now));
    })
    .delete('/', requireUser, limits.accountDeletion, validate('json', deleteAccountSchema), async (c) => {
      const { db, clock, config } = c.get('deps');
      const deleted: AccountDeleted = await deleteAccount(db, {
        userId: c.get('auth').userId,
        password: c.req.valid('json').password,
        now: clock.now(),
        identityHashKey: config.identityHashKey,
      });
      for (const board of boards) board.forget();
      return ok(c, accountDeletedMessage(deleted.paymentsKept), deleted);
    })
    .post('/verify-email', limits.verifyEmail, validate('json', verifyEmailSchema), async (c) => {
      const { db, clock, mailer, config, logger } = c.get('deps');
      const now = clock.now();
      const outcome = await confirmEmail(db, c.req.valid('json').token, now, config.identityHashKey);
      if (outcome.notify) {
        sendWithoutWaiting(
          mailer,
          emailChangedNotice(outcome.notify, outcome.email, config.siteUrl),
          (error) => logger.error({ err: error }, 'email change notice failed'),
        );
      }
      // No session is needed (the link may be opened on another device), but a browser signed in to the
      // confirmed account gets it back fresh. Any other token is ignored rather than refused.
      const token = bearerToken(c.req.header('authorization'));
      const session = token ? await findSession(db, token, now) : undefined;
      const account =
        session?.userId === outcome.userId
          ? await accountView(db, await requireUserRow(db, outcome.userId), now)
          : null;
      const confirmed =
        outcome.purpose === 'change' ? `Your email is now ${outcome.email}` : 'Your email is confirmed';
      const message = outcome.alreadyConfirmed
        ? `${outcome.email} is already confirmed: there is nothing more to do.`
        : outcome.welcomeGranted
          ? `${confirmed}: your free trial and ${WELCOME_COINS} coins are ready.`
          : outcome.welcomeWithheld
            ? `${confirmed}. ${WELCOME_ALREADY_USED_MESSAGE}`
            : `${confirmed}.`;
      const data: EmailConfirmed = {
        purpose: outcome.purpose,
        email: outcome.email,
        welcomeGranted: outcome.welcomeGranted,
        welcomeWithheld: outcome.welcomeWithheld,
        alreadyConfirmed: outcome.alreadyConfirmed,
        account,
      };
      return ok(c, message, data);
    })
    .post('/verify-email/resend', requireUser, limits.confirmationResend, async (c) => {
      const { db, clock, mailer, config, logger } = c.get('deps');
      const { purpose, email, token, addressTaken } = await resendConfirmation(
        db,
        c.get('auth').userId,
        clock.now(),
      );
      const message =
        purpose === 'change'
          ? emailChangeMail(email, { token, addressTaken }, config.siteUrl)
          : confirmationEmail(purpose, email, token, config.siteUrl);
      sendWithoutWaiting(mailer, message, (error) =>
        logger.error({ err: error }, 'confirmation email failed'),
      );
      const data: ConfirmationSent = { purpose, email };
      return ok(c, `We sent a new link to ${email}.`, data);
    })
    .post('/logout', requireUser, async (c) => {
      const { db, clock } = c.get('deps');
      await revokeSession(db, c.get('auth').sessionId, clock.now());
      return ok(c, 'Logout Successfully', null);
    })
    .put('/reset-password', limits.resetRequest, validate('json', resetRequestSchema), async (c) => {
      const { db, clock, mailer, config, logger } = c.get('deps');
      const { email } = c.req.valid('json');
      // The token and the email are made after the answer, which is the same, and as quick, whether or not
      // the email has an account: neither its words nor its timing reveal which emails are registered.
      void startPasswordReset(
        {
          db,
          mailer,
          siteUrl: config.siteUrl,
          onError: (error) => logger.error({ err: error }, 'reset request failed'),
        },
        email,
        clock.now(),
      );
      return ok(c, 'Reset token has been sent to your email', null);
    })
    .post('/reset-password', limits.resetSubmit, validate('json', resetPasswordSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { otp, password } = c.req.valid('json');
      await resetPassword(db, otp, password, clock.now());
      return ok(c, 'Password successfully reset', null);
    });
}
