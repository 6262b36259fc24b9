import { createHash } from 'node:crypto';
import { LETTERS, paperHeaderSchema, questionInputSchema } from './input-schema.ts';
import { type RichText, RichTextError, renderRichText } from './rich-text.ts';
import type {
  CatalogueName,
  Location,
  NormalizedPaper,
  NormalizedQuestion,
  ParsedFile,
  Problem,
} from './types.ts';

/** The lower-case, hyphenated form of a title: `COMMON ENTRANCE` -> `common-entrance`. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The key of a question that has no id: a hash of its paper, its text and its image. */
export function hashKey(paperIdentity: string, questionSource: string, fileUrl: string | null): string {
  const text = questionSource.replace(/\s+/g, ' ').trim();
  const digest = createHash('sha256')
    .update(`${paperIdentity}\n${text}\n${fileUrl ?? ''}`)
    .digest('hex');
  return `hash-${digest.slice(0, 32)}`;
}

function placeOf(location: Location): string {
  const place = location.line !== undefined ? `line ${location.line}` : `row ${location.row}`;
  return `${location.file}, ${place}`;
}

function catalogueName(title: string, imageUrl: string | undefined): CatalogueName {
  return { slug: slugify(title), title: title.replace(/\s+/g, ' '), imageUrl };
}

/**
 * Validates what the parsers read, renders every field to safe HTML, gives each question its key, and
 * merges papers named in several files (or spreadsheet rows). Returns every problem found, each located.
 */
export function normalizeFiles(files: ParsedFile[]): { papers: NormalizedPaper[]; problems: Problem[] } {
  const problems: Problem[] = files.flatMap((file) => file.problems);
  const papers = new Map<string, NormalizedPaper & { durationAt?: Location }>();
  const keys = new Map<string, Location>();

  for (const file of files) {
    for (const parsed of file.papers) {
      const header = paperHeaderSchema.safeParse(parsed.header);
      let paper: (NormalizedPaper & { durationAt?: Location }) | undefined;
      let identity = '';
      if (!header.success) {
        for (const issue of header.error.issues) {
          problems.push({ ...parsed.locateHeader(issue.path), message: issue.message });
        }
      } else {
        const { examType, examTypeImage, subject, subjectImage, year, duration } = header.data;
        const exam = catalogueName(examType, examTypeImage);
        const topic = catalogueName(subject, subjectImage);
        if (!exam.slug) {
          problems.push({
            ...parsed.locateHeader(['examType']),
            message: 'examType needs letters or digits',
          });
        } else if (!topic.slug) {
          problems.push({ ...parsed.locateHeader(['subject']), message: 'subject needs letters or digits' });
        } else {
          identity = `${exam.slug}|${topic.slug}|${year}`;
          paper = papers.get(identity);
          if (!paper) {
            paper = {
              examType: exam,
              subject: topic,
              year,
              duration: undefined,
              questions: [],
              location: parsed.locateHeader([]),
            };
            papers.set(identity, paper);
          }
          mergeImage(paper.examType, exam, 'examTypeImage', parsed.locateHeader(['examTypeImage']), problems);
          mergeImage(paper.subject, topic, 'subjectImage', parsed.locateHeader(['subjectImage']), problems);
          if (duration !== undefined) {
            const at = parsed.locateHeader(['duration']);
            if (paper.duration === undefined) {
              paper.duration = duration;
              paper.durationAt = at;
            } else if (paper.duration !== duration) {
              problems.push({
                ...at,
                message: `duration ${duration} differs from the ${paper.duration} minutes given for this paper at ${placeOf(paper.durationAt ?? paper.location)}; give one duration`,
              });
            }
          }
        }
      }

      for (const question of parsed.questions) {
        const normalized = normalizeQuestion(question.input, question.locate, identity, problems);
        if (!normalized || !paper) continue;
        const earlier = keys.get(normalized.key);
        if (earlier) {
          const input = question.input as { id?: unknown };
          problems.push({
            ...question.locate(input && typeof input === 'object' && 'id' in input ? ['id'] : ['question']),
            message: normalized.key.startsWith('hash-')
              ? `this question has the same text as the one at ${placeOf(earlier)} in the same paper; remove the repeat, or give both questions ids to tell them apart`
              : `the id "${normalized.key}" is also used at ${placeOf(earlier)}; give every question its own id`,
          });
          continue;
        }
        keys.set(normalized.key, normalized.location);
        paper.questions.push(normalized);
      }
    }
  }
  const result = [...papers.values()].map(({ durationAt: _, ...paper }) => paper);
  return { papers: result, problems };
}

function mergeImage(
  target: CatalogueName,
  incoming: CatalogueName,
  field: string,
  at: Location,
  problems: Problem[],
) {
  if (incoming.imageUrl === undefined) return;
  if (target.imageUrl === undefined) target.imageUrl = incoming.imageUrl;
  else if (target.imageUrl !== incoming.imageUrl) {
    problems.push({
      ...at,
      message: `${field} differs from the one given earlier in this import; give one image`,
    });
  }
}

/**
 * Validates one question as any format gives it and renders its fields; its problems, located, are added to
 * `problems` and it returns undefined. `identity` is what a question without an id is hashed with.
 */
export function normalizeQuestion(
  input: unknown,
  locate: (path: readonly PropertyKey[]) => Location,
  identity: string,
  problems: Problem[],
): NormalizedQuestion | undefined {
  const parsed = questionInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ ...locate(issue.path), message: issue.message });
    return undefined;
  }
  const question = parsed.data;
  let failed = false;
  const render = (value: string, path: PropertyKey[], label: string): RichText => {
    try {
      return renderRichText(value);
    } catch (error) {
      if (!(error instanceof RichTextError)) throw error;
      failed = true;
      problems.push({ ...locate(path), message: `${label}: ${error.message}` });
      return { html: '', source: '' };
    }
  };
  const passage = render(question.passage, ['passage'], 'passage');
  const questionText = render(question.question, ['question'], 'question');
  const options = question.options.map((option, index) => ({
    option: render(option.option, ['options', index, 'option'], `option ${LETTERS[index]}`),
    optionType: option.optionType,
    fileUrl: option.file?.url ?? null,
  }));
  const explanation = render(question.explanation, ['explanation'], 'explanation');
  if (failed) return undefined;
  const fileUrl = question.file?.url ?? null;
  return {
    key: question.id ?? hashKey(identity, questionText.source, fileUrl),
    passage,
    question: questionText,
    questionType: question.questionType,
    fileUrl,
    topic: question.topic || null,
    topicLocation: locate(['topic']),
    explanation,
    options,
    answer: LETTERS.indexOf(question.answer as (typeof LETTERS)[number]),
    location: locate([]),
  };
}
