import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSecret, usableLink } from './tokens.ts';

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const links = pgTable('links', {
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  usedAt: moment('used_at'),
  expiresAt: moment('expires_at').notNull(),
});

describe('a one-time link', () => {
  it('is usable while it is unused and unexpired, and only by its own secret', async () => {
    await db.execute(
      sql`create table links (name text not null, token_hash text not null, used_at timestamptz, expires_at timestamptz not null)`,
    );
    const now = new Date('2026-03-02T12:00:00Z');
    const later = new Date('2026-03-02T13:00:00Z');
    const hash = hashSecret('secret');
    await db.insert(links).values([
      { name: 'fresh', tokenHash: hash, expiresAt: later },
      { name: 'used', tokenHash: hash, usedAt: now, expiresAt: later },
      { name: 'expired', tokenHash: hash, expiresAt: now },
      { name: 'another', tokenHash: hashSecret('other'), expiresAt: later },
    ]);
    const usable = await db
      .select({ name: links.name })
      .from(links)
      .where(usableLink(links, hash, now));
    expect(usable).toEqual([{ name: 'fresh' }]);
  });
});
