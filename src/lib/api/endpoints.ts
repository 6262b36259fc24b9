/**
 * Every endpoint of the API, bound once (endpoint.ts), by resource; the shapes live in each resource's
 * contract module beside this one. Learning's endpoints are bound in learning-endpoints.ts and re-exported here.
 * tests/api/endpoints.test.ts checks that each is a route of the API.
 */

import type {
  deleteAccountSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  resetRequestSchema,
  SignInInput,
  SignUpInput,
  verifyEmailSchema,
} from '../validation/account.ts';
import type { ContactInput } from '../validation/contact.ts';
import type { claimPrizeSchema, submitLevelSchema } from '../validation/contest.ts';
import type {
  dailyQuerySchema,
  examQuerySchema,
  examResultQuerySchema,
  lifelineSchema,
  saveAnswerSchema,
  submitDailySchema,
  submitExamSchema,
  submitUtmeSchema,
  utmeQuerySchema,
  utmeResultQuerySchema,
} from '../validation/exam-requests.ts';
import type { offlinePaperQuerySchema } from '../validation/offline.ts';
import type { QuestionReportInput } from '../validation/reports.ts';
import type { z } from '../validation/zod.ts';
import type { AttemptHistoryEntry, AttemptHistoryKind } from './attempt-history.ts';
import type {
  ExamType,
  ExamTypeListQuery,
  Subject,
  SubjectListQuery,
  Year,
  YearListQuery,
} from './catalogue.ts';
import type { CoinHistoryEntry } from './coin-history.ts';
import type {
  ContestBoard,
  ContestEntry,
  ContestEntryOutcome,
  ContestLevelOutcome,
  ContestReview,
  ContestSummary,
} from './contest.ts';
import { endpoint, type } from './endpoint.ts';
import type {
  DailyTaken,
  ExamPayload,
  LeaderboardEntry,
  LifelineOutcome,
  OwnRank,
  QuizResult,
} from './exam.ts';
import type { OfflineAttemptUpload, OfflinePaper, OfflinePaperSize } from './offline.ts';
import type { Paged, PageQuery } from './paged.ts';
import type {
  CoinPackOffer,
  CoinPurchaseRequest,
  CoinsGranted,
  SubscriptionGranted,
  SubscriptionRequest,
  TestCheckoutRequest,
  TestPaymentApproved,
} from './payments.ts';
import type { Plan } from './plans.ts';
import type { QuestionReport } from './reports.ts';
import { AIRTIME_STATUS_PATH, CURRENT_USER_PATH, LEADERBOARD_PATH } from './start-calls.ts';
import type { AccountDeleted, ConfirmationSent, EmailConfirmed, SessionPayload, User } from './user.ts';
import type { UtmeCatalogue, UtmeRanking, UtmeResult, UtmeSitting } from './utme.ts';

/** My tests: the caller's scored attempts, newest first. */
export const attemptHistoryApi = {
  list: endpoint('GET', '/api/v1/exam/history', {
    data: type<Paged<AttemptHistoryEntry>>(),
    query: type<PageQuery & { kind?: AttemptHistoryKind }>(),
  }),
} as const;

/** The public catalogue: exam types, subjects and years, each a paged list. */
export const catalogueApi = {
  examTypes: endpoint('GET', '/api/v1/examType', {
    data: type<Paged<ExamType>>(),
    query: type<ExamTypeListQuery>(),
  }),
  subjects: endpoint('GET', '/api/v1/subject', {
    data: type<Paged<Subject>>(),
    query: type<SubjectListQuery>(),
  }),
  years: endpoint('GET', '/api/v1/year', { data: type<Paged<Year>>(), query: type<YearListQuery>() }),
} as const;

