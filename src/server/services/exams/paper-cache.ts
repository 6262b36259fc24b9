import type { Executor } from '../../db/client.ts';
import { loadPaperContent, type PaperContent } from './papers.ts';

/** How many papers one instance keeps by default: a national exam day sits far fewer at once. */
export const PAPER_CACHE_SIZE = 500;

/** The ids that name a paper in GET /exam. */
export interface PaperIds {
  examType: string;
  subject: string;
  year: string;
}

/**
 * The questions of recently fetched papers, as students see them, and apart from them their answer key for
 * scoring, kept in this process so that starting or submitting an attempt does not read 50 questions and
 * 200 options again.
 *
 * It never serves a stale paper: every caller passes the paper's current version, read in the same query
 * that finds the paper (its question count and the latest `updated_at` of its questions; an import that
 * adds, moves or changes a question, or any of its options, writes that question's `updated_at`). A cached
 * copy whose version differs is read again. At most `size` papers are kept, the least recently used going
 * first.
 */
export class PaperCache {
  readonly size: number;
  readonly #load: (db: Executor, paperId: string) => Promise<PaperContent>;
  readonly #papers = new Map<string, PaperContent>();
  readonly #loading = new Map<string, Promise<PaperContent>>();
  // Which paper an exam type, subject and year name: that never changes once the paper exists.
  readonly #paperOf = new Map<string, string>();

  constructor(
    options: { size?: number; load?: (db: Executor, paperId: string) => Promise<PaperContent> } = {},
  ) {
    this.size = options.size ?? PAPER_CACHE_SIZE;
    this.#load = options.load ?? loadPaperContent;
  }

  /** The paper's content at `version`, read from the database unless this process already holds it. */
  async get(db: Executor, paperId: string, version: string): Promise<PaperContent> {
    const cached = this.#papers.get(paperId);
    if (cached?.version === version) {
      // Map keeps insertion order: moving the paper to the end makes the first entry the least recent.
      this.#papers.delete(paperId);
      this.#papers.set(paperId, cached);
      return cached;
    }
    // When thousands of students open the same paper at the start of an exam, one read serves them all.
    const joined = this.#loading.get(paperId);
    if (joined) {
      const content = await joined;
      if (content.version === version) return content;
    }
    // A read that starts now is at least as new as `version`, which the caller read before: take what it finds.
    return this.#read(db, paperId);
  }

  /** Notes which paper `ids` name, so that peek can find it before the database is asked. */
  remember(ids: PaperIds, paperId: string): void {
    const key = paperKey(ids);
    if (this.#paperOf.get(key) === paperId) return;
    this.#paperOf.set(key, paperId);
    if (this.#paperOf.size > this.size) {
      const oldest = this.#paperOf.keys().next().value;
      if (oldest !== undefined) this.#paperOf.delete(oldest);
    }
  }

  /**
   * The paper `ids` name and the content held for it, if any, without checking its version: the caller
   * must compare `content.version` with the database's before trusting it.
   */
  peek(ids: PaperIds): { paperId: string; content: PaperContent } | undefined {
    const paperId = this.#paperOf.get(paperKey(ids));
    const content = paperId === undefined ? undefined : this.#papers.get(paperId);
    return paperId === undefined || content === undefined ? undefined : { paperId, content };
  }

  /** How many papers are held now. */
  get count(): number {
    return this.#papers.size;
  }

  #read(db: Executor, paperId: string): Promise<PaperContent> {
    const loading = this.#load(db, paperId)
      .then((content) => {
        this.#keep(paperId, content);
        return content;
      })
      .finally(() => {
        if (this.#loading.get(paperId) === loading) this.#loading.delete(paperId);
      });
    this.#loading.set(paperId, loading);
    return loading;
  }

  #keep(paperId: string, content: PaperContent) {
    this.#papers.delete(paperId);
    this.#papers.set(paperId, content);
    while (this.#papers.size > this.size) {
      const oldest = this.#papers.keys().next().value;
      if (oldest === undefined) break;
      this.#papers.delete(oldest);
    }
  }
}

function paperKey(ids: PaperIds): string {
  return `${ids.examType}|${ids.subject}|${ids.year}`;
}
