import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { company } from '../lib/company.ts';

/**
 * The schemas of the site's content collections (src/content.config.ts). They live here, apart from
 * `astro:content`, so that unit tests can check them directly. Every message speaks to the editor who
 * broke the file: what is wrong and how to fix it.
 */

/** The exam types the product covers (spec §1). */
export const EXAM_TYPES = ['COMMON ENTRANCE', 'BECE', 'NECO', 'WAEC', 'GCE', 'JAMB', 'IELTS'] as const;

/** Icons the services block can show; each is drawn in src/components/home/ServiceIcon.astro. */
export const SERVICE_ICONS = [
  'book',
  'clock',
  'calendar',
  'lightbulb',
  'trophy',
  'coins',
  'chart',
  'clipboard',
] as const;

/** A strict object: a misspelt or unknown field is an error that names the fields the entry may have. */
function entry<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}: check the spelling. The fields allowed here are: ${allowed}.`
        : undefined,
  });
}

/** Text that must be written, between `min` and `max` characters. */
function text(what: string, min: number, max: number) {
  return z
    .string({ error: `Add ${what}.` })
    .trim()
    .min(min, min <= 1 ? `Add ${what}; it is empty.` : `Make ${what} at least ${min} characters long.`)
    .max(max, `Shorten ${what} to at most ${max} characters.`);
}

/** A file in public/ that must exist, written as a path from the site root such as /images/x.svg. */
export function publicFile(what: string, folder: string, extension = '.svg') {
  const pattern = new RegExp(`^${folder.replaceAll('/', '\\/')}\\/[a-z0-9-]+\\${extension}$`);
  return z
    .string({ error: `Add ${what}: a path such as ${folder}/name${extension}.` })
    .superRefine((path, context) => {
      if (!pattern.test(path)) {
        context.addIssue({
          code: 'custom',
          message: `Write ${what} as ${folder}/name${extension}, with lower-case letters, digits and hyphens.`,
        });
      } else if (!existsSync(join(process.cwd(), 'public', path))) {
        context.addIssue({
          code: 'custom',
          message: `${what} public${path} does not exist: add the file or fix the path.`,
        });
      }
    });
}

const order = z
  .number({ error: 'Add "order": a whole number; lower numbers come first.' })
  .int('Make "order" a whole number.')
  .min(1, 'Make "order" 1 or more.')
  .describe('Position in its list; lower numbers come first.');

/** Meta title and description, which every page needs for search results and link previews. */
const pageMeta = {
  title: text('a title', 3, 60).describe(
    `The browser tab and search-result title, at most 60 characters; " | ${company.name}" is added after it.`,
  ),
  description: text('a description', 50, 160).describe(
    'The summary that search engines and link previews show: one or two sentences, 50 to 160 characters.',
  ),
  heading: text('a heading', 2, 90).describe('The main heading (h1) at the top of the page.'),
  lead: text('a lead', 20, 400).optional().describe('An optional short introduction under the heading.'),
};

const homePage = entry({
  template: z.literal('home').describe('Selects the home page layout, with its hero, figures and carousels.'),
  ...pageMeta,
  sublines: z
    .array(text('a sub-line', 2, 40), { error: 'Add "sublines": a list of short lines under the tagline.' })
    .min(1, 'Add at least one sub-line.')
    .max(3, 'Keep to three sub-lines at most.')
    .describe('Short lines under the tagline, such as "Proper Preparation".'),
  appLine: text('the mobile app line', 5, 60).describe(
    'The line above the store badges on phones, such as "Download the Mobile App".',
  ),
  stats: z
    .array(
      entry({
        value: text('a figure', 1, 12).describe('The figure as shown, such as "10,000+".'),
        label: text('a label', 3, 40).describe('What the figure counts, such as "past questions".'),
      }),
      { error: 'Add "stats": the marketing figures, each with a value and a label.' },
    )
    .min(1, 'Add at least one figure.')
    .max(4, 'Keep to four figures at most, so they fit on one line.')
    .describe('The marketing figures under the hero.'),
  servicesHeading: text('the services heading', 3, 80).describe('Heading of the services block.'),
  partnersHeading: text('the partners heading', 3, 80).describe('Heading of the partners carousel.'),
  partnersTagline: text('the partners tagline', 3, 80).describe('The line under the partners heading.'),
  testimonialsHeading: text('the reviews heading', 3, 80).describe('Heading of the reviews slider.'),
});

const documentPage = entry({
  template: z
    .literal('document')
    .describe('Selects the document layout: "## " sections shown as three sentences with Read More.'),
  ...pageMeta,
  updated: z.coerce
    .date({ error: 'Write "updated" as a date such as 2026-03-01.' })
    .describe('The date this document last changed, shown under the heading.'),
  columns: z
    .union([z.literal(1), z.literal(2)], { error: 'Make "columns" 1 or 2.' })
    .default(1)
    .describe('Number of columns on wide screens: 1 or 2.'),
});

const bannerImage = entry({
  image: publicFile('the banner image', '/images/banners').describe('An SVG in public/images/banners/.'),
  alt: z
    .string({ error: 'Add "alt": what the banner shows, or "" when it is only decoration.' })
    .max(150, 'Shorten "alt" to at most 150 characters.')
    .describe('What the image shows, for screen readers; "" when it is only decoration.'),
});

const prosePage = entry({
  template: z.literal('prose').describe('Selects the prose layout: the MDX body is shown as written.'),
  ...pageMeta,
  banner: bannerImage.optional().describe('An optional banner beside the heading.'),
});

/** The `pages` collection: one MDX file per page; `template` decides which other fields it has. */
export const pageSchema = z.discriminatedUnion('template', [homePage, documentPage, prosePage], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? 'Set "template" to home, document or prose: it decides which other fields the page needs.'
      : undefined,
});
export type PageData = z.output<typeof pageSchema>;

/** The `faqs` collection: one MDX file per question; the body is the answer. */
export const faqSchema = entry({
  question: text('the question', 5, 160)
    .refine((question) => question.endsWith('?'), 'End the question with a question mark.')
    .describe('The question as a student would ask it, ending with "?".'),
  order,
});

/** The `testimonials` collection: reviews by students and parents. */
export const testimonialSchema = entry({
  name: text('the name', 2, 60).describe('The name shown with the review.'),
  role: text('the role', 3, 80).describe('Who they are, such as "SS3 student, Enugu" or "Parent, Lagos".'),
  exam: z
    .enum(EXAM_TYPES, { error: `Set "exam" to one of ${EXAM_TYPES.join(', ')}.` })
    .describe('The exam the review is about.'),
  quote: text('the quote', 40, 400).describe('The review itself, 40 to 400 characters, without quote marks.'),
  rating: z
    .number({ error: 'Add "rating": a whole number of stars from 1 to 5.' })
    .int('Make "rating" a whole number of stars.')
    .min(1, 'Make "rating" at least 1.')
    .max(5, 'Make "rating" at most 5.')
    .describe('Stars out of 5.'),
  avatar: publicFile('the avatar', '/images/avatars').describe('A square SVG in public/images/avatars/.'),
  featured: z
    .boolean({ error: 'Make "featured" true or false.' })
    .default(false)
    .describe('Shown in the home page slider; exactly four reviews are featured.'),
  order,
});

/** The `partners` collection: the logos of the home page's partner carousel. */
export const partnerSchema = entry({
  name: text('the partner name', 2, 80).describe("The partner's name, used as the logo's text alternative."),
  logo: publicFile('the logo', '/images/partners').describe(
    'An SVG logo (200 x 100) in public/images/partners/.',
  ),
  order,
});

/** The `services` collection: the cards of the home page's services block. */
export const serviceSchema = entry({
  title: text('the title', 3, 60).describe('The service name, such as "Past questions".'),
  text: text('the text', 20, 240).describe('One or two sentences about the service.'),
  icon: z
    .enum(SERVICE_ICONS, { error: `Set "icon" to one of ${SERVICE_ICONS.join(', ')}.` })
    .describe('The icon drawn beside the title.'),
  href: z
    .string({ error: 'Write "href" as a path on this site such as /select-exam.' })
    .regex(/^\/[a-z0-9\-/]*$/, 'Write "href" as a path on this site such as /select-exam.')
    .optional()
    .describe('An optional page of this site that the card links to.'),
  order,
});
