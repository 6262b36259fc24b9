import { z } from 'zod';
import { pageQuerySchema } from '../http/respond.ts';

/**
 * The query of a catalogue list. The lists are short, so a page holds up to 100 items by default and a
 * client that asks for no page gets them all.
 */
export const catalogueQuerySchema = pageQuerySchema.extend({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit is at most 100')
    .default(100),
});

/** An optional id filter in a query string. */
export const idFilter = (name: string, what: string) =>
  z.uuid({ error: `${name} must be the _id of ${what}` }).optional();
