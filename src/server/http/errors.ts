import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { type ApiErrorBody, type ApiErrorItem, UNAUTHORIZED_MESSAGE } from '../../lib/errors.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { RuleError, type RuleErrorKind } from '../services/errors.ts';
import type { AppEnv } from './types.ts';

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 answered while the database cannot be reached: the client may try again shortly. */
export function unavailableResponse(c: Context<AppEnv>): Response {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  const body: ApiErrorBody = {
    success: false,
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
    requestId: c.get('requestId'),
  };
  return c.json(body, 503);
}

/** An error with a status and a message meant for the user; the only kind the API shows as it is. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: ContentfulStatusCode;
  readonly extra: { code?: string; errors?: ApiErrorItem[] };
  constructor(
    status: ContentfulStatusCode,
    message: string,
    extra: { code?: string; errors?: ApiErrorItem[] } = {},
  ) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

/** 400 with one entry per zod issue; the message is the first issue's. */
export function invalidInput(
  issues: readonly z.core.$ZodIssue[],
  prefix: (string | number)[] = [],
): HttpError {
  const errors = issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    message: issue.message,
  }));
  return new HttpError(400, errors[0]?.message ?? 'Invalid input', { errors });
}

export const unauthorized = () => new HttpError(401, UNAUTHORIZED_MESSAGE);
export const notFound = (message = 'Not found') => new HttpError(404, message);

/** The status of each way a business rule refuses a request (services/errors.ts). */
const RULE_STATUS: Record<RuleErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  refused: 403,
  'not-found': 404,
  conflict: 409,
  'upstream-failed': 502,
};

/** The HTTP status a thrown error answers with, when it is one meant for the user. */
export function statusOf(error: unknown): ContentfulStatusCode | undefined {
  if (error instanceof HttpError) return error.status;
  if (error instanceof RuleError) return RULE_STATUS[error.kind];
  return undefined;
}

/** The one place where any thrown value becomes an HTTP response; a 500 never shows its details. */
export function errorResponse(error: unknown, c: Context<AppEnv>): Response {
  const requestId = c.get('requestId');
  if (error instanceof HttpError || error instanceof RuleError) {
    const extra = error instanceof HttpError ? error.extra : error.details;
    const body: ApiErrorBody = { success: false, message: error.message, ...extra };
    return c.json(body, statusOf(error) ?? 500);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message =
      status === 413 ? 'Request body is too large (1 MB at most)' : error.message || 'Invalid request';
    if (status >= 500) {
      c.get('logger')?.error({ err: error }, 'request failed');
      return c.json(
        { success: false, message: 'Something went wrong', requestId } satisfies ApiErrorBody,
        500,
      );
    }
    return c.json(
      { success: false, message, errors: [{ path: [], message }] } satisfies ApiErrorBody,
      status,
    );
  }
  if (isDatabaseUnavailable(error)) {
    c.get('logger')?.warn({ err: error }, 'the database is unavailable');
    return unavailableResponse(c);
  }
  c.get('logger')?.error({ err: error }, 'request failed');
  const body: ApiErrorBody = {
    success: false,
    message: 'Something went wrong on our side. Please try again.',
    requestId,
  };
  return c.json(body, 500);
}