/** The contests' endpoints (docs/contests.md). */
export const contestApi = {
  /** Upcoming, live and finished contests; `entered: 'true'` only the caller's. */
  list: endpoint('GET', '/api/v1/contest', {
    data: type<Paged<ContestSummary>>(),
    query: type<PageQuery & { entered?: 'true' | 'false' }>(),
  }),
  one: endpoint('GET', '/api/v1/contest/:id', { data: type<ContestSummary>() }),
  board: endpoint('GET', '/api/v1/contest/:id/board', { data: type<ContestBoard>() }),
  enter: endpoint('POST', '/api/v1/contest/:id/entry', { data: type<ContestEntryOutcome>() }),
  /** The level open to the caller now. */
  level: endpoint('GET', '/api/v1/contest/:id/level', { data: type<ExamPayload>() }),
  handIn: endpoint('POST', '/api/v1/contest/:id/level', {
    data: type<ContestLevelOutcome>(),
    body: type<z.input<typeof submitLevelSchema>>(),
  }),
  review: endpoint('GET', '/api/v1/contest/:id/review', { data: type<ContestReview>() }),
  claim: endpoint('POST', '/api/v1/contest/:id/claim', {
    data: type<ContestEntry>(),
    body: type<z.input<typeof claimPrizeSchema>>(),
  }),
} as const;
/** The quiz's endpoints: full exams, daily tests, answers, results, lifelines and the Leader Board. */
export const examApi = {
  /** A full exam's paper, opening an attempt (or resuming the open one). */
  paper: endpoint('GET', '/api/v1/exam', {
    data: type<ExamPayload>(),
    query: type<z.input<typeof examQuerySchema>>(),
  }),
  daily: endpoint('GET', '/api/v1/exam/daily', {
    data: type<ExamPayload>(),
    query: type<z.input<typeof dailyQuerySchema>>(),
  }),
  dailyTaken: endpoint('GET', '/api/v1/exam/daily/taken', { data: type<DailyTaken>() }),
  /** Saves one answer (`option: null` clears it) while the attempt is open. */
  saveAnswer: endpoint('PATCH', '/api/v1/exam/answer', {
    data: type<null>(),
    body: type<z.input<typeof saveAnswerSchema>>(),
  }),
  submit: endpoint('POST', '/api/v1/exam/answer', {
    data: type<QuizResult>(),
    body: type<z.input<typeof submitExamSchema>>(),
  }),
  submitDaily: endpoint('POST', '/api/v1/exam/answer/daily', {
    data: type<QuizResult>(),
    body: type<z.input<typeof submitDailySchema>>(),
  }),
  result: endpoint('GET', '/api/v1/exam/result', {
    data: type<QuizResult>(),
    query: type<z.input<typeof examResultQuerySchema>>(),
  }),
  lifeline: endpoint('POST', '/api/v1/exam/lifeline', {
    data: type<LifelineOutcome>(),
    body: type<z.input<typeof lifelineSchema>>(),
  }),
  leaderboard: endpoint('GET', LEADERBOARD_PATH, {
    data: type<{ docs: LeaderboardEntry[]; me: OwnRank | null }>(),
  }),
} as const;

/** The coin history: every credit and debit of the caller's coins, newest first. */
export const coinHistoryApi = {
  list: endpoint('GET', '/api/v1/history', {
    data: type<Paged<CoinHistoryEntry>>(),
    query: type<PageQuery>(),
  }),
} as const;

/** The endpoints of papers taken offline (docs/offline.md). */
export const offlineApi = {
  size: endpoint('GET', '/api/v1/exam/download/size', {
    data: type<OfflinePaperSize>(),
    query: type<z.input<typeof offlinePaperQuerySchema>>(),
  }),
  download: endpoint('GET', '/api/v1/exam/download', {
    data: type<OfflinePaper>(),
    query: type<z.input<typeof offlinePaperQuerySchema>>(),
  }),
  /** An attempt taken offline, handed in once the phone is online again. */
  upload: endpoint('POST', '/api/v1/exam/offline', {
    data: type<QuizResult>(),
    body: type<OfflineAttemptUpload>(),
  }),
} as const;

