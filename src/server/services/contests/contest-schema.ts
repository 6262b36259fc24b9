import { z } from 'zod';
import { CONTEST } from '../../../lib/api/contest.ts';
import { requiredText, strictObject } from '../editor-fields.ts';

// The rules of a contest file's own fields; its questions are checked by the bank's rules (normalizeQuestion).

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const whole = (field: string, min: number, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${field} is missing` : `${field} must be a whole number`,
    })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** The contest file's fields, its start checked against `now`. */
export function contestFileSchema(now: Date) {
  const level = strictObject(
    {
      minutes: whole('minutes', 1, CONTEST.maxLevelMinutes),
      // Each question is checked by the bank's own rules (normalizeQuestion), so here only the list.
      questions: z
        .array(z.unknown(), { error: 'questions must be a list of questions' })
        .min(1, 'a level needs at least one question')
        .max(
          CONTEST.maxQuestionsPerLevel,
          `a level has at most ${CONTEST.maxQuestionsPerLevel} questions; split it into two levels`,
        ),
    },
    'a level',
  );
  const prize = strictObject(
    { place: whole('place', 1, CONTEST.maxPrizes), coins: whole('coins', 1, 1_000_000) },
    'a prize',
  );
  return strictObject(
    {
      title: requiredText('title', 120, 'Saturday Maths Challenge'),
      description: requiredText('description', 2000, 'Five minutes of algebra for SS3 students'),
      startsAt: z
        .string({
          error: 'startsAt must be a date and time with its offset, such as 2026-12-05T10:00:00+01:00',
        })
        .trim()
        .regex(
          ISO_WITH_OFFSET,
          'startsAt must be a date and time with its offset, such as 2026-12-05T10:00:00+01:00 (West Africa Time)',
        )
        .transform((value) => new Date(value))
        .refine((date) => !Number.isNaN(date.getTime()), 'startsAt is not a real date and time')
        .refine(
          (date) => date.getTime() > now.getTime(),
          'startsAt is in the past: give a start in the future',
        ),
      entryFee: whole('entryFee', 0, CONTEST.maxEntryFee),
      examType: requiredText('examType', 80, 'WAEC'),
      subject: requiredText('subject', 80, 'Mathematics'),
      maxEntrants: whole('maxEntrants', 1, CONTEST.maxEntrants),
      levels: z
        .array(level, { error: 'levels must be a list of levels' })
        .min(CONTEST.minLevels, `a contest needs ${CONTEST.minLevels} to ${CONTEST.maxLevels} levels`)
        .max(CONTEST.maxLevels, `a contest has at most ${CONTEST.maxLevels} levels`),
      prizes: z
        .array(prize, { error: 'prizes must be a list such as [{ "place": 1, "coins": 500 }]' })
        .max(CONTEST.maxPrizes, `a contest has at most ${CONTEST.maxPrizes} prizes`),
      sponsoredPrize: requiredText('sponsoredPrize', 200, 'A tablet from our sponsor').optional(),
    },
    'the contest',
  ).superRefine((contest, context) => {
    const seen = new Set<number>();
    contest.prizes.forEach((entry, index) => {
      if (seen.has(entry.place)) {
        context.addIssue({
          code: 'custom',
          path: ['prizes', index, 'place'],
          message: `place ${entry.place} is given twice: give each place one prize`,
        });
      }
      seen.add(entry.place);
    });
    for (let place = 1; place <= contest.prizes.length; place += 1) {
      if (!seen.has(place)) {
        context.addIssue({
          code: 'custom',
          path: ['prizes'],
          message: `the prizes must be for places 1 to ${contest.prizes.length}, each once: place ${place} is missing`,
        });
        break;
      }
    }
    if (contest.prizes.length > contest.maxEntrants) {
      context.addIssue({
        code: 'custom',
        path: ['prizes'],
        message: `there are ${contest.prizes.length} prizes but at most ${contest.maxEntrants} entrants`,
      });
    }
  });
}
