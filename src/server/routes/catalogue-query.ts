import { z } from 'zod';
import type { PageQuery } from '../../lib/api/paged.ts';
import { pageQuerySchema } from '../http/respond.ts';

/**
 * The zod fields of a list query, one for each field of its type in the contract (`lib/api/`). Written as
 * `z.object({…} satisfies QueryShape<Q>)`, a field renamed, added or dropped on one side alone fails to compile.
 */
export type QueryShape<Query> = { [Field in keyof Query]-?: z.ZodType<Query[Field] | undefined> };

/**
 * The query of a catalogue list. The lists are short, so a page holds up to 100 items by default and a
 * client that asks for no page gets them all.
 */
export const catalogueQuerySchema = z.object({
  ...pageQuerySchema.shape,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit is at most 100')
    .default(100),
} satisfies QueryShape<PageQuery>);

/** An optional id filter in a query string. */
export const idFilter = (name: string, what: string) =>
  z.uuid({ error: `${name} must be the _id of ${what}` }).optional();
