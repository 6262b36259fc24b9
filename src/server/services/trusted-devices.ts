import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { trustedDevices, users } from '../db/schema.ts';
import { hashSecret } from './tokens.ts';

/** How long a device cookie lasts from the latest sign-in that presented it. */
export const DEVICE_COOKIE_DAYS = 365;
/** A phone, a laptop, a school computer or two: older devices are forgotten, so the table stays small. */
export const DEVICES_KEPT = 10;
// newSecret() gives 43 characters; anything much longer is not a cookie this server set.
const MAX_TOKEN_LENGTH = 100;

/** Whether a device cookie's value could be one this server set (sign-in.ts keeps such a device). */
export function usableDeviceToken(token: string | undefined): token is string {
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
  if (!usableDeviceToken(token)) return undefined;
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
