import {
  confirmationMatches,
  emailAddress,
  PASSWORD_MAX,
  PASSWORDS_DO_NOT_MATCH,
  password,
  passwordText,
  phoneNumber,
  requiredText,
} from './fields.ts';
import { z } from './zod.ts';

/**
 * Sign-up (spec §5). The phone rule matches sign-in's, so every account can sign in (docs/decisions/001-the-sign-in-phone-rule-is-exactly-11-digits-and-so-is-sign.md).
 * A mismatched confirmation is reported with the other field errors, in the form and in the API's 400.
 */
export const signUpSchema = z
  .object({
    firstName: requiredText('First Name is required', 60),
    lastName: requiredText('Last Name is required', 60),
    email: emailAddress('Email is required', 'Email is invalid'),
    telephone: phoneNumber(),
    password: password('Password is required', 6, 'Password must be at least 6 characters'),
    confirmPassword: passwordText(PASSWORDS_DO_NOT_MATCH),
    agreeTerms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  })
  .check(confirmationMatches('password', 'confirmPassword'));
export type SignUpInput = z.input<typeof signUpSchema>;

/** Sign-in (spec §5): exactly 11 digits, and the message says 11 (docs/decisions/001-the-sign-in-phone-rule-is-exactly-11-digits-and-so-is-sign.md). */
export const signInSchema = z.object({
  telephone: phoneNumber(),
  password: password('Password is required', 6, 'Password must be at least 6 characters long'),
});
export type SignInInput = z.input<typeof signInSchema>;

/** The fields a student may edit on the profile; the telephone is shown but never editable. */
export const EDITABLE_PROFILE_FIELDS = ['firstName', 'lastName', 'email'] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email';

/**
 * PUT /api/v1/user: exactly one edited field. A new email also needs the current password, so that a
 * stolen session cannot move the account to another inbox (and from there reset the password).
 */
export const profileUpdateSchema = z
  .object({
    firstName: requiredText('First Name is required', 60).optional(),
    lastName: requiredText('Last Name is required', 60).optional(),
    email: emailAddress('Email is required', 'Email is invalid').optional(),
    currentPassword: passwordText(CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
      .optional(),
    telephone: z.unknown().optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.telephone !== undefined) {
      context.addIssue({ code: 'custom', path: ['telephone'], message: 'Phone number cannot be changed' });
    }
    const edited = EDITABLE_PROFILE_FIELDS.filter((field) => body[field] !== undefined);
    if (edited.length !== 1 && body.telephone === undefined) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: edited.length === 0 ? 'No changes to update' : 'Update one field at a time',
      });
    }
    if (body.email !== undefined && !body.currentPassword) {
      context.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
    }
    if (body.email === undefined && body.currentPassword !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: 'The current password is asked only to change your email',
      });
    }
  });

/** The profile's change-of-email form: the new address and the current password. */
export const emailChangeFormSchema = z.object({
  email: emailAddress('Email is required', 'Email is invalid'),
  currentPassword: passwordText(CURRENT_PASSWORD_REQUIRED)
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export const DELETE_PASSWORD_REQUIRED = 'Enter your password to delete your account';

/** DELETE /api/v1/user: the account's password, so that a session left open cannot delete the account. */
export const deleteAccountSchema = z
  .object({
    password: passwordText(DELETE_PASSWORD_REQUIRED)
      .min(1, DELETE_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  })
  .strict();

/** POST /api/v1/user/verify-email: the token from the link in a confirmation email. */
export const verifyEmailSchema = z.object({
  token: requiredText('The confirmation token is missing. Open the link from your email again.', 200),
});

/** Step 1 of /set-password: the email that receives the token. */
export const resetRequestSchema = z.object({
  email: emailAddress('Email is required', 'Please enter a valid email address'),
});

/** Step 2 of /set-password, as the form holds it. */
export const setPasswordFormSchema = z
  .object({
    token: requiredText('Token is required', 200),
    newPassword: password('New password is required', 8, 'Password must be at least 8 characters long'),
    confirmPassword: passwordText('Please confirm your password').min(1, 'Please confirm your password'),
  })
  .check(confirmationMatches('newPassword', 'confirmPassword'));

/** POST /api/v1/user/reset-password: the token (sent as otp) and the new password. */
export const resetPasswordSchema = z.object({
  otp: requiredText('Token is required', 200),
  password: password('New password is required', 8, 'Password must be at least 8 characters long'),
});
