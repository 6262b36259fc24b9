import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { nodeValue, readLocatedJson } from '../bank/formats/native-json.ts';
import { normalizeQuestion, slugify } from '../bank/normalize.ts';
import { formatProblem, type Locate, type NormalizedQuestion, type Problem } from '../bank/types.ts';
import { contestFileSchema } from './contest-schema.ts';

// A contest file: the contest's terms and its levels of questions, written in the bank's native JSON question
// format. Every problem names its field and line, and all are reported together, as the bank import does.

/** One level of a contest file, its questions validated and rendered. */
export interface ContestLevelDraft {
  minutes: number;
  questions: NormalizedQuestion[];
}

/** A valid contest file, ready to schedule. */
export interface ContestDraft {
  /** The file as the editor named it, which problems name. */
  file: string;
  title: string;
  description: string;
  startsAt: Date;
  entryFee: number;
  examType: string;
  subject: string;
  maxEntrants: number;
  levels: ContestLevelDraft[];
  prizes: { place: number; coins: number }[];
  sponsoredPrize: string | null;
  /** Where a field of the file is, for the problems found later (a catalogue name that does not exist). */
  locate: Locate;
}

/** The exam type and subject a file names, located: checked against the catalogue even when other fields fail. */
export interface CatalogueNames {
  examType: string;
  subject: string;
  locate: Locate;
}

/** What reading a contest file found: the draft when it is valid, and every problem. */
export interface ContestFileCheck {
  draft: ContestDraft | undefined;
  problems: Problem[];
  catalogue: CatalogueNames | undefined;
}

/** Thrown when a contest file (or what it names) has problems; nothing was saved. */
export class ContestFileError extends Error {
  override name = 'ContestFileError';
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(
      `The contest file has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was saved.\n${problems
        .map(formatProblem)
        .join('\n')}`,
    );
    this.problems = problems;
  }
}

/** The file's identity: its title and its start, so the same file created twice is found. */
export function contestKey(title: string, startsAt: Date): string {
  const digest = createHash('sha256')
    .update(`${title.replace(/\s+/g, ' ').trim()}\n${startsAt.toISOString()}`)
    .digest('hex');
  return `contest-${digest.slice(0, 20)}`;
}

const placeOf = (problem: { line?: number }) => `line ${problem.line ?? 1}`;

/** Validates and renders every question of every level the file holds, whatever else is wrong with it. */
function checkQuestions(raw: unknown, locate: Locate, identity: string, problems: Problem[]) {
  const levels: NormalizedQuestion[][] = [];
  const rawLevels = (raw as { levels?: unknown })?.levels;
  if (!Array.isArray(rawLevels)) return levels;
  const keys = new Map<string, Problem>();
  rawLevels.forEach((level, levelIndex) => {
    const questions = (level as { questions?: unknown })?.questions;
    const normalized: NormalizedQuestion[] = [];
    levels.push(normalized);
    if (!Array.isArray(questions)) return;
    questions.forEach((input, index) => {
      const at: Locate = (path) => locate(['levels', levelIndex, 'questions', index, ...path]);
      const question = normalizeQuestion(input, at, identity, problems);
      if (!question) return;
      if (!question.explanation.source.trim()) {
        problems.push({
          ...at(['explanation']),
          message:
            'explanation is missing: every contest question needs one, as entrants review the contest after its end',
        });
        return;
      }
      const earlier = keys.get(question.key);
      if (earlier) {
        const hasId = input && typeof input === 'object' && 'id' in input;
        problems.push({
          ...at(hasId ? ['id'] : ['question']),
          message: hasId
            ? `the id "${question.key}" is also used at ${placeOf(earlier)}; give every question its own id`
            : `this question has the same text as the one at ${placeOf(earlier)}; remove the repeat`,
        });
        return;
      }
      keys.set(question.key, { ...question.location, message: '' });
      normalized.push(question);
    });
  });
  return levels;
}

/** The exam type and subject as written, when both are non-empty text (to check them against the catalogue). */
function catalogueNames(raw: unknown, locate: Locate): CatalogueNames | undefined {
  const { examType, subject } = (raw ?? {}) as { examType?: unknown; subject?: unknown };
  if (typeof examType !== 'string' || typeof subject !== 'string') return undefined;
  if (!slugify(examType) || !slugify(subject)) return undefined;
  return { examType: examType.trim(), subject: subject.trim(), locate };
}

/**
 * Checks a contest file's text. `file` is how problems name it; `now` is the moment its start must follow.
 * Returns the draft only when there is no problem at all.
 */
export function checkContestFile(text: string, file: string, now: Date): ContestFileCheck {
  const read = readLocatedJson(text, file);
  if (!read.ok) return { draft: undefined, problems: read.problems, catalogue: undefined };
  const { tree, locate } = read;
  if (tree.type !== 'object') {
    return {
      draft: undefined,
      problems: [
        {
          file,
          line: 1,
          message: 'the file must hold one contest: an object with title, startsAt, levels, ...',
        },
      ],
      catalogue: undefined,
    };
  }
  const raw = nodeValue(tree);
  const problems: Problem[] = [];
  const parsed = contestFileSchema(now).safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // The questions' own problems are reported by the bank's rules below, with their fields.
      // An unknown field is named where it is written, not on its object's first line.
      const path =
        issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
      problems.push({ ...locate(path), message: issue.message });
    }
  }
  const identity = parsed.success ? contestKey(parsed.data.title, parsed.data.startsAt) : '';
  const levels = checkQuestions(raw, locate, identity, problems);
  const catalogue = catalogueNames(raw, locate);
  if (!parsed.success || problems.length > 0) return { draft: undefined, problems, catalogue };
  const contest = parsed.data;
  return {
    draft: {
      file,
      title: contest.title.replace(/\s+/g, ' '),
      description: contest.description,
      startsAt: contest.startsAt,
      entryFee: contest.entryFee,
      examType: contest.examType,
      subject: contest.subject,
      maxEntrants: contest.maxEntrants,
      levels: contest.levels.map((level, index) => ({
        minutes: level.minutes,
        questions: levels[index] ?? [],
      })),
      prizes: [...contest.prizes].sort((a, b) => a.place - b.place),
      sponsoredPrize: contest.sponsoredPrize ?? null,
      locate,
    },
    problems,
    catalogue,
  };
}

/** Reads a contest file from disk; `cwd` is the folder problems name the file from. */
export async function readContestFile(
  path: string,
  now: Date,
  cwd = process.cwd(),
): Promise<ContestFileCheck> {
  const absolute = resolve(cwd, path);
  const file = relative(cwd, absolute) || path;
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch {
    return {
      draft: undefined,
      problems: [{ file, message: 'the file cannot be read: is the path right?' }],
      catalogue: undefined,
    };
  }
  return checkContestFile(text, file, now);
}
