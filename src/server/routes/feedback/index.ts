import { Hono } from 'hono';
import { z } from 'zod';
import { type ContactMessage, contactSchema } from '../../../lib/validation/contact.ts';
import { feedbackMessages } from '../../db/schema.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import type { MailMessage } from '../../services/mailer.ts';

const WAT = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** The email that tells the info mailbox about a contact-form message; replies go to the sender. */
export function feedbackEmail(message: ContactMessage, to: string, receivedAt: Date): MailMessage {
  // The form checks presence only (spec §5), so the address is used for Reply-To only when it is one.
  const replyTo = z.email().safeParse(message.email).success ? message.email : undefined;
  // A header never carries the sender's line breaks.
  const name = message.fullname.replace(/\s+/g, ' ');
  return {
    to,
    subject: `Contact form: ${name}`,
    ...(replyTo ? { replyTo } : {}),
    text: [
      `Name: ${name}`,
      `Email: ${message.email}`,
      `Phone: ${message.telephone}`,
      `Received: ${WAT.format(receivedAt)} (West Africa Time)`,
      '',
      message.message,
    ].join('\n'),
  };
}

/** /api/v1/feedback: the contact form. Stores the message, then mails it to the info mailbox. */
export function feedbackRoutes(limits: RateLimits) {
  return new Hono<AppEnv>().post('/', limits.contact, validate('json', contactSchema), async (c) => {
    const { db, mailer, config, clock, logger } = c.get('deps');
    const message = c.req.valid('json');
    const receivedAt = clock.now();
    const [row] = await db
      .insert(feedbackMessages)
      .values({ ...message, createdAt: receivedAt })
      .returning({ id: feedbackMessages.id });
    // The stored row is the record; a mail server that is down must not lose the student's message or
    // make them wait, so the mail is sent after the answer and a failure is only logged.
    mailer
      .send(feedbackEmail(message, config.mail.infoMailbox, receivedAt))
      .catch((error: unknown) => logger.error({ err: error, feedbackId: row?.id }, 'feedback email failed'));
    return ok(c, 'Message sent successfully!', { _id: row?.id }, 201);
  });
}
