import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { fromWebApp, isRefusedAdmin, refuseAdminFromWebApp, refusedAdminSql } from './admin-refusal.ts';
import { RuleError } from './errors.ts';

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

const cases = [
  { isAdmin: true, webApp: true, refused: true },
  { isAdmin: true, webApp: false, refused: false },
  { isAdmin: false, webApp: true, refused: false },
  { isAdmin: false, webApp: false, refused: false },
];

describe('the admin refusal', () => {
  it('knows the web app by its frontend-source header, in any case and spacing', () => {
    expect(fromWebApp('webuser')).toBe(true);
    expect(fromWebApp('  WebUser ')).toBe(true);
    expect(fromWebApp('mobile')).toBe(false);
    expect(fromWebApp(undefined)).toBe(false);
  });

  it('refuses an admin from the web app, and no one else', () => {
    for (const { isAdmin, webApp, refused } of cases) {
      expect(isRefusedAdmin(isAdmin, webApp)).toBe(refused);
      const check = () => refuseAdminFromWebApp(isAdmin, webApp);
      if (refused) expect(check).toThrow(RuleError);
      else expect(check).not.toThrow();
    }
  });

  it('throws a refusal, which the API answers with 403', () => {
    try {
      refuseAdminFromWebApp(true, true);
      expect.unreachable();
    } catch (error) {
      expect((error as RuleError).kind).toBe('refused');
    }
  });

  it('says the same in SQL as in TypeScript', async () => {
    for (const { isAdmin, webApp, refused } of cases) {
      const result = await db.execute<{ refused: boolean }>(
        sql`select ${refusedAdminSql(sql`${isAdmin}::boolean`, webApp)} as refused`,
      );
      expect(result.rows[0]?.refused).toBe(refused);
    }
  });
});
