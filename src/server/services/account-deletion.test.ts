import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.ts';
import { ERASED_WITH_ACCOUNT, KEPT_AFTER_DELETION } from './account-deletion.ts';

// Each table's own column types make it unassignable to the bare PgTable; only identity and config are read.
const tables = Object.values(schema).filter((value) => is(value, PgTable)) as unknown as PgTable[];
const asTable = (table: object) => table as unknown as PgTable;

/** The tables with a foreign key to `target`, by name. */
function referencing(target: object): string[] {
  return tables
    .filter((table) =>
      getTableConfig(table).foreignKeys.some((key) => key.reference().foreignTable === target),
    )
    .map((table) => getTableName(table))
    .sort();
}

describe('what deleting an account reaches', () => {
  it('erases every table that references users, or keeps it on purpose with a reason', () => {
    const erased = ERASED_WITH_ACCOUNT.map((table) => getTableName(asTable(table)));
    const kept = [...KEPT_AFTER_DELETION.keys()].map((table) => getTableName(table));
    // A table listed here and not handled holds students' data that outlives their deletion: erase it in
    // ERASED_WITH_ACCOUNT, or keep it in KEPT_AFTER_DELETION and say why.
    expect(referencing(schema.users)).toEqual([...erased, ...kept].sort());
    for (const reason of KEPT_AFTER_DELETION.values()) expect(reason.length).toBeGreaterThan(40);
  });

  it('takes the rows that hang off an erased table with it, by on delete cascade', () => {
    const erased = new Set<object>(ERASED_WITH_ACCOUNT);
    const dangling: string[] = [];
    for (const table of tables) {
      for (const key of getTableConfig(table).foreignKeys) {
        const target = key.reference().foreignTable;
        if (erased.has(target) && key.onDelete !== 'cascade') {
          dangling.push(`${getTableName(table)} → ${getTableName(target)}`);
        }
      }
    }
    expect(dangling).toEqual([]);
  });

  it('reads the user id of every erased table from a user_id column', () => {
    for (const table of ERASED_WITH_ACCOUNT) {
      const keys = getTableConfig(asTable(table)).foreignKeys.filter(
        (key) => key.reference().foreignTable === schema.users,
      );
      expect(keys.map((key) => key.reference().columns.map((column) => column.name))).toEqual([['user_id']]);
    }
  });
});
