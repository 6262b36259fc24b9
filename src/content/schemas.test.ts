import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { faqSchema, pageSchema, partnerSchema, serviceSchema, testimonialSchema } from './schemas.ts';

/** The messages an editor would read for an entry, as "field: message". */
function problems(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`);
}

const validReview = {
  name: 'Chiamaka Obi',
  role: 'SS3 student, Enugu',
  exam: 'WAEC',
  quote: 'The explanations made quadratic equations finally make sense to me.',
  rating: 5,
  avatar: '/images/avatars/chiamaka-obi.svg',
  featured: true,
  order: 1,
};

const validDocument = {
  template: 'document',
  title: 'Privacy policy',
  description: 'How ExamPrep NG collects, uses, shares and protects the personal data of students.',
  heading: 'Privacy Policy',
  updated: new Date('2026-03-01'),
  columns: 2,
};

describe('pageSchema', () => {
  it('accepts a document page, fills its defaults, and accepts a prose page', () => {
    expect(problems(pageSchema, validDocument)).toEqual([]);
    const { updated: _updated, columns: _columns, ...common } = validDocument;
    expect(problems(pageSchema, { ...common, template: 'prose' })).toEqual([]);
    expect(pageSchema.parse({ ...validDocument, columns: undefined })).toMatchObject({ columns: 1 });
  });

  it('names an unknown template and says which ones exist', () => {
    expect(problems(pageSchema, { ...validDocument, template: 'blog' })).toEqual([
      'template: Set "template" to home, document or prose: it decides which other fields the page needs.',
    ]);
  });

  it('refuses a misspelt field and lists the fields allowed', () => {
    const [message] = problems(pageSchema, { ...validDocument, descripton: 'typo' });
    expect(message).toContain('Unknown field "descripton": check the spelling.');
    expect(message).toContain('title, description, heading, lead, updated, columns');
  });

  it('says how to fix a description that is too long for search results, and a bad date', () => {
    expect(problems(pageSchema, { ...validDocument, description: 'x'.repeat(200), updated: 'soon' })).toEqual(
      [
        'description: Shorten a description to at most 160 characters.',
        'updated: Write "updated" as a date such as 2026-03-01.',
      ],
    );
  });

  it('reports a missing field of the home page by name', () => {
    const { updated: _updated, columns: _columns, ...common } = validDocument;
    expect(problems(pageSchema, { ...common, template: 'home' })).toContain(
      'appLine: Add the mobile app line.',
    );
  });
});

describe('testimonialSchema', () => {
  it('accepts a complete review', () => {
    expect(problems(testimonialSchema, validReview)).toEqual([]);
  });

  it('explains each broken field', () => {
    expect(
      problems(testimonialSchema, {
        ...validReview,
        exam: 'SSCE',
        rating: 6,
        quote: 'Great!',
        avatar: '/images/avatars/nobody.svg',
      }),
    ).toEqual([
      'exam: Set "exam" to one of COMMON ENTRANCE, BECE, NECO, WAEC, GCE, JAMB, IELTS.',
      'quote: Make the quote at least 40 characters long.',
      'rating: Make "rating" at most 5.',
      'avatar: the avatar public/images/avatars/nobody.svg does not exist: add the file or fix the path.',
    ]);
  });

  it('refuses an avatar path outside its folder', () => {
    expect(problems(testimonialSchema, { ...validReview, avatar: 'avatars/a.png' })).toEqual([
      'avatar: Write the avatar as /images/avatars/name.svg, with lower-case letters, digits and hyphens.',
    ]);
  });
});

describe('faqSchema, partnerSchema and serviceSchema', () => {
  it('wants a question to end with a question mark', () => {
    expect(problems(faqSchema, { question: 'How to pay', order: 1 })).toEqual([
      'question: End the question with a question mark.',
    ]);
  });

  it('wants a whole-number order', () => {
    expect(
      problems(partnerSchema, {
        name: 'Enugu Study Hub',
        logo: '/images/partners/enugu-study-hub.svg',
        order: 1.5,
      }),
    ).toEqual(['order: Make "order" a whole number.']);
  });

  it('names the icons a service may use, and keeps links on this site', () => {
    expect(
      problems(serviceSchema, {
        title: 'Past questions',
        text: 'Over 10,000 questions from 40 years of papers.',
        icon: 'rocket',
        href: 'https://example.com',
        order: 1,
      }),
    ).toEqual([
      'icon: Set "icon" to one of book, clock, calendar, lightbulb, trophy, coins, chart, clipboard.',
      'href: Write "href" as a path on this site such as /select-exam.',
    ]);
  });
});

describe('the content in src/content', () => {
  const here = import.meta.dirname;
  const frontmatter = (path: string) => {
    const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path, 'utf8'));
    return yaml.load(match?.[1] ?? '');
  };

  it.each(readdirSync(join(here, 'pages')))('pages/%s is valid', (name) => {
    expect(problems(pageSchema, frontmatter(join(here, 'pages', name)))).toEqual([]);
  });

  it.each(readdirSync(join(here, 'faqs')))('faqs/%s is valid', (name) => {
    expect(problems(faqSchema, frontmatter(join(here, 'faqs', name)))).toEqual([]);
  });

  it.each([
    ['testimonials.yaml', testimonialSchema],
    ['partners.yaml', partnerSchema],
    ['services.yaml', serviceSchema],
  ] as const)('every entry of %s is valid', (name, schema) => {
    const entries = yaml.load(readFileSync(join(here, name), 'utf8')) as Record<string, unknown>;
    for (const [id, data] of Object.entries(entries)) {
      expect(problems(schema, data), id).toEqual([]);
    }
  });

  it('has the counts the spec asks for: six FAQs, five partners, four featured reviews', () => {
    const load = (name: string) => Object.values(yaml.load(readFileSync(join(here, name), 'utf8')) as object);
    expect(readdirSync(join(here, 'faqs'))).toHaveLength(6);
    expect(load('partners.yaml')).toHaveLength(5);
    expect(load('testimonials.yaml').filter((review) => review.featured)).toHaveLength(4);
  });
});
