// The syllabus topics of each subject (content/syllabus.json), and the import's warnings about questions
// whose topic is missing or not in their subject's list (docs/learning.md, "Topics").
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { slugify } from './normalize.ts';
import type { NormalizedPaper, Problem } from './types.ts';

/** Where the syllabus is kept, relative to the folder the app or the import runs in. */
export const SYLLABUS_FILE = 'content/syllabus.json';

/** Each subject's topics, by subject slug (`mathematics`, `civic-education`), shared by every exam type. */
export type Syllabus = ReadonlyMap<string, readonly string[]>;

const topicName = z
  .string()
  .trim()
  .min(1, 'a topic is empty')
  .max(200, 'a topic is longer than 200 characters');

const syllabusSchema = z.record(
  z.string(),
  z
    .array(topicName)
    .min(1, 'a subject needs at least one topic')
    .refine((topics) => new Set(topics).size === topics.length, { message: 'a topic is listed twice' }),
);

/** Reads a syllabus file's text; throws an Error naming the file and what to fix when it is malformed. */
export function parseSyllabus(text: string, file = SYLLABUS_FILE): Syllabus {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = syllabusSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw new Error(`${file}${where}: ${issue?.message ?? 'not a syllabus'}`);
  }
  const badKey = Object.keys(parsed.data).find((key) => key === '' || key !== slugify(key));
  if (badKey !== undefined) {
    throw new Error(
      `${file} (at ${badKey}): a subject key must be its slug, lower-case words joined by hyphens ("civic-education")`,
    );
  }
  return new Map(Object.entries(parsed.data));
}

/**
 * The syllabus kept in the working folder (content/syllabus.json), or an empty one when there is no such file
 * (then every subject gets only the untagged-question warning).
 */
export async function loadSyllabus(path = resolve(process.cwd(), SYLLABUS_FILE)): Promise<Syllabus> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  return parseSyllabus(text, path);
}

/** The syllabus topic spelt like `topic` but for case and spaces, if any: the likely intended one. */
function closeTopic(topic: string, topics: readonly string[]): string | undefined {
  const key = topic.toLowerCase().replace(/\s+/g, ' ');
  return topics.find((candidate) => candidate.toLowerCase() === key);
}

/**
 * Warnings, not problems: each question with no topic, and each topic that is not in its subject's syllabus
 * list (a subject with no list is not checked). Topics must match exactly, because mastery counts answers
 * per topic name: "indices and logarithms" would be a topic of its own.
 */
export function topicWarnings(papers: readonly NormalizedPaper[], syllabus: Syllabus): Problem[] {
  const warnings: Problem[] = [];
  for (const paper of papers) {
    const topics = syllabus.get(paper.subject.slug);
    const subject = paper.subject.title;
    for (const question of paper.questions) {
      const at = question.topicLocation;
      if (!question.topic) {
        warnings.push({
          ...at,
          message: topics
            ? `the question has no topic: give it one of the ${subject} topics in ${SYLLABUS_FILE}`
            : 'the question has no topic: give it a short syllabus topic',
        });
      } else if (topics && !topics.includes(question.topic)) {
        const close = closeTopic(question.topic, topics);
        warnings.push({
          ...at,
          message: close
            ? `topic "${question.topic}" is spelt differently in the ${subject} syllabus: write "${close}"`
            : `topic "${question.topic}" is not in the ${subject} syllabus (${SYLLABUS_FILE}): use one of its topics, or add it there`,
        });
      }
    }
  }
  return warnings;
}
