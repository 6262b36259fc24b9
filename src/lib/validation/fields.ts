import { z } from './zod.ts';

// One rule for every text field of every request schema (a test walks them all, text-fields.test.ts):
// - no control character: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). PostgreSQL's text cannot hold
//   NUL (the insert fails, a 500), and the others are never typed: in a terminal (reports:list, the logs)
//   an escape sequence or a carriage return can rewrite what the reader sees. A multi-line field keeps
//   tab, line feed and carriage return;
// - no half of a surrogate pair, which UTF-8 cannot carry (it would be stored as U+FFFD).
// \p{Cc} is exactly C0, DEL and C1.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LAYOUT = /(?![\t\n\r])\p{Cc}/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a single-line text field may hold the value: no control character, no lone surrogate. */
export const isPlainText = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);

/** The same for a multi-line field, which also keeps tabs and line breaks. */
export const isPlainMultiLineText = (value: string) =>
  !CONTROL_BUT_LAYOUT.test(value) && !LONE_SURROGATE.test(value);

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed';

/**
 * The start of every text field: a string (trimmed unless `trim: false`) that refuses control characters
 * and lone surrogates with UNSTORABLE_TEXT_MESSAGE, before any other check so that it is the one message.
 */
export function text(options: { error?: string; trim?: boolean; multiLine?: boolean } = {}) {
  const base = z.string(options.error === undefined ? undefined : { error: options.error });
  return (options.trim === false ? base : base.trim()).refine(
    options.multiLine ? isPlainMultiLineText : isPlainText,
    { message: UNSTORABLE_TEXT_MESSAGE, abort: true },
  );
}

/** A string that must be present and not blank; `message` is shown both when missing and when empty. */
export function requiredText(message: string, maxLength = 200, options: { multiLine?: boolean } = {}) {
  return text({ error: message, multiLine: options.multiLine })
    .min(1, message)
    .max(maxLength, `Must be at most ${maxLength} characters`);
}

/** A string that may be blank, trimmed, capped and storable; add `.default('')` where it may be left out. */
export function optionalText(
  maxLength: number,
  messages: { type?: string; tooLong?: string; multiLine?: boolean } = {},
) {
  return text({ error: messages.type ?? 'Must be text', multiLine: messages.multiLine }).max(
    maxLength,
    messages.tooLong ?? `Must be at most ${maxLength} characters`,
  );
}

/** A present, well-formed email, lower-cased so that uniqueness ignores case. */
export function emailAddress(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage, 254)
    .pipe(z.email(invalidMessage))
    .transform((value) => value.toLowerCase());
}

/** Nigerian mobile numbers are 11 digits (0803..., 0907...). */
export const PHONE_DIGITS = 11;
export const PHONE_MESSAGE = `Please enter a valid ${PHONE_DIGITS}-digit phone number`;

/** A phone number: required, exactly 11 digits. */
export function phoneNumber(requiredMessage = 'Phone number is required') {
  return text({ error: requiredMessage })
    .min(1, requiredMessage)
    .regex(/^\d{11}$/, PHONE_MESSAGE);
}

/** Passwords are hashed with argon2; the cap keeps one request from costing the server minutes. */
export const PASSWORD_MAX = 128;
export function password(requiredMessage: string, minLength: number, minMessage: string) {
  return passwordText(requiredMessage)
    .min(1, requiredMessage)
    .min(minLength, minMessage)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
}

/**
 * A password as typed, not trimmed (a space may be part of it), under the one text rule: a control
 * character is never typed on a phone's or a computer's keyboard.
 */
export function passwordText(error: string) {
  return text({ error, trim: false });
}

/** The spec's message when a confirmation does not repeat its password. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The rule that a form's confirmation repeats its password, for the object schema's `.check()`. A plain
 * `refine` on the object runs only once every other field is valid, so a student met this message last;
 * `when` runs it as soon as both fields are strings, and the mismatch is listed with the other errors.
 */
export function confirmationMatches(passwordField: string, confirmationField: string) {
  return z.refine<Record<string, unknown>>((form) => form[passwordField] === form[confirmationField], {
    message: PASSWORDS_DO_NOT_MATCH,
    path: [confirmationField],
    when: ({ value }) =>
      isRecord(value) &&
      typeof value[passwordField] === 'string' &&
      typeof value[confirmationField] === 'string',
  });
}
