import { and, desc, eq, gt, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { trustedDevices, users } from '../db/schema.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** How long a device cookie lasts from the latest sign-in that presented it. */
export const DEVICE_COOKIE_DAYS = 365;
// A phone, a laptop, a school computer or two: older devices are forgotten, so the table stays small.
const DEVICES_KEPT = 10;
// newSecret() gives 43 characters; anything much longer is not a cookie this server set.
const MAX_TOKEN_LENGTH = 100;

function usable(token: string | undefined): token is string {
  return token !== undefined && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

/**
 * The id of the trusted device behind a device cookie's value, when it is live and belongs to the account
 * that uses this phone number; undefined for any other value (another account's, expired, made up).
 */
export async function trustedDeviceFor(
  db: Executor,
  token: string | undefined,
  telephone: string,
  now: Date,
): Promise<string | undefined> {
  if (!usable(token)) return undefined;
  const [device] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, hashSecret(token)),
        gt(trustedDevices.expiresAt, now),
        eq(users.telephone, telephone),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return device?.id;
}

/**
 * After a successful sign-in: keeps the device cookie the browser presented when it is this account's (its
 * life starts again), or makes a new one. Returns the value for the cookie; only its hash is stored.
 */
export async function rememberDevice(
  db: Executor,
  userId: string,
  presented: string | undefined,
  now: Date,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + DEVICE_COOKIE_DAYS * 86_400_000);
  if (usable(presented)) {
    const [kept] = await db
      .update(trustedDevices)
      .set({ lastUsedAt: now, expiresAt })
      .where(
        and(
          eq(trustedDevices.tokenHash, hashSecret(presented)),
          eq(trustedDevices.userId, userId),
          gt(trustedDevices.expiresAt, now),
        ),
      )
      .returning({ id: trustedDevices.id });
    if (kept) return presented;
  }
  const token = newSecret();
  await db.insert(trustedDevices).values({
    userId,
    tokenHash: hashSecret(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
  });
  const newest = db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(eq(trustedDevices.userId, userId))
    .orderBy(desc(trustedDevices.lastUsedAt))
    .limit(DEVICES_KEPT);
  await db
    .delete(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        or(lte(trustedDevices.expiresAt, now), notInArray(trustedDevices.id, newest)),
      ),
    );
  return token;
}
