import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Paged } from '../../lib/api/paged.ts';
import type { ApiSuccessBody } from '../../lib/errors.ts';

/** A success response in the API's shape. */
export function ok<T>(c: Context, message: string, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true, message, data } satisfies ApiSuccessBody<T>, status);
}

/** The page and limit of a list request. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(100, 'limit is at most 100')
    .default(20),
});

/** Wraps one page of rows in the paged-list shape. */
export function paged<T>(docs: T[], totalDocs: number, page: number, limit: number): Paged<T> {
  return { docs, totalDocs, limit, page, totalPages: Math.max(1, Math.ceil(totalDocs / limit)) };
}
