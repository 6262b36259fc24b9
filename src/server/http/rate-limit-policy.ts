// rate-limiter-flexible counts windows in seconds.
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every limit: how many counted requests (`points`) one key may make in a fixed window of `seconds`.
 * docs/decisions/009-rate-limits-shared-in-redis-aimed-at-attackers-never-at-a.md records why each number is what it is.
 */
export const RATE_LIMIT_POLICY = {
  /** Failed sign-ins for one phone number from one address: stops one guesser, never the owner elsewhere. */
  loginPhoneAddress: { points: 10, seconds: 15 * MINUTE },
  /** Failed sign-ins for one phone number from anywhere: stops guessing spread over many addresses. */
  loginPhone: { points: 100, seconds: HOUR },
  /** Failed sign-ins from one browser holding the account's device cookie, which the limits above skip. */
  loginDevice: { points: 10, seconds: 15 * MINUTE },
  /** Failed sign-ins from one address across all numbers (credential stuffing); a school NAT stays under. */
  loginAddress: { points: 200, seconds: 15 * MINUTE },
  /** Accounts created (or refused as taken) from one address: a class signing up together fits. */
  signUpAddress: { points: 60, seconds: HOUR },
  /** Reset emails asked for one email address: no inbox gets flooded. */
  resetRequestEmail: { points: 3, seconds: 15 * MINUTE },
  /** Reset emails asked from one address. */
  resetRequestAddress: { points: 30, seconds: 15 * MINUTE },
  /** Reset submissions with a wrong or expired token from one address (each hashes a password first). */
  resetSubmitAddress: { points: 20, seconds: 15 * MINUTE },
  /** Confirmation links opened from one address with a wrong, used or expired token. */
  verifyEmailAddress: { points: 30, seconds: 15 * MINUTE },
  /** Fresh confirmation links mailed for one account: one tap resends, a tapping thumb floods nothing. */
  confirmationResendAccount: { points: 3, seconds: HOUR },
  /** Email changes asked for one account, whatever the answer (a taken address gets the same one). */
  emailChangeAccount: { points: 5, seconds: HOUR },
  /** Wrong passwords given to delete one account. */
  accountDeletionAccount: { points: 5, seconds: HOUR },
  /** Contact-form messages stored from one address. */
  contactAddress: { points: 30, seconds: HOUR },
  /** Subscription look-ups (GRW) from one address; the web app asks each time a signed-in student opens it. */
  msisdnAddress: { points: 600, seconds: 15 * MINUTE },
  /** Card payments one account asks the server to verify: each may be a call to Paystack. */
  paymentVerifyAccount: { points: 10, seconds: MINUTE },
  /** Papers one account downloads for offline use, key and all: a week's worth at once fits, a copier does not. */
  paperDownloadAccount: { points: 30, seconds: HOUR },
  /** Attempts one account uploads from the phone: a week offline syncs at once, a forging script stops. */
  offlineUploadAccount: { points: 200, seconds: DAY },
  /** Attempts at one paper one account uploads: a paper drilled daily for a week fits. */
  offlineUploadPaper: { points: 60, seconds: DAY },
  /**
   * Reads whose work grows with one account's history (GET /mastery, /prediction, /prediction/today and
   * /exam/history): /profile and home opened again and again fit, a loop that keeps the database busy for
   * everyone else does not.
   */
  historyReadAccount: { points: 120, seconds: MINUTE },
  /**
   * One account's reads of one of those endpoints under way at once: each gives its place back when it has
   * answered, so ten sent together run two at a time and the rest are refused at once. The window only frees
   * a place that an instance stopped before giving it back.
   */
  historyReadsAtOnce: { points: 2, seconds: 10 },
  /** Problems one account reports in questions: a student flagging a bad paper fits, a script spamming does not. */
  questionReportAccount: { points: 10, seconds: HOUR },
} as const satisfies Record<string, { points: number; seconds: number }>;

/** The name of one limit in the policy. */
export type LimitName = keyof typeof RATE_LIMIT_POLICY;
