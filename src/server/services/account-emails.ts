import {
  CONFIRMATION_LINK_HOURS,
  type EmailConfirmationPurpose,
  TRIAL_DAYS,
  WELCOME_COINS,
} from '../../lib/api/user.ts';
import { company } from '../../lib/company.ts';
import type { EmailChangeRequested } from './confirmation-requests.ts';
import type { Mailer, MailMessage } from './mailer.ts';

// The emails that confirming an address sends, apart from the rules that decide when to send them.

/** The link a confirmation email carries; /verify-email posts its token back. */
export function confirmationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** The email that carries a confirmation link, worded for its purpose. */
export function confirmationEmail(
  purpose: EmailConfirmationPurpose,
  to: string,
  token: string,
  siteUrl: string,
): MailMessage {
  const intro =
    purpose === 'sign-up'
      ? [
          `Welcome to ${company.name}! Please confirm that this email address is yours.`,
          `Once you open the link below, your ${TRIAL_DAYS}-day free trial of full exams starts and ${WELCOME_COINS} coins are added to your account.`,
        ]
      : [
          `Someone asked to make this address the email of a ${company.name} account.`,
          'The account keeps its old email until the link below is opened.',
        ];
  return {
    to,
    subject: purpose === 'sign-up' ? 'Confirm your email address' : 'Confirm your new email address',
    text: [
      ...intro,
      '',
      'Open this link to confirm:',
      confirmationLink(siteUrl, token),
      '',
      `The link works once and expires in ${CONFIRMATION_LINK_HOURS} hours. If it has expired, sign in and press "Resend link".`,
      '',
      'If you did not ask for this, ignore this email: nothing changes without the link.',
    ].join('\n'),
  };
}

/** The notice sent to an account's previous address once a change of email has been confirmed. */
export function emailChangedNotice(previous: string, current: string, siteUrl: string): MailMessage {
  return {
    to: previous,
    subject: 'Your email address was changed',
    text: [
      `The email address of your ${company.name} account is now ${current}.`,
      'The change was asked for with the account password and confirmed from the new inbox.',
      '',
      `If you did not make this change, write to us at ${company.email} or through ${siteUrl}/contact-us at once,`,
      'and tell us the phone number of your account.',
    ].join('\n'),
  };
}

/** Mails without holding up the response; a failure is logged, never shown (the student can resend). */
export function sendWithoutWaiting(mailer: Mailer, message: MailMessage, onError: (error: unknown) => void) {
  mailer.send(message).catch(onError);
}

/**
 * The email a change of address sends to the new address: its confirmation link, or, when another account
 * uses the address, a notice to that account's owner that carries no link.
 */
export function emailChangeMail(to: string, change: EmailChangeRequested, siteUrl: string): MailMessage {
  if (!change.addressTaken) return confirmationEmail('change', to, change.token, siteUrl);
  return {
    to,
    subject: 'Someone tried to use your email address',
    text: [
      `Someone signed in to a ${company.name} account asked to make this address its email.`,
      `Your ${company.name} account already uses this address, so nothing has changed: it stays yours.`,
      '',
      'If it was you, sign in to the account you meant to change with its own phone number instead.',
      `If it was not, you need do nothing. Write to us at ${company.email} or through ${siteUrl}/contact-us`,
      'if it happens again.',
    ].join('\n'),
  };
}
