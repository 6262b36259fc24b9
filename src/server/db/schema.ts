import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    totalScoreAt: timestamp('total_score_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('users_trivia_points_not_negative', sql`${table.triviaPoints} >= 0`),
    index('users_leaderboard_idx').on(table.totalScore.desc(), table.totalScoreAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

export const coinEntryType = pgEnum('coin_entry_type', ['credit', 'debit']);

export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, to list entries made in the same instant newest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: subscriptionSource('source').notNull(),
    /** The plan bought; null for the free trial. */
    planId: text('plan_id'),
    /** The payment reference that granted it; unique, so a reference is never granted twice. */
    reference: text('reference').unique(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('subscriptions_user_ends_idx').on(table.userId, table.endsAt.desc())],
);

/** Messages from the contact form; each is also mailed to INFO_MAILBOX. */
export const feedbackMessages = pgTable('feedback_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  telephone: text('telephone').notNull(),
  message: text('message').notNull(),
  acceptTerms: boolean('accept_terms').notNull(),
  createdAt: createdAt(),
});
