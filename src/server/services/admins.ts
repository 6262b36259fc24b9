import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailAddress, password, phoneNumber, requiredText } from '../../lib/validation/fields.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from './accounts.ts';

export const adminSchema = z.object({
  firstName: requiredText('First name is required (--first)', 60),
  lastName: requiredText('Last name is required (--last)', 60),
  email: emailAddress('Email is required (--email)', 'Email is invalid'),
  telephone: phoneNumber('Phone number is required (--phone)'),
  password: password(
    'Password is required (on standard input)',
    10,
    'Admin passwords need at least 10 characters',
  ),
});

/** Creates an admin account, or makes an existing account with that phone number an admin. */
export async function createAdmin(db: Database, input: z.output<typeof adminSchema>) {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telephone, input.telephone));
  if (existing) {
    await db.update(users).set({ isAdmin: true, passwordHash }).where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [created] = await db
    .insert(users)
    // The operator who runs the CLI vouches for the address: an admin needs no confirmation link.
    .values({ ...input, passwordHash, isAdmin: true, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (!created) throw new Error('Insert returned no admin');
  return { id: created.id, created: true };
}
