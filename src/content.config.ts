import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { faqSchema, pageSchema, partnerSchema, serviceSchema, testimonialSchema } from './content/schemas.ts';

/**
 * The site's copy (DESIGN §3). Editors change text here, never in the pages' code: one MDX file per page
 * and per FAQ, and one YAML list each for testimonials, partners and services. The schemas, with a
 * description on every field, are in src/content/schemas.ts.
 */
export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '*.mdx', base: './src/content/pages' }),
    schema: pageSchema,
  }),
  faqs: defineCollection({
    loader: glob({ pattern: '*.mdx', base: './src/content/faqs' }),
    schema: faqSchema,
  }),
  testimonials: defineCollection({
    loader: file('src/content/testimonials.yaml'),
    schema: testimonialSchema,
  }),
  partners: defineCollection({
    loader: file('src/content/partners.yaml'),
    schema: partnerSchema,
  }),
  services: defineCollection({
    loader: file('src/content/services.yaml'),
    schema: serviceSchema,
  }),
};
