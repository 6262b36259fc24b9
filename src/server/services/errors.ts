import {
  ADMIN_REFUSED_MESSAGE,
  type ApiErrorItem,
  type PaymentCode,
  UNAUTHORIZED_MESSAGE,
} from '../../lib/errors.ts';

/**
 * The ways a business rule refuses a request, with no HTTP in them (DESIGN §3): the services throw these,
 * and http/errors.ts alone turns each kind into a status.
 */
export type RuleErrorKind =
  /** The input breaks a rule; `errors` names the fields. */
  | 'invalid'
  /** No valid session. */
  | 'unauthenticated'
  /** Known caller, not allowed (an admin in the web app, a wrong password for a sensitive change). */
  | 'refused'
  | 'not-found'
  /** The request clashes with the current state (already submitted, already taken). */
  | 'conflict'
  /** A plan or coins are needed; `code` says which. */
  | 'payment-required'
  /** A service we depend on (Paystack) failed. */
  | 'upstream-failed';

export class RuleError extends Error {
  override name = 'RuleError';
  readonly kind: RuleErrorKind;
  readonly details: { code?: string; errors?: ApiErrorItem[] };
  constructor(
    kind: RuleErrorKind,
    message: string,
    details: { code?: string; errors?: ApiErrorItem[] } = {},
  ) {
    super(message);
    this.kind = kind;
    this.details = details;
  }
}

/** Invalid input, with the fields at fault (each path is one field, as the error shape lists it). */
export const invalid = (message: string, errors: ApiErrorItem[] = []) =>
  new RuleError('invalid', message, errors.length > 0 ? { errors } : {});
/** Invalid input in one field, with the same message on the field. */
export const invalidField = (path: (string | number)[], message: string) =>
  invalid(message, [{ path, message }]);
export const unauthenticated = () => new RuleError('unauthenticated', UNAUTHORIZED_MESSAGE);
export const adminRefused = () => new RuleError('refused', ADMIN_REFUSED_MESSAGE);
export const refused = (message: string, errors: ApiErrorItem[] = []) =>
  new RuleError('refused', message, errors.length > 0 ? { errors } : {});
export const notFound = (message: string) => new RuleError('not-found', message);
export const conflict = (message: string, path?: string) =>
  new RuleError('conflict', message, path ? { errors: [{ path: [path], message }] } : {});
export const paymentRequired = (code: PaymentCode, message: string) =>
  new RuleError('payment-required', message, { code });
export const upstreamFailed = (message: string) => new RuleError('upstream-failed', message);
