import { z } from 'zod';
import { requiredText, strictObject, textField } from '../editor-fields.ts';

// The rules every import format shares. Messages speak to an editor and say what to fix; the format's
// parser adds the file and the line or row.

export const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** A URL a question may point to: a path on this site (/bank/diagrams/x.svg) or an http(s) address. */
export function isAllowedUrl(url: string): boolean {
  if (/[\s\\<>"']/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

const url = (field: string) =>
  textField(field)
    .trim()
    .min(1, `${field} is empty: give the address of the image or file, or leave the field out`)
    .max(2000, `${field} is longer than 2000 characters`)
    .refine(
      isAllowedUrl,
      `${field} must be a path on this site such as /bank/diagrams/name.svg, or an http(s) address`,
    );

const fileRef = (field: string) =>
  z.strictObject(
    { url: url(`${field}.url`) },
    { error: () => `${field} must be an object with a url, like { "url": "/bank/diagrams/name.svg" }` },
  );

const yearSchema = z
  .union([z.number(), z.string().trim()], { error: 'year must be a four-digit year such as 2021' })
  .transform((value) => (typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value))
  .pipe(
    z
      .number({ error: 'year must be a four-digit year such as 2021' })
      .int('year must be a four-digit year such as 2021')
      .min(1900, 'year must be between 1900 and 2100')
      .max(2100, 'year must be between 1900 and 2100'),
  );

const durationSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/)], {
    error: 'duration must be a whole number of minutes, such as 20',
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int('duration must be a whole number of minutes, such as 20')
      .min(1, 'duration must be at least 1 minute')
      .max(600, 'duration must be at most 600 minutes'),
  );

/** The paper a question belongs to: exam type, subject, year, and optionally duration and images. */
export const paperHeaderSchema = strictObject(
  {
    examType: requiredText('examType', 80, 'WAEC'),
    examTypeImage: url('examTypeImage').optional(),
    subject: requiredText('subject', 80, 'Mathematics'),
    subjectImage: url('subjectImage').optional(),
    year: yearSchema,
    duration: durationSchema.optional(),
  },
  'the paper',
);

export type PaperHeader = z.infer<typeof paperHeaderSchema>;

const optionSchema = strictObject(
  {
    option: textField('option').default(''),
    optionType: z
      .enum(['text', 'image', 'media', 'file'], { error: 'optionType must be text, image, media or file' })
      .default('text'),
    file: fileRef('file').nullish(),
  },
  'an option',
).superRefine((option, context) => {
  if (option.optionType === 'text' && !option.option.trim()) {
    context.addIssue({ code: 'custom', path: ['option'], message: 'the option is empty: write its text' });
  }
  if (option.optionType !== 'text' && !option.file) {
    context.addIssue({
      code: 'custom',
      path: ['file'],
      message: `an ${option.optionType} option needs the address of its ${option.optionType} (file.url)`,
    });
  }
});

/** One question as any format gives it. `answer` is the letter of the right option. */
export const questionInputSchema = strictObject(
  {
    id: textField('id')
      .trim()
      .min(1, 'id is empty: give the question an id, or leave the field out')
      .max(120, 'id is longer than 120 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'id may hold only letters, digits and . _ : -')
      .optional(),
    passage: textField('passage').default(''),
    question: textField('question').default(''),
    questionType: z
      .enum(['text', 'image', 'diagram'], { error: 'questionType must be text, image or diagram' })
      .default('text'),
    file: fileRef('file').nullish(),
    topic: textField('topic').trim().max(200, 'topic is longer than 200 characters').optional(),
    options: z
      .array(optionSchema, { error: 'options must be a list of 4 or 5 options' })
      .min(4, 'a question needs 4 or 5 options; add the missing options')
      .max(5, 'a question has at most 5 options (A to E); remove the extra options'),
    answer: textField('answer')
      .trim()
      .toUpperCase()
      .regex(/^[A-E]$/, 'answer must be the letter of the right option, A to E'),
    explanation: textField('explanation').default(''),
  },
  'a question',
).superRefine((question, context) => {
  const index = LETTERS.indexOf(question.answer as (typeof LETTERS)[number]);
  if (index >= question.options.length && question.options.length >= 4) {
    context.addIssue({
      code: 'custom',
      path: ['answer'],
      message: `answer is ${question.answer} but the question has only ${question.options.length} options (A to ${LETTERS[question.options.length - 1]}); give the letter of the right option`,
    });
  }
  if (question.questionType === 'text' && !question.question.trim()) {
    context.addIssue({
      code: 'custom',
      path: ['question'],
      message: 'the question is empty: write its text',
    });
  }
  if (question.questionType !== 'text' && !question.file) {
    context.addIssue({
      code: 'custom',
      path: ['file'],
      message: `a ${question.questionType} question needs the address of its image (file.url)`,
    });
  }
  const seen = new Map<string, number>();
  question.options.forEach((option, position) => {
    const body = `${option.option.replace(/\s+/g, ' ').trim()}|${option.file?.url ?? ''}`;
    const earlier = seen.get(body);
    if (earlier !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['options', position, 'option'],
        message: `option ${LETTERS[position]} is the same as option ${LETTERS[earlier]}: every option must differ`,
      });
    } else {
      seen.set(body, position);
    }
  });
});

export type QuestionInput = z.infer<typeof questionInputSchema>;
