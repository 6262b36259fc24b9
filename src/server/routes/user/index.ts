import { Hono } from 'hono';
import {
  profileUpdateSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from '../../../lib/validation/account.ts';
import { bearerToken, fromWebApp, requireUser } from '../../http/auth.ts';
import { adminRefused, HttpError } from '../../http/errors.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import {
  checkCredentials,
  publicUser,
  requireUserRow,
  sessionPayload,
  signUp,
  updateProfile,
} from '../../services/accounts.ts';
import { resetPassword, startPasswordReset } from '../../services/password-reset.ts';
import { revokeSession, startSession } from '../../services/sessions.ts';

/** /api/v1/user: sign-up, login, the current user, profile edits, logout and password reset. */
export function userRoutes(limits: RateLimits) {
  return new Hono<AppEnv>()
    .post('/', limits.signUp, validate('json', signUpSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const payload = await signUp(db, c.req.valid('json'), clock.now());
      return ok(c, 'Account created successfully', payload, 201);
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
      if (user.isAdmin && fromWebApp(c.req.header('frontend-source'))) throw adminRefused();
      const now = clock.now();
      const token = await startSession(db, user.id, now);
      return ok(c, 'Login successful', await sessionPayload(db, user, token, now));
    })
    .get('/', requireUser, async (c) => {
      const { db, clock } = c.get('deps');
      const user = await requireUserRow(db, c.get('auth').userId);
      const token = bearerToken(c.req.header('authorization')) ?? '';
      return ok(c, 'User fetched successfully', await sessionPayload(db, user, token, clock.now()));
    })
    .put('/', requireUser, validate('json', profileUpdateSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { firstName, lastName, email } = c.req.valid('json');
      const updated = await updateProfile(
        db,
        c.get('auth').userId,
        { firstName, lastName, email },
        clock.now(),
      );
      return ok(c, 'Profile updated successfully', publicUser(updated));
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
