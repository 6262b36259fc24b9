import { type CollectionEntry, type CollectionKey, getCollection, getEntry } from 'astro:content';
import { readFileSync } from 'node:fs';
import type { PageData } from '../../content/schemas.ts';

type Layout = PageData['template'];

/** A page of the `pages` collection, checked to have the layout its route expects; fails the build if not. */
export async function getPage<L extends Layout>(id: string, layout: L) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`src/content/pages/${id}.mdx is missing: the route needs it.`);
  if (entry.data.template !== layout) {
    throw new Error(
      `src/content/pages/${id}.mdx must have "template: ${layout}" (it has "${entry.data.template}").`,
    );
  }
  return entry as CollectionEntry<'pages'> & { data: Extract<PageData, { template: L }> };
}

type Ordered = 'faqs' | 'testimonials' | 'partners' | 'services';

/** A collection in its editors' order; fails the build when an exact count is required and not met. */
export async function getOrdered<C extends Ordered & CollectionKey>(
  collection: C,
  options: { count?: number; where?: (entry: CollectionEntry<C>) => boolean; rule?: string } = {},
): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection))
    .filter((entry) => options.where?.(entry) ?? true)
    .sort((a, b) => (a.data as { order: number }).order - (b.data as { order: number }).order);
  if (options.count !== undefined && entries.length !== options.count) {
    throw new Error(
      `${options.rule ?? `src/content/${collection} needs exactly ${options.count} entries`}; found ${entries.length}.`,
    );
  }
  return entries;
}

/** The number of lines before an MDX entry's body (its frontmatter), for error messages that name lines. */
export function bodyLineOffset(entry: { filePath?: string | undefined; body?: string | undefined }): number {
  if (!entry.filePath || !entry.body) return 0;
  const source = readFileSync(entry.filePath, 'utf8');
  const start = source.indexOf(entry.body);
  return start < 0 ? 0 : source.slice(0, start).split('\n').length - 1;
}
