import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIFELINE_KINDS, type RankingCredit, SHOWN_VIA } from '../../lib/api/exam.ts';
import { QUESTION_REPORT_REASONS } from '../../lib/api/reports.ts';

/** A moment, stored with its time zone and read as a Date. */
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => moment('created_at').notNull().defaultNow();
/** A row's own id, a random UUID. */
const rowId = () => uuid('id').primaryKey().defaultRandom();
/** The SHA-256 of a secret (a bearer token, a link's token, a device cookie), hex; never the secret itself. */
const secretHash = () => text('token_hash').notNull().unique();
/** The account a row belongs to, which is deleted with it. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: rowId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased so that uniqueness ignores case. */
    email: text('email').notNull().unique(),
    telephone: text('telephone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** The coin balance; changed only together with a coin_ledger row. */
    triviaPoints: integer('trivia_points').notNull().default(0),
    imageUrl: text('image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The sum of the points of every scored attempt, kept up to date when an attempt is scored. */
    totalScore: integer('total_score').notNull().default(0),
    /** When totalScore last changed: the leaderboard's tie-break. */
    totalScoreAt: moment('total_score_at').notNull().defaultNow(),
    /** How many attempts have counted towards totalScore: the leaderboard lists only students with at least one. */
    scoredAttempts: integer('scored_attempts').notNull().default(0),
    /** When the student opened the link sent to their email; null until then (no trial, coins or board). */
    emailVerifiedAt: moment('email_verified_at'),
    /**
     * When the student deleted the account. The row stays, emptied of personal data, only so that the
     * payments kept for the accounts still point somewhere (services/account-deletion.ts).
     */
    deletedAt: moment('deleted_at'),
    /**
     * When the student confirmed being 18 or over (the terms' age): only then may they claim a contest's
     * sponsored or cash prize. Null until they do.
     */
    adultConfirmedAt: moment('adult_confirmed_at'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('users_trivia_points_not_negative', sql`${table.triviaPoints} >= 0`),
    index('users_leaderboard_idx')
      .on(table.totalScore.desc(), table.totalScoreAt, table.id)
      .where(
        sql`${table.scoredAttempts} > 0 and not ${table.isAdmin} and ${table.emailVerifiedAt} is not null`,
      ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: rowId(),
    userId: ownerId(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: secretHash(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: rowId(),
    userId: ownerId(),
    tokenHash: secretHash(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * Browsers that signed in to an account before, each holding a device cookie: a sign-in that presents one
 * is not stopped by the account's limit that strangers' wrong guesses fill (docs/decisions/089-a-browser-that-signed-in-before-is-trusted-past-the-per.md).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: rowId(),
    userId: ownerId(),
    /** SHA-256 of the cookie's value, hex; the value itself is never stored. */
    tokenHash: secretHash(),
    createdAt: createdAt(),
    /** The last sign-in that presented the cookie; the oldest devices of an account are forgotten first. */
    lastUsedAt: moment('last_used_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
  },
  (table) => [index('trusted_devices_user_idx').on(table.userId, table.lastUsedAt)],
);

export const coinEntryType = pgEnum('coin_entry_type', ['credit', 'debit']);

export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: rowId(),
    /** Insertion order, to list entries made in the same instant newest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: ownerId(),
    createdAt: createdAt(),
    description: text('description').notNull(),
    type: coinEntryType('type').notNull(),
    coins: integer('coins').notNull(),
    coinsAfter: integer('coins_after').notNull(),
  },
  (table) => [
    index('coin_ledger_user_seq_idx').on(table.userId, table.seq.desc()),
    check('coin_ledger_coins_positive', sql`${table.coins} > 0`),
    check('coin_ledger_coins_after_not_negative', sql`${table.coinsAfter} >= 0`),
  ],
);

export const subscriptionSource = pgEnum('subscription_source', ['trial', 'paystack', 'airtime', 'admin']);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: rowId(),
    userId: ownerId(),
    source: subscriptionSource('source').notNull(),
    /** The plan bought; null for the free trial. */
    planId: text('plan_id'),
    /** The payment reference that granted it; unique, so a reference is never granted twice. */
    reference: text('reference').unique(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('subscriptions_user_ends_idx').on(table.userId, table.endsAt.desc())],
);

/** Messages from the contact form; each is also mailed to INFO_MAILBOX. */
export const feedbackMessages = pgTable('feedback_messages', {
  id: rowId(),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  telephone: text('telephone').notNull(),
  message: text('message').notNull(),
  acceptTerms: boolean('accept_terms').notNull(),
  createdAt: createdAt(),
});

// The question bank. A paper is an exam type, a subject and a year; it holds its questions in their
// stored order. Which exam types offer a subject, and which exam types and subjects have a year, is read
// from the papers, so the catalogue can never list a choice that has nothing behind it.

/** The columns of a catalogue entry a student picks by its picture: exam types and subjects. */
function catalogueEntry() {
  return {
    id: rowId(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  };
}

/** Exam types (WAEC, JAMB, ...). `slug` is the lower-cased title, used to match imports and name exports. */
export const examTypes = pgTable('exam_types', catalogueEntry());

/** Subjects (Mathematics, English, ...), shared by every exam type that has a paper in them. */
export const subjects = pgTable('subjects', catalogueEntry());

/** Exam years; `title` is the year as the catalogue shows it ("2021"). */
export const years = pgTable('years', {
  id: rowId(),
  year: integer('year').notNull().unique(),
  title: text('title').notNull(),
  createdAt: createdAt(),
});

export const papers = pgTable(
  'papers',
  {
    id: rowId(),
    examTypeId: uuid('exam_type_id')
      .notNull()
      .references(() => examTypes.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    yearId: uuid('year_id')
      .notNull()
      .references(() => years.id),
    /** Minutes to answer the paper; null means one minute a question. */
    duration: integer('duration'),
    /**
     * The contest whose reserved questions this paper holds; null for a paper of the bank. A contest's paper
     * is never served as a paper, and its questions appear nowhere but in the contest (bankPaper).
     */
    contestId: uuid('contest_id').references((): AnyPgColumn => contests.id),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('papers_exam_subject_year_idx')
      .on(table.examTypeId, table.subjectId, table.yearId)
      .where(sql`${table.contestId} is null`),
    uniqueIndex('papers_contest_idx').on(table.contestId),
    index('papers_subject_idx').on(table.subjectId),
    index('papers_year_idx').on(table.yearId),
    check('papers_duration_positive', sql`${table.duration} > 0`),
  ],
);

export const questionType = pgEnum('question_type', ['text', 'image', 'diagram']);
export const optionType = pgEnum('option_type', ['text', 'image', 'media', 'file']);

export const questions = pgTable(
  'questions',
  {
    id: rowId(),
    /** The stable key: the id given in the import file, or a hash of the paper and the question text. */
    key: text('key').notNull().unique(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id),
    /** The order in the paper, from 0. */
    position: integer('position').notNull(),
    /** Sanitised HTML with its LaTeX rendered by KaTeX: what students see. */
    questionHtml: text('question_html').notNull(),
    /** The sanitised text as written, LaTeX included: what an export writes back. */
    questionSource: text('question_source').notNull(),
    /**
     * The passage the question is asked about (a comprehension or cloze text, an extract), as sanitised HTML;
     * '' for none. Questions that share a passage each carry it: gzip sends the repeats almost free.
     */
    passageHtml: text('passage_html').notNull().default(''),
    passageSource: text('passage_source').notNull().default(''),
    questionType: questionType('question_type').notNull().default('text'),
    fileUrl: text('file_url'),
    topic: text('topic'),
    explanationHtml: text('explanation_html').notNull().default(''),
    explanationSource: text('explanation_source').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('questions_paper_position_idx').on(table.paperId, table.position),
    // A subject's topics (mastery) and one topic's questions (topic practice), read paper by paper: without
    // it both read every question of the bank (docs/performance.md, "Question bank queries").
    index('questions_paper_topic_idx').on(table.paperId, table.topic),
  ],
);

export const options = pgTable(
  'options',
  {
    id: rowId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 0 for A, 1 for B, ... */
    position: integer('position').notNull(),
    optionHtml: text('option_html').notNull(),
    optionSource: text('option_source').notNull(),
    optionType: optionType('option_type').notNull().default('text'),
    fileUrl: text('file_url'),
    /** The right option; never sent to the browser before the attempt is scored. */
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (table) => [
    uniqueIndex('options_question_position_idx').on(table.questionId, table.position),
    // At most one right option per question; the import checks that there is exactly one.
    uniqueIndex('options_one_correct_idx').on(table.questionId).where(sql`${table.isCorrect}`),
    check('options_position_range', sql`${table.position} between 0 and 4`),
  ],
);

// Attempts: one student's sitting of a paper or of a daily test. The questions are fixed when the attempt
// starts; answers are saved one by one as they are picked, so a dropped connection loses nothing.

export const emailConfirmationPurpose = pgEnum('email_confirmation_purpose', ['sign-up', 'change']);

/** A link mailed to confirm an address: the one signed up with, or the one a student changes to. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: rowId(),
    userId: ownerId(),
    purpose: emailConfirmationPurpose('purpose').notNull(),
    /** The address the link was sent to, lower-cased; for a change, the new one. */
    email: text('email').notNull(),
    /** SHA-256 of the token in the link, hex; the token itself is never stored. */
    tokenHash: secretHash(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (table) => [index('email_confirmations_user_idx').on(table.userId)],
);

/**
 * A full exam at one paper, a daily test, a JAMB UTME mock sitting (four subjects on one clock), or a
 * practice of one topic (questions of one subject's topic drawn from the bank, scored as practice).
 */
export const attemptKind = pgEnum('attempt_kind', ['exam', 'daily', 'utme', 'topic', 'contest']);

export const attempts = pgTable(
  'attempts',
  {
    id: rowId(),
    userId: ownerId(),
    kind: attemptKind('kind').notNull(),
    /** The paper of a full exam; null for a daily test and a UTME sitting. */
    paperId: uuid('paper_id').references(() => papers.id),
    /** The subject of an exam or daily test; a UTME sitting's is Use of English (its sections name all four). */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    /** The topic a topic practice draws from (questions.topic); null for every other kind. */
    topic: text('topic'),
    /** The West Africa Time day of a daily test (YYYY-MM-DD); null for a full exam. */
    day: text('day'),
    /** The questions in the order they are shown. */
    questionIds: uuid('question_ids').array().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startedAt: moment('started_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    /** Set once, when the attempt is scored; the result columns are written in the same statement. */
    submittedAt: moment('submitted_at'),
    score: integer('score'),
    correctAnswer: integer('correct_answer'),
    wrongAnswer: integer('wrong_answer'),
    unanswered: integer('unanswered'),
    scoreAccuracy: integer('score_accuracy'),
    timeSpentSeconds: integer('time_spent_seconds'),
    /**
     * Whether the score was added to the student's leaderboard total: a student's first scored attempt at
     * a paper, and every daily test. Later attempts at a paper are practice, and so is every attempt at a
     * paper the student has downloaded (paper_downloads), uploaded ones included.
     */
    counted: boolean('counted').notNull().default(false),
    /**
     * What the attempt earned on a ranking (services/exams/ranking-credit.ts): how many of its questions
     * earned credit, the points they added to the board (a UTME sitting: its ranking total), and why the
     * others did not. Null for an attempt that earned nothing: practice, or not scored yet.
     */
    credit: jsonb('credit').$type<RankingCredit>(),
    /**
     * Set when the attempt starts as practice because the product could not choose questions whose keys
     * the student has not seen (a UTME sitting the bank could not fill with unseen questions): it is never
     * ranked.
     */
    practice: boolean('practice').notNull().default(false),
    /**
     * The id the phone gave an attempt taken offline (POST /exam/offline); null for one taken online. The
     * unique index makes a second upload of the same attempt store nothing.
     */
    clientId: uuid('client_id'),
    /**
     * When the attempt's wrong and blank questions were added to the student's review deck (review_cards);
     * null until then. A daily test's are added only once its day has ended and its answers are open.
     */
    deckAddedAt: moment('deck_added_at'),
    /** The contest a level attempt belongs to, and its level (from 1); null for every other kind. */
    contestId: uuid('contest_id').references(() => contests.id, { onDelete: 'cascade' }),
    contestLevel: smallint('contest_level'),
  },
  (table) => [
    uniqueIndex('attempts_user_client_idx').on(table.userId, table.clientId),
    // One attempt per entrant and contest level; the finishing job reads a contest's level attempts.
    uniqueIndex('attempts_contest_level_idx')
      .on(table.contestId, table.userId, table.contestLevel)
      .where(sql`${table.contestId} is not null`),
    // The contest levels whose time ran out unhanded-in, which the finishing job scores.
    index('attempts_contest_open_idx')
      .on(table.endsAt)
      .where(sql`${table.contestId} is not null and ${table.submittedAt} is null`),
    // At most one attempt per student and paper counts towards the leaderboard.
    uniqueIndex('attempts_one_counted_exam_idx')
      .on(table.userId, table.paperId)
      .where(sql`${table.kind} = 'exam' and ${table.counted}`),
    // One unfinished attempt per student and paper: fetching the paper again resumes it.
    uniqueIndex('attempts_one_open_exam_idx')
      .on(table.userId, table.paperId)
      .where(sql`${table.kind} = 'exam' and ${table.submittedAt} is null`),
    // One daily test per student, subject and day.
    uniqueIndex('attempts_one_daily_idx')
      .on(table.userId, table.subjectId, table.day)
      .where(sql`${table.kind} = 'daily'`),
    // One unfinished UTME sitting per student: asking for a sitting again resumes it.
    uniqueIndex('attempts_one_open_utme_idx')
      .on(table.userId)
      .where(sql`${table.kind} = 'utme' and ${table.submittedAt} is null`),
    // The mock ranking reads the scored sittings by total.
    index('attempts_utme_score_idx')
      .on(table.score)
      .where(sql`${table.kind} = 'utme' and ${table.submittedAt} is not null`),
    index('attempts_user_idx').on(table.userId),
    // The test history (GET /exam/history) pages a student's scored attempts newest first in this order;
    // NULLS FIRST is what ORDER BY ... DESC means, so the index is read in order with no sort.
    index('attempts_user_submitted_idx')
      .on(table.userId, table.submittedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.submittedAt} is not null`),
    // The scored attempts whose mistakes are still to be added to the review deck.
    index('attempts_deck_pending_idx')
      .on(table.userId)
      .where(sql`${table.submittedAt} is not null and ${table.deckAddedAt} is null`),
  ],
);

/**
 * The papers a student has downloaded for offline practice (GET /exam/download), one row per student and
 * paper. A student who holds a paper's key no longer scores on the leaderboard for it (recordScoreQuery),
 * and only an attempt at a downloaded paper may be uploaded (POST /exam/offline).
 */
export const paperDownloads = pgTable(
  'paper_downloads',
  {
    userId: ownerId(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id),
    /** The latest download; a new download updates it and the version. */
    downloadedAt: moment('downloaded_at').notNull(),
    /**
     * The first download, which a newer one never moves: an attempt started after it may be uploaded even
     * when the student downloaded the paper again before the upload.
     */
    firstDownloadedAt: moment('first_downloaded_at').notNull(),
    /** paperVersionSql when it was downloaded. */
    version: text('version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.paperId] })],
);

export const shownVia = pgEnum('shown_via', SHOWN_VIA);

/**
 * Every question whose key a student has been shown (or will be, at `shown_at`), and whether it has earned
 * them ranking credit: one row per student and question, keeping the earliest showing. Written in the same
 * transaction as whatever shows the key; read by the one rule in services/exams/ranking-credit.ts.
 */
export const shownKeys = pgTable(
  'shown_keys',
  {
    userId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    /** When the key was first shown; in the future for a daily test whose answers have not opened yet. */
    shownAt: moment('shown_at').notNull(),
    /** The door that first showed it. */
    via: shownVia('via').notNull(),
    /** When the question earned the student ranking credit; null if it never did (it can once at most). */
    creditedAt: moment('credited_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.questionId] })],
);

/**
 * The four subjects of a UTME sitting, in the order shown (Use of English first): each one's questions (a
 * slice of the attempt's question_ids) and, once scored, its score out of 100.
 */
export const utmeSections = pgTable(
  'utme_sections',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    questionIds: uuid('question_ids').array().notNull(),
    score: integer('score'),
    correctAnswer: integer('correct_answer'),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.position] }),
    check('utme_sections_position_range', sql`${table.position} between 0 and 3`),
  ],
);

export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    optionId: uuid('option_id')
      .notNull()
      .references(() => options.id),
    answeredAt: moment('answered_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

export const lifelineKind = pgEnum('lifeline_kind', LIFELINE_KINDS);

export const lifelineUses = pgTable(
  'lifeline_uses',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    kind: lifelineKind('kind').notNull(),
    /** The two wrong options a 50-50 removed. */
    hiddenOptionIds: uuid('hidden_option_ids').array().notNull().default(sql`'{}'::uuid[]`),
    usedAt: moment('used_at').notNull(),
  },
  // The key allows one lifeline per question (spec: one lifeline use per level).
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

// Plans and payments. A payment reference is granted at most once: the unique key on payments.reference is
// what makes a browser confirmation and a webhook for the same payment change things only once.

export const plans = pgTable('plans', {
  id: rowId(),
  /** 'weekly', 'monthly', 'yearly'. */
  planId: text('plan_id').notNull().unique(),
  title: text('title').notNull(),
  /** The price in naira. */
  amount: integer('amount').notNull(),
  /** The price as the card shows it, e.g. 'per week'. */
  perAmount: text('per_amount').notNull(),
  /** The unit of the plan's length: day, week, month or year. */
  frequency: text('frequency').notNull(),
  lengthOfFrequency: integer('length_of_frequency').notNull(),
  /** Bonus coins credited when the plan is bought. */
  noOfCoin: integer('no_of_coin').notNull().default(0),
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export const paymentPurpose = pgEnum('payment_purpose', ['subscription', 'coins']);

export const payments = pgTable(
  'payments',
  {
    id: rowId(),
    reference: text('reference').notNull().unique(),
    userId: ownerId(),
    purpose: paymentPurpose('purpose').notNull(),
    /** The plan bought, for a subscription. */
    planId: text('plan_id'),
    /** The coins bought, for a coin pack. */
    coins: integer('coins'),
    amountKobo: integer('amount_kobo').notNull(),
    channel: text('channel').notNull(),
    /** Which of the browser's confirmation and the webhook granted it first. */
    grantedBy: text('granted_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('payments_user_idx').on(table.userId)],
);

/** Payments made through the local test checkout, which stands in for Paystack when it has no keys. */
export const testCheckoutTransactions = pgTable('test_checkout_transactions', {
  reference: text('reference').primaryKey(),
  amountKobo: integer('amount_kobo').notNull(),
  email: text('email').notNull(),
  metadata: text('metadata').notNull(),
  createdAt: createdAt(),
});

// Learning from mistakes (docs/learning.md): each student's review deck, scheduled by FSRS, the answers given
// in it, and the problems students report in questions.

/**
 * One question in one student's review deck, with its FSRS memory state (the fields of a ts-fsrs Card).
 * A question enters the deck when the student gets it wrong or leaves it blank in a scored attempt.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    /** When the question is next due for review. */
    due: moment('due').notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: moment('last_review'),
    addedAt: moment('added_at').notNull(),
    /** Left blank, never answered wrong, in the attempts it came from: waits behind the wrong answers. */
    leftBlank: boolean('left_blank').notNull().default(false),
    /** When the question was first reviewed: the day's cap on new questions counts these. */
    introducedAt: moment('introduced_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    index('review_cards_user_due_idx').on(table.userId, table.due),
  ],
);

/** Every answer given in the review deck: the history FSRS scheduled from, and mastery reads. */
export const reviewAnswers = pgTable(
  'review_answers',
  {
    id: rowId(),
    userId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    /** The option picked; null for "I don't know". */
    optionId: uuid('option_id').references(() => options.id),
    correct: boolean('correct').notNull(),
    /** The ts-fsrs Rating given: 1 again, 3 good, 4 easy. */
    rating: smallint('rating').notNull(),
    answeredAt: moment('answered_at').notNull(),
  },
  (table) => [index('review_answers_user_answered_idx').on(table.userId, table.answeredAt)],
);

export const questionReportReason = pgEnum('question_report_reason', QUESTION_REPORT_REASONS);

/** A problem a student reported in a question, for the editors (bank:stats lists the open ones). */
export const questionReports = pgTable(
  'question_reports',
  {
    id: rowId(),
    userId: ownerId(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    reason: questionReportReason('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    /** When an editor dealt with it; null while it is open. */
    resolvedAt: moment('resolved_at'),
  },
  (table) => [
    // One open report per student and question.
    uniqueIndex('question_reports_one_open_idx')
      .on(table.userId, table.questionId)
      .where(sql`${table.resolvedAt} is null`),
    index('question_reports_question_idx').on(table.questionId),
  ],
);

/**
 * The phone numbers and emails of deleted accounts that had the free trial and welcome coins, each only as
 * a keyed hash (HMAC-SHA-256 with IDENTITY_HASH_KEY, services/returning-identities.ts): an account that
 * confirms one of them again gets no second welcome. Without the key the hashes name nobody, and an 11-digit
 * phone number cannot be found by trying them all.
 */
export const welcomedIdentities = pgTable('welcomed_identities', {
  /** Hex HMAC of `phone:<number>` or `email:<address>`. */
  hash: text('hash').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Each student's latest questions shown in scored attempts, at most the mastery window (20) per subject and
 * topic: what GET /mastery reads, so that its work is bounded by the topics met, not by the attempts taken
 * (docs/decisions/090-bounded-work-per-student-upload-limits-a-kept-mastery.md, "Mastery reads the latest answers only"). Kept by a trigger on attempts (migration
 * 0016): a submitted attempt adds its questions and trims each topic it touched back to the window. The
 * subject and topic are the question's when shown, for the trimming; mastery groups by the question's own.
 */
export const masteryAnswers = pgTable(
  'mastery_answers',
  {
    userId: ownerId(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** The question's place in the attempt, from 1. */
    position: integer('position').notNull(),
    questionId: uuid('question_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    topic: text('topic').notNull(),
    submittedAt: moment('submitted_at').notNull(),
    startedAt: moment('started_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.position] }),
    index('mastery_answers_user_topic_idx').on(
      table.userId,
      table.subjectId,
      table.topic,
      table.submittedAt.desc(),
      table.startedAt.desc(),
      table.position.desc(),
    ),
  ],
);

/**
 * A contest an editor scheduled (npm run contests): its levels run back to back from `startsAt`, each on its
 * own clock, and everything ends at `endsAt`. The questions sit in the contest's own paper (papers.contest_id).
 */
export const contests = pgTable(
  'contests',
  {
    id: rowId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    examTypeId: uuid('exam_type_id')
      .notNull()
      .references(() => examTypes.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    startsAt: moment('starts_at').notNull(),
    /** startsAt plus every level's minutes. */
    endsAt: moment('ends_at').notNull(),
    entryFee: integer('entry_fee').notNull(),
    maxEntrants: integer('max_entrants').notNull(),
    /** How many have entered; kept with the entries, so the cap holds across instances. */
    entrants: integer('entrants').notNull().default(0),
    /** Each level's minutes and questions, in order. */
    levels: jsonb('levels').$type<{ minutes: number; questionIds: string[] }[]>().notNull(),
    prizes: jsonb('prizes').$type<{ place: number; coins: number }[]>().notNull(),
    sponsoredPrize: text('sponsored_prize'),
    /** The file's own id for it, so that creating the same file twice makes one contest. */
    key: text('key').notNull().unique(),
    cancelledAt: moment('cancelled_at'),
    /** When the finishing job ranked the entrants and credited the prizes: once, in one transaction. */
    finishedAt: moment('finished_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('contests_starts_idx').on(table.startsAt),
    // The contests still to finish, which the finishing job looks for.
    index('contests_unfinished_idx')
      .on(table.endsAt)
      .where(sql`${table.finishedAt} is null and ${table.cancelledAt} is null`),
    check('contests_entry_fee_range', sql`${table.entryFee} >= 0`),
    check('contests_entrants_range', sql`${table.entrants} between 0 and ${table.maxEntrants}`),
    check('contests_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** A student's entry in a contest: one per account and contest, with their running total and final place. */
export const contestEntries = pgTable(
  'contest_entries',
  {
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    /** Entry order: the last tie-break. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    enteredAt: moment('entered_at').notNull(),
    /** The coins paid, which a cancellation refunds. */
    fee: integer('fee').notNull(),
    /** The client address it entered from, for the editors' fair-play report; erased with the account. */
    address: text('address').notNull(),
    /** The last level (from 1) handed in or timed out and scored; 0 before any. */
    levelsDone: smallint('levels_done').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Milliseconds from the start to the end of the last level handed in or timed out. */
    timeMs: integer('time_ms').notNull().default(0),
    /** The final place, set when the contest finishes. */
    place: integer('place'),
    prizeCoins: integer('prize_coins'),
    /** When the winner claimed the sponsored prize. */
    sponsoredClaimedAt: moment('sponsored_claimed_at'),
    refundedAt: moment('refunded_at'),
  },
  (table) => [
    primaryKey({ columns: [table.contestId, table.userId] }),
    // The board: points, then the shorter time, then the earlier entry.
    index('contest_entries_board_idx').on(table.contestId, table.points.desc(), table.timeMs, table.seq),
    index('contest_entries_user_idx').on(table.userId),
  ],
);

// The predicted UTME score (docs/prediction.md): each question's item-response parameters, the calibrations
// that wrote them, and each student's plan to exam day.

/**
 * A question's parameters under the item-response model (services/prediction/irt.ts), from the latest
 * calibration that had answers to it. A question without a row is taken at the model's prior.
 */
export const itemParameters = pgTable('item_parameters', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  difficulty: doublePrecision('difficulty').notNull(),
  discrimination: doublePrecision('discrimination').notNull(),
  /** The answers it was calibrated from: students' first answers, given before they saw its key. */
  answers: integer('answers').notNull(),
  /** Infit and outfit mean squares: how well the answers fit the model (1 fits); null with too few answers. */
  infit: doublePrecision('infit'),
  outfit: doublePrecision('outfit'),
  calibratedAt: moment('calibrated_at').notNull(),
});

/** One calibration of the bank (npm run bank:calibrate, or the daily job): the latest finished one dates the predictions. */
export const calibrationRuns = pgTable('calibration_runs', {
  id: rowId(),
  startedAt: moment('started_at').notNull(),
  finishedAt: moment('finished_at'),
  subjects: integer('subjects').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  answers: integer('answers').notNull().default(0),
  students: integer('students').notNull().default(0),
});

/** A student's exam day (West Africa Time) and the three subjects they will sit besides Use of English. */
export const examPlans = pgTable('exam_plans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  examDate: date('exam_date', { mode: 'string' }),
  subjectIds: uuid('subject_ids').array().notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
