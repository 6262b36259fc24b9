/**
 * The account contract of /api/v1/user: the shapes the server builds (`satisfies` these types) and the
 * constants both the server and the screens state to students. Declared here once; nothing repeats them.
 */

/** The coins credited once, when a student first confirms an email address. */
export const WELCOME_COINS = 80;
/** The length of the free trial of full exams that starts with the same confirmation. */
export const TRIAL_DAYS = 1;
/**
 * How long a confirmation link works. Long enough for a student who reads email only on a school computer
 * or after buying data at the weekend; short enough that an old email left in an inbox soon stops mattering.
 */
export const CONFIRMATION_LINK_HOURS = 48;

/** A user as the API returns it: never the password hash. */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Whether the student has opened a confirmation link sent to an address of theirs. */
  emailVerified: boolean;
  /** The new address of an email change waiting for its link to be opened, or null. */
  pendingEmail: string | null;
  telephone: string;
  triviaPoints: number;
  image: { url: string } | null;
  isAdmin: boolean;
  createdAt: string;
}

/** The profile kept beside the user. */
export interface Profile {
  totalScore: number;
  /** The student's latest plan or free trial: what it is and when it ends (an ISO time). */
  subscription: {
    status: 'none' | 'trial' | 'active' | 'expired';
    planId: string | null;
    /** The plan's title as /pricing shows it; null for the free trial, or a plan that has since been removed. */
    planTitle: string | null;
    endsAt: string | null;
    /**
     * Only when the plan above is queued behind another (bought before that one ended): the plan or trial
     * running now, and its end. The fields above then say when access ends.
     */
    current?: {
      planId: string | null;
      planTitle: string | null;
      endsAt: string;
      /** How many plans are queued after it, the one above being the last: 1 or more. */
      plansAfter: number;
    };
  };
}

/** What sign-up, sign-in and GET /user return. */
export interface SessionPayload {
  user: User;
  isAdmin: boolean;
  profile: Profile;
  token: string;
}

/** Why a confirmation link was sent: the address signed up with, or the new one of an email change. */
export type EmailConfirmationPurpose = 'sign-up' | 'change';

/** What POST /user/verify-email returns. */
export interface EmailConfirmed {
  purpose: EmailConfirmationPurpose;
  /** The address that is now confirmed (for a change, the account's new email). */
  email: string;
  /** True when this confirmation started the free trial and credited the welcome coins. */
  welcomeGranted: boolean;
  /**
   * True when this first confirmation granted neither, because a deleted account with the same phone number
   * or email had them (WELCOME_ALREADY_USED_MESSAGE says so).
   */
  welcomeWithheld: boolean;
  /**
   * True when the link had been opened before (a double tap, or a mail scanner first) and its address is
   * still the account's confirmed email: nothing changed now, and the address is confirmed.
   */
  alreadyConfirmed: boolean;
  /**
   * The confirmed account as it is now, when the request carried that account's session, so that the
   * browser can refresh what it shows; null otherwise (the link may be opened on another device).
   */
  account: { user: User; profile: Profile } | null;
}

/** What POST /user/verify-email/resend returns: where the fresh link went. */
export interface ConfirmationSent {
  purpose: EmailConfirmationPurpose;
  email: string;
}

/** How long a password-reset token works, from the request that mailed it. */
export const RESET_TOKEN_MINUTES = 15;

/** The page where a reset token is used. */
export const SET_PASSWORD_PATH = '/set-password';

/**
 * The one-tap link of a reset email. The token rides in the URL fragment, which a browser sends to no
 * server and never puts in a Referer, so it stays out of every log; /set-password takes it and removes it.
 */
export function resetPasswordLink(siteUrl: string, token: string): string {
  return `${siteUrl}${SET_PASSWORD_PATH}#${new URLSearchParams({ token })}`;
}

/** The token in a reset link's fragment (`#token=...`, with or without the `#`), or undefined. */
export function resetTokenFromFragment(fragment: string): string | undefined {
  const token = new URLSearchParams(fragment.replace(/^#/, '')).get('token')?.trim();
  return token || undefined;
}

/** What DELETE /user returns once the account is gone. */
export interface AccountDeleted {
  /** When the account was deleted (an ISO time). */
  deletedAt: string;
  /** How many payment records were kept for the accounts, with no name, email or phone number on them. */
  paymentsKept: number;
}

/** What the student reads once the account is deleted: what went, and what was kept and why. */
export function accountDeletedMessage(paymentsKept: number): string {
  return paymentsKept > 0
    ? 'Your account is deleted. We keep a record of your payments (amount, date, reference and plan), without your name or contact details, because the law requires it.'
    : 'Your account is deleted, with all your details, scores and coins.';
}

/**
 * What a student reads on confirming an account whose phone number or email had the welcome on an account
 * since deleted: the new account works, without a second trial or coins.
 */
export const WELCOME_ALREADY_USED_MESSAGE = `The free trial and ${WELCOME_COINS} welcome coins come once per phone number and email address, and an earlier account with yours has had them. The daily test stays free; choose a plan on Pricing to take full exams.`;
