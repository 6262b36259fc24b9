import { z } from './zod.ts';

// A NUL character or half of a surrogate pair: PostgreSQL's text type cannot hold the first (the insert
// fails) and UTF-8 cannot carry the second (it would be stored as U+FFFD), so neither is ever accepted.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isStorable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed';

/** A string that must be present and not blank; `message` is shown both when missing and when empty. */
export function requiredText(message: string, maxLength = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(maxLength, `Must be at most ${maxLength} characters`)
    .refine(isStorable, UNSTORABLE_TEXT_MESSAGE);
}

/** A string that may be blank, trimmed, capped and storable; add `.default('')` where it may be left out. */
export function optionalText(maxLength: number, messages: { type?: string; tooLong?: string } = {}) {
  return z
    .string({ error: messages.type ?? 'Must be text' })
    .trim()
    .max(maxLength, messages.tooLong ?? `Must be at most ${maxLength} characters`)
    .refine(isStorable, UNSTORABLE_TEXT_MESSAGE);
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
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(/^\d{11}$/, PHONE_MESSAGE);
}

/** Passwords are hashed with argon2; the cap keeps one request from costing the server minutes. */
export const PASSWORD_MAX = 128;
export function password(requiredMessage: string, minLength: number, minMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(minLength, minMessage)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
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
