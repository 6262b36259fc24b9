import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subjects } from '../../db/schema.ts';

/** A subject's title, as a level's heading names it. */
export async function subjectTitle(db: Executor, subjectId: string): Promise<string> {
  const [row] = await db.select({ title: subjects.title }).from(subjects).where(eq(subjects.id, subjectId));
  return row?.title ?? '';
}
