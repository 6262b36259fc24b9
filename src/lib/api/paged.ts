/**
 * The envelope of every list the API pages (plans, coin packs, exam types, subjects, years, coin history):
 * the server's `paged()` builds it and the screens read it. Declared here once.
 */

/** One page of a list. */
export interface Paged<T> {
  docs: T[];
  totalDocs: number;
  limit: number;
  page: number;
  totalPages: number;
}

/** The page and page size a list request may ask for; the server fills in its defaults. */
export interface PageQuery {
  page?: number;
  limit?: number;
}

/**
 * How deep a student's own list (My tests, the coin history) may be paged: its newest entries, so that a
 * page never reads more than this many rows whatever the history. A page past it is empty, and totalDocs
 * stops at it.
 */
export const LIST_DEPTH = 1000;

/**
 * The rows one page of a list capped at LIST_DEPTH reads: where it starts and how many it takes, or null for a
 * page past the depth, which reads nothing.
 */
export function pageWithinDepth(page: number, limit: number): { offset: number; take: number } | null {
  const offset = (page - 1) * limit;
  return offset >= LIST_DEPTH ? null : { offset, take: Math.min(limit, LIST_DEPTH - offset) };
}
