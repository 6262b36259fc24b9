import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { examTypes, papers, subjects, years } from '../../db/schema.ts';
import { bankPaper } from '../exams/bank-paper.ts';
import type { PaperTarget } from './import-plan.ts';
import type { CatalogueName, NormalizedPaper } from './types.ts';

/** The papers an import writes into, and how many catalogue entries it had to create. */
export interface CatalogueOutcome {
  targets: PaperTarget[];
  examTypesAdded: number;
  subjectsAdded: number;
  yearsAdded: number;
}

/** Finds or creates the exam types or subjects named, setting an image where the import gives one. */
async function ensureNames(
  tx: Transaction,
  table: typeof examTypes | typeof subjects,
  names: CatalogueName[],
): Promise<{ ids: Map<string, string>; added: number }> {
  const wanted = new Map(names.map((name) => [name.slug, name]));
  const ids = new Map<string, string>();
  if (wanted.size === 0) return { ids, added: 0 };
  const existing = await tx
    .select({ id: table.id, slug: table.slug, imageUrl: table.imageUrl })
    .from(table)
    .where(inArray(table.slug, [...wanted.keys()]));
  for (const row of existing) {
    ids.set(row.slug, row.id);
    const imageUrl = wanted.get(row.slug)?.imageUrl;
    if (imageUrl !== undefined && imageUrl !== row.imageUrl) {
      await tx.update(table).set({ imageUrl }).where(eq(table.id, row.id));
    }
  }
  const missing = [...wanted.values()].filter((name) => !ids.has(name.slug));
  if (missing.length > 0) {
    const inserted = await tx
      .insert(table)
      .values(missing.map(({ slug, title, imageUrl }) => ({ slug, title, imageUrl: imageUrl ?? null })))
      .returning({ id: table.id, slug: table.slug });
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  return { ids, added: missing.length };
}

/** Finds or creates the years named. */
async function ensureYears(
  tx: Transaction,
  wanted: number[],
): Promise<{ ids: Map<number, string>; added: number }> {
  const unique = [...new Set(wanted)];
  const existing = await tx
    .select({ id: years.id, year: years.year })
    .from(years)
    .where(inArray(years.year, unique));
  const ids = new Map(existing.map((row) => [row.year, row.id]));
  const missing = unique.filter((year) => !ids.has(year));
  if (missing.length > 0) {
    const inserted = await tx
      .insert(years)
      .values(missing.map((year) => ({ year, title: String(year) })))
      .returning({ id: years.id, year: years.year });
    for (const row of inserted) ids.set(row.year, row.id);
  }
  return { ids, added: missing.length };
}

/**
 * Finds or creates the exam types, subjects, years and papers an import names, and applies a changed
 * paper duration (stamped `now`). Returns each paper matched to its row.
 */
export async function ensureCatalogue(
  tx: Transaction,
  normalized: NormalizedPaper[],
  now: Date,
): Promise<CatalogueOutcome> {
  const examTypeIds = await ensureNames(
    tx,
    examTypes,
    normalized.map((paper) => paper.examType),
  );
  const subjectIds = await ensureNames(
    tx,
    subjects,
    normalized.map((paper) => paper.subject),
  );
  const yearIds = await ensureYears(
    tx,
    normalized.map((paper) => paper.year),
  );

  const existingPapers = await tx
    .select({
      id: papers.id,
      examTypeId: papers.examTypeId,
      subjectId: papers.subjectId,
      yearId: papers.yearId,
      duration: papers.duration,
    })
    .from(papers)
    // Never a contest's paper, though it may share the exam type, subject and year: an import writes the bank.
    .where(and(inArray(papers.examTypeId, [...examTypeIds.ids.values()]), bankPaper));
  const paperKey = (examTypeId: string, subjectId: string, yearId: string) =>
    `${examTypeId}|${subjectId}|${yearId}`;
  const paperByKey = new Map(
    existingPapers.map((row) => [paperKey(row.examTypeId, row.subjectId, row.yearId), row]),
  );
  const targets: PaperTarget[] = [];
  for (const paper of normalized) {
    const examTypeId = examTypeIds.ids.get(paper.examType.slug) ?? '';
    const subjectId = subjectIds.ids.get(paper.subject.slug) ?? '';
    const yearId = yearIds.ids.get(paper.year) ?? '';
    const existing = paperByKey.get(paperKey(examTypeId, subjectId, yearId));
    if (existing) {
      const changed = paper.duration !== undefined && paper.duration !== existing.duration;
      if (changed) {
        await tx
          .update(papers)
          .set({ duration: paper.duration, updatedAt: now })
          .where(eq(papers.id, existing.id));
      }
      targets.push({ paper, id: existing.id, isNew: false, changed });
    } else {
      const [inserted] = await tx
        .insert(papers)
        .values({ examTypeId, subjectId, yearId, duration: paper.duration ?? null })
        .returning({ id: papers.id });
      targets.push({ paper, id: inserted?.id ?? '', isNew: true, changed: true });
    }
  }
  return {
    targets,
    examTypesAdded: examTypeIds.added,
    subjectsAdded: subjectIds.added,
    yearsAdded: yearIds.added,
  };
}
