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
