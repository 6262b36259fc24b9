import type { Context, MiddlewareHandler } from 'hono';
import { fromWebApp, refuseAdminFromWebApp } from '../services/admin-refusal.ts';
import { findSession } from '../services/sessions.ts';
import { statusOf, unauthorized } from './errors.ts';
import type { AppEnv } from './types.ts';

/** The bearer token of a request, if it carries a well-formed one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
  return match?.[1];
}

/** Whether a request comes from this web app, which refuses admin accounts (services/admin-refusal.ts). */
export function requestFromWebApp(c: Context<AppEnv>): boolean {
  return fromWebApp(c.req.header('frontend-source'));
}

/** Requires a live session; refuses admins coming from the web app (spec §6). */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw unauthorized();
  const { db, clock } = c.get('deps');
  const session = await findSession(db, token, clock.now());
  if (!session) throw unauthorized();
  refuseAdminFromWebApp(session.isAdmin, requestFromWebApp(c));
  c.set('auth', session);
  await next();
};

/**
 * For a route whose handler reads the session in the same statement as its work (GET /exam): refuses a
 * request without a well-formed bearer token at once, as requireUser does, and leaves the lookup to the
 * handler, which sets `auth`. A request that fails validation, before the handler ran, has its session
 * checked first, so it gets requireUser's answer: 401 (or 403 for an admin from the web app) before 400.
 */
export const requireBearer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw unauthorized();
  await next();
  if (statusOf(c.error) !== 400 || c.get('auth') !== undefined) return;
  const { db, clock } = c.get('deps');
  const session = await findSession(db, token, clock.now());
  if (!session) throw unauthorized();
  refuseAdminFromWebApp(session.isAdmin, requestFromWebApp(c));
};

/**
 * For a route anyone may read that says more to a signed-in caller (the contests): sets `auth` when the
 * request carries a live session, and passes without one. A token that is no longer live is still a 401,
 * so the browser drops it, as it does everywhere else.
 */
export const optionalUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization') === undefined) return next();
  return requireUser(c, next);
};
