import { requiredText } from './fields.ts';
import { z } from './zod.ts';

/** Length caps of the contact form, so one message cannot fill the mailbox or the database. */
export const CONTACT_LIMITS = { fullname: 100, email: 254, telephone: 20, message: 5000 } as const;

/**
 * The contact form (spec §5): presence only, with the spec's messages, plus length caps. The island checks
 * it before sending and POST /api/v1/feedback checks it again.
 */
export const contactSchema = z.object({
  fullname: requiredText('Name is required', CONTACT_LIMITS.fullname),
  email: requiredText('Email is required', CONTACT_LIMITS.email),
  telephone: requiredText('Phone number is required', CONTACT_LIMITS.telephone),
  message: requiredText('Message is required', CONTACT_LIMITS.message, { multiLine: true }),
  acceptTerms: z.literal(true, { error: 'You must accept the terms' }),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
