import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { SessionPayload } from '../../lib/api/user.ts';
import type { Executor } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { type AccountRow, type SubscriptionRow, sessionPayloadOf, subscriptionFrom } from './accounts.ts';
import { SESSION_DAYS } from './sessions.ts';
import { hashSecret, newSecret } from './tokens.ts';
import { DEVICE_COOKIE_DAYS, DEVICES_KEPT, usableDeviceToken } from './trusted-devices.ts';

// A sign-in is the exam morning's busiest request after the hash itself, so its database work is two
// prepared statements: the account by number, then everything a signed-in browser needs in one round trip
// (docs/decisions/112-a-sign-in-is-two-prepared-statements.md).

// A hash of a random password, verified against when the phone number is unknown, so that a wrong number
// takes as long to reject as a wrong password and timing does not reveal which numbers have accounts.
const decoyHash = hash(crypto.randomUUID());

/** The account as a sign-in reads it: what the API shows, its times as ISO strings, and the hash to verify. */
type AccountColumns = Omit<AccountRow, 'createdAt' | 'emailVerifiedAt'> & {
  passwordHash: string;
  createdAt: string;
  emailVerifiedAt: string | null;
};

const accountByTelephoneQuery = preparedQuery<AccountColumns, { telephone: string }>(
  'sign_in_account',
  sql`select id, first_name as "firstName", last_name as "lastName", email, telephone,
      password_hash as "passwordHash", trivia_points as "triviaPoints", image_url as "imageUrl",
      is_admin as "isAdmin", total_score as "totalScore",
      to_json(email_verified_at) #>> '{}' as "emailVerifiedAt", to_json(created_at) #>> '{}' as "createdAt"
    from users where telephone = ${sql.placeholder('telephone')} limit 1`,
);

/** Checks a phone number and password; returns the account, or undefined when either is wrong. */
export async function checkCredentials(
  db: Executor,
  telephone: string,
  password: string,
): Promise<AccountRow | undefined> {
  const [row] = await accountByTelephoneQuery(db, { telephone });
  const valid = await verify(row?.passwordHash ?? (await decoyHash), password);
  if (!row || !valid) return undefined;
  // The hash has done its work: it goes no further than the check.
  const { passwordHash: _checked, emailVerifiedAt, createdAt, ...account } = row;
  return {
    ...account,
    emailVerifiedAt: emailVerifiedAt === null ? null : new Date(emailVerifiedAt),
    createdAt: new Date(createdAt),
  };
}

interface OpenedRow {
  deviceKept: boolean;
  pendingEmail: string | null;
  source: SubscriptionRow['source'] | null;
  planId: string | null;
  planTitle: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

const openSessionQuery = preparedQuery<
  OpenedRow,
  {
    userId: string;
    tokenHash: string;
    sessionExpiresAt: string;
    presentedHash: string | null;
    deviceHash: string;
    deviceExpiresAt: string;
    now: string;
  }
>(
  'open_session',
  // The device is kept when the browser presented this account's live cookie; otherwise a new one is
  // added and the account's oldest devices beyond DEVICES_KEPT (with the new one) and expired ones go.
  sql`with started as (
    insert into sessions (user_id, token_hash, created_at, expires_at)
    values (${sql.placeholder('userId')}::uuid, ${sql.placeholder('tokenHash')},
      ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('sessionExpiresAt')}::timestamptz)
    returning id
  ), kept as (
    update trusted_devices set last_used_at = ${sql.placeholder('now')}::timestamptz,
      expires_at = ${sql.placeholder('deviceExpiresAt')}::timestamptz
    where token_hash = ${sql.placeholder('presentedHash')}::text and user_id = ${sql.placeholder('userId')}::uuid
      and expires_at > ${sql.placeholder('now')}::timestamptz
    returning id
  ), added as (
    insert into trusted_devices (user_id, token_hash, created_at, last_used_at, expires_at)
    select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('deviceHash')},
      ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz,
      ${sql.placeholder('deviceExpiresAt')}::timestamptz
    where not exists (select from kept)
    returning id
  ), forgotten as (
    delete from trusted_devices d
    where d.user_id = ${sql.placeholder('userId')}::uuid and exists (select from added)
      and (d.expires_at <= ${sql.placeholder('now')}::timestamptz or d.id not in (
        select id from trusted_devices where user_id = ${sql.placeholder('userId')}::uuid
        order by last_used_at desc limit ${sql.raw(String(DEVICES_KEPT - 1))}))
  )
  select exists (select from kept) as "deviceKept",
    (select c.email from email_confirmations c
      where c.user_id = ${sql.placeholder('userId')}::uuid and c.purpose = 'change' and c.used_at is null
        and c.expires_at > ${sql.placeholder('now')}::timestamptz
      order by c.created_at desc limit 1) as "pendingEmail",
    latest.source, latest.plan_id as "planId", p.title as "planTitle",
    to_json(latest.starts_at) #>> '{}' as "startsAt", to_json(latest.ends_at) #>> '{}' as "endsAt"
  from started
  left join lateral (
    select s.source, s.plan_id, s.starts_at, s.ends_at from subscriptions s
    where s.user_id = ${sql.placeholder('userId')}::uuid order by s.ends_at desc limit 1
  ) latest on true
  left join plans p on p.plan_id = latest.plan_id`,
);

function latestSubscription(row: OpenedRow): SubscriptionRow | undefined {
  if (row.source === null || row.startsAt === null || row.endsAt === null) return undefined;
  return {
    source: row.source,
    planId: row.planId,
    planTitle: row.planTitle,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
  };
}

/**
 * Signs a checked account in: starts its session, keeps or replaces the browser's device cookie (its
 * value, `presentedDevice`, when this account's and live), and reads what the browser shows. Returns
 * what POST /user/login answers and the value for the device cookie.
 */
export async function openSession(
  db: Executor,
  account: AccountRow,
  presentedDevice: string | undefined,
  now: Date,
): Promise<{ payload: SessionPayload; deviceToken: string }> {
  const token = newSecret();
  const newDevice = newSecret();
  const presented = usableDeviceToken(presentedDevice) ? presentedDevice : undefined;
  const [row] = await openSessionQuery(db, {
    userId: account.id,
    tokenHash: hashSecret(token),
    sessionExpiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    presentedHash: presented === undefined ? null : hashSecret(presented),
    deviceHash: hashSecret(newDevice),
    deviceExpiresAt: new Date(now.getTime() + DEVICE_COOKIE_DAYS * 86_400_000).toISOString(),
    now: now.toISOString(),
  });
  if (!row) throw new Error('The sign-in statement returned no row');
  const subscription = await subscriptionFrom(db, account.id, latestSubscription(row), now);
  return {
    payload: sessionPayloadOf(account, row.pendingEmail, subscription, token),
    deviceToken: row.deviceKept && presented !== undefined ? presented : newDevice,
  };
}
