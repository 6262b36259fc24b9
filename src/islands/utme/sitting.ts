/**
 * What the UTME sitting screen works out from the sitting (GET /api/v1/exam/utme): its subjects from the
 * page's address, its four subjects laid end to end as one attempt of 180 questions (so the quiz's answer
 * queue, countdown, flags and submission serve it unchanged), and each subject's counts for the tabs and
 * the submit dialog, with the questions the dialog lists.
 */
import type { UtmeSitting, UtmeSubject } from '../../lib/api/utme.ts';
import { utmeQuerySchema } from '../../lib/validation/exam-requests.ts';
import type { ExamPayload } from '../quiz/quiz-paper.ts';

/** One subject of the sitting: its questions are those from `start` up to (not including) `end`. */
export interface SittingSection {
  subject: UtmeSubject;
  start: number;
  end: number;
}

/**
 * The three chosen subjects in the page's query (`?subjects=a,b,c`), checked by the rule the API applies;
 * undefined when they are missing or malformed, and the page then goes back to the picker.
 */
export function sittingSubjects(search: string): string[] | undefined {
  const subjects = new URLSearchParams(search).get('subjects');
  if (subjects === null) return undefined;
  const parsed = utmeQuerySchema.safeParse({ subjects });
  return parsed.success ? parsed.data.subjects : undefined;
}

/**
 * The sitting as one attempt whose questions are the four subjects' in order (Use of English first), and
 * where each subject's questions lie in it. A UTME sitting has no lifelines and no heading.
 */
export function flattenSitting(sitting: UtmeSitting): { exam: ExamPayload; sections: SittingSection[] } {
  const sections: SittingSection[] = [];
  let start = 0;
  for (const section of sitting.sections) {
    sections.push({ subject: section.subject, start, end: start + section.questions.length });
    start += section.questions.length;
  }
  return {
    exam: {
      _id: sitting._id,
      kind: 'exam',
      duration: sitting.duration,
      startedAt: sitting.startedAt,
      endsAt: sitting.endsAt,
      serverTime: sitting.serverTime,
      submitted: false,
      heading: null,
      questions: sitting.sections.flatMap((section) => section.questions),
      answers: sitting.answers,
      lifelines: [],
    },
    sections,
  };
}

/** The subject (its position among the sections) that holds the question at `index`; 0 when none does. */
export function sectionAt(sections: readonly SittingSection[], index: number): number {
  const found = sections.findIndex((section) => index >= section.start && index < section.end);
  return Math.max(0, found);
}

/** A question as the submit dialog lists it: its place in the sitting, and its number within its subject. */
export interface QuestionPlace {
  index: number;
  number: number;
}

/**
 * A subject's counts, for its tab ("Physics 12/40") and the submit dialog ("Physics: 3 unanswered"), and
 * the questions the dialog lists under it: the unanswered ones and the flagged ones, in order.
 */
export interface SectionCount {
  subject: UtmeSubject;
  answered: number;
  total: number;
  flagged: number;
  unansweredQuestions: QuestionPlace[];
  flaggedQuestions: QuestionPlace[];
}

/** Each subject's answered, total and flagged questions, with the unanswered and flagged ones listed. */
export function sectionCounts(
  sections: readonly SittingSection[],
  questionIds: readonly string[],
  answers: Readonly<Record<string, string>>,
  flags: readonly string[],
): SectionCount[] {
  const flagged = new Set(flags);
  return sections.map(({ subject, start, end }) => {
    const places = questionIds
      .slice(start, end)
      .map((id, offset) => ({ id, place: { index: start + offset, number: offset + 1 } }));
    const unansweredQuestions = places.filter(({ id }) => !answers[id]).map(({ place }) => place);
    const flaggedQuestions = places.filter(({ id }) => flagged.has(id)).map(({ place }) => place);
    return {
      subject,
      answered: places.length - unansweredQuestions.length,
      total: places.length,
      flagged: flaggedQuestions.length,
      unansweredQuestions,
      flaggedQuestions,
    };
  });
}

/** "Physics: 3 unanswered", "Physics: 3 unanswered, 1 flagged", or "Physics: all answered". */
export function sectionSummary({ subject, answered, total, flagged }: SectionCount): string {
  const unanswered = total - answered;
  const state = unanswered === 0 ? 'all answered' : `${unanswered} unanswered`;
  return `${subject.title}: ${state}${flagged > 0 ? `, ${flagged} flagged` : ''}`;
}

/**
 * What a question's button in the submit dialog says to a screen reader: "Physics question 12", and
 * "Physics question 3, flagged" in the list of flagged questions (which may hold answered ones).
 */
export function questionButtonLabel(
  subject: UtmeSubject,
  { number }: QuestionPlace,
  flagged = false,
): string {
  return `${subject.title} question ${number}${flagged ? ', flagged' : ''}`;
}

/** What a subject's tab says to a screen reader after the subject's name: ", 12 of 40 answered". */
export function tabCountLabel({ answered, total }: SectionCount): string {
  return `, ${answered} of ${total} answered`;
}
