import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';

// The fuzz test asks after each of its thousands of requests whether the database changed. Hashing every
// table each time (databaseFingerprint) took most of its run; triggers that note each changed row cost a
// little per write and answer the question with one statement. They see what the hash saw: a row inserted,
// deleted, or updated to a different text (an update to the same values is no change, as for the hash), and
// writes that are rolled back are not noted.

const CHANGES = 'test_changed_tables';

function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/**
 * Puts triggers on every table of a test database (never a real one) and returns a function that answers
 * which tables changed since it was last called, and forgets them.
 */
export async function watchChanges(db: Database): Promise<() => Promise<string[]>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((row) => row.name);
  await db.execute(sql.raw(`create table ${CHANGES} (name text not null)`));
  await db.execute(
    sql.raw(`create function note_changed_table() returns trigger language plpgsql as $$
      begin insert into ${CHANGES} values (tg_table_name); return null; end $$`),
  );
  for (const table of tables) {
    const on = `on "${table}"`;
    const note = 'execute function note_changed_table()';
    await db.execute(sql.raw(`create trigger noted_write after insert or delete ${on} for each row ${note}`));
    await db.execute(
      sql.raw(`create trigger noted_update after update ${on} for each row
               when (old::text is distinct from new::text) ${note}`),
    );
    await db.execute(
      sql.raw(`create trigger noted_truncate after truncate ${on} for each statement ${note}`),
    );
  }
  return async () => {
    const rows = rowsOf<{ name: string }>(await db.execute(sql.raw(`delete from ${CHANGES} returning name`)));
    return [...new Set(rows.map((row) => row.name))].sort();
  };
}