/** The payments' endpoints (docs/payments.md). */
export const paymentApi = {
  subscribe: endpoint('POST', '/api/v1/subscription', {
    data: type<SubscriptionGranted>(),
    body: type<SubscriptionRequest>(),
  }),
  buyCoins: endpoint('POST', '/api/v1/coins', {
    data: type<CoinsGranted>(),
    body: type<CoinPurchaseRequest>(),
  }),
  coinPacks: endpoint('GET', '/api/v1/coins/packs', { data: type<Paged<CoinPackOffer>>() }),
  /** Approves a test payment without Paystack; only where test payments are on. */
  testCheckout: endpoint('POST', '/api/v1/test-checkout', {
    data: type<TestPaymentApproved>(),
    body: type<TestCheckoutRequest>(),
  }),
  /** Paystack's calls, signed with the secret key: the body is Paystack's event. */
  webhook: endpoint('POST', '/api/v1/paystack/webhook', { data: type<null>(), body: type<unknown>() }),
  /** The spec's airtime status check (form-encoded: action=GRW and the telephone in msisdn). */
  airtimeStatus: endpoint('POST', AIRTIME_STATUS_PATH, {
    data: type<{ active: boolean }>(),
    body: type<{ action: 'GRW'; msisdn: string }>(),
    form: true,
  }),
  /** The caller's country, for choosing between card and airtime. */
  country: endpoint('GET', '/api/v1/geo', { data: type<{ country_name: string }>() }),
} as const;

export const planApi = {
  list: endpoint('GET', '/api/v1/plan', { data: type<Paged<Plan>>() }),
} as const;

export const reportApi = {
  send: endpoint('POST', '/api/v1/question/report', {
    data: type<QuestionReport>(),
    body: type<QuestionReportInput>(),
  }),
} as const;

/** The account's endpoints: signing up and in, the profile, email confirmation, passwords, deletion. */
export const userApi = {
  signUp: endpoint('POST', '/api/v1/user', { data: type<SessionPayload>(), body: type<SignUpInput>() }),
  signIn: endpoint('POST', '/api/v1/user/login', { data: type<SessionPayload>(), body: type<SignInInput>() }),
  /** The signed-in student, with the session's token. */
  current: endpoint('GET', CURRENT_USER_PATH, { data: type<SessionPayload>() }),
  update: endpoint('PUT', '/api/v1/user', {
    data: type<User>(),
    body: type<z.input<typeof profileUpdateSchema>>(),
  }),
  delete: endpoint('DELETE', '/api/v1/user', {
    data: type<AccountDeleted>(),
    body: type<z.input<typeof deleteAccountSchema>>(),
  }),
  confirmEmail: endpoint('POST', '/api/v1/user/verify-email', {
    data: type<EmailConfirmed>(),
    body: type<z.input<typeof verifyEmailSchema>>(),
  }),
  resendConfirmation: endpoint('POST', '/api/v1/user/verify-email/resend', {
    data: type<ConfirmationSent>(),
  }),
  signOut: endpoint('POST', '/api/v1/user/logout', { data: type<null>() }),
  /** Mails a link to set a new password. */
  requestReset: endpoint('PUT', '/api/v1/user/reset-password', {
    data: type<null>(),
    body: type<z.input<typeof resetRequestSchema>>(),
  }),
  resetPassword: endpoint('POST', '/api/v1/user/reset-password', {
    data: type<null>(),
    body: type<z.input<typeof resetPasswordSchema>>(),
  }),
} as const;

/** The site's other endpoints: the contact form and the health check. */
export const siteApi = {
  contact: endpoint('POST', '/api/v1/feedback', {
    data: type<{ _id: string }>(),
    body: type<ContactInput>(),
  }),
  health: endpoint('GET', '/api/v1/health', { data: type<{ status: 'ok' }>() }),
} as const;

/** The UTME mock's endpoints (docs/utme.md). */
export const utmeApi = {
  subjects: endpoint('GET', '/api/v1/exam/utme/subjects', { data: type<UtmeCatalogue>() }),
  /** The caller's sitting of these subjects: opened, or the open one resumed. */
  sitting: endpoint('GET', '/api/v1/exam/utme', {
    data: type<UtmeSitting>(),
    query: type<z.input<typeof utmeQuerySchema>>(),
  }),
  submit: endpoint('POST', '/api/v1/exam/answer/utme', {
    data: type<UtmeResult>(),
    body: type<z.input<typeof submitUtmeSchema>>(),
  }),
  result: endpoint('GET', '/api/v1/exam/utme/result', {
    data: type<UtmeResult>(),
    query: type<z.input<typeof utmeResultQuerySchema>>(),
  }),
  ranking: endpoint('GET', '/api/v1/exam/utme/ranking', { data: type<UtmeRanking>() }),
} as const;

export { masteryApi, predictionApi, reviewApi } from './learning-endpoints.ts';
