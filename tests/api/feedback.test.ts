import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteApi } from '../../src/lib/api/endpoints.ts';
import type { ContactInput } from '../../src/lib/validation/contact.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/lib/validation/fields.ts';
import { feedbackMessages } from '../../src/server/db/schema.ts';
import { RATE_LIMIT_POLICY } from '../../src/server/http/rate-limits.ts';
import { takeLogProblems } from '../support/logs.ts';
import { createTestApp, expectLogs } from '../support/test-app.ts';

const t = await createTestApp({ INFO_MAILBOX: 'info@examprep.test' });

let counter = 0;
/** A valid contact message; the overrides' types are kept, so a well-typed message is the binding's body. */
function message<O extends Partial<ContactInput>>(overrides?: O): ContactInput & O {
  counter += 1;
  return {
    fullname: 'Ngozi Okafor',
    email: `ngozi.${counter}@example.com`,
    telephone: '08031234567',
    message: `When does the 2025 JAMB Physics paper come out? (${counter})`,
    acceptTerms: true,
    ...(overrides as O),
  };
}

describe('POST /api/v1/feedback', () => {
  it('stores the message and mails it to the info mailbox with a reply-to of the sender', async () => {
    const body = message({ fullname: '  Ngozi Okafor ' });
    const response = await t.call(siteApi.contact, { body });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ success: true, message: 'Message sent successfully!' });

    const rows = await t.db.select().from(feedbackMessages).where(eq(feedbackMessages.email, body.email));
    expect(rows).toEqual([
      {
        id: response.json.data._id,
        fullname: 'Ngozi Okafor',
        email: body.email,
        telephone: '08031234567',
        message: body.message,
        acceptTerms: true,
        createdAt: t.clock.now(),
      },
    ]);

    const mail = t.mailer.sent.find((sent) => sent.text.includes(body.message));
    expect(mail).toMatchObject({
      to: 'info@examprep.test',
      replyTo: body.email,
      subject: 'Contact form: Ngozi Okafor',
    });
    expect(mail?.text).toContain('Phone: 08031234567');
    expect(mail?.text).toContain('Received: 2 Mar 2026, 10:00 (West Africa Time)');
  });

  it.each([
    ['fullname', '', 'Name is required'],
    ['email', '   ', 'Email is required'],
    ['telephone', undefined, 'Phone number is required'],
    ['message', '', 'Message is required'],
    ['acceptTerms', false, 'You must accept the terms'],
  ])('refuses %s = %j with "%s", storing and mailing nothing', async (field, value, text) => {
    const body = { ...message(), [field]: value };
    const rowsBefore = await t.db.$count(feedbackMessages);
    const mailsBefore = t.mailer.sent.length;
    const response = await t.request('POST', '/api/v1/feedback', { body });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ success: false, message: text });
    expect(response.json.errors).toEqual([{ path: [field], message: text }]);
    expect(await t.db.$count(feedbackMessages)).toBe(rowsBefore);
    expect(t.mailer.sent).toHaveLength(mailsBefore);
  });

  it('caps the length of a message and of a name', async () => {
    const response = await t.call(siteApi.contact, {
      body: message({ message: 'x'.repeat(5001), fullname: 'y'.repeat(101) }),
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { path: ['fullname'], message: 'Must be at most 100 characters' },
      { path: ['message'], message: 'Must be at most 5000 characters' },
    ]);
  });

  it('leaves out the reply-to when the email is not an address', async () => {
    const body = message({ email: 'call me instead', fullname: 'Tunde Bakare' });
    const response = await t.call(siteApi.contact, { body });
    expect(response.status).toBe(201);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.replyTo).toBeUndefined();
    expect(mail?.subject).toBe('Contact form: Tunde Bakare');
  });

  it('refuses a line break in the name, which could add a header to the mail, and stores nothing', async () => {
    const body = message({ fullname: 'Tunde\r\nBcc: someone@example.com' });
    const sent = t.mailer.sent.length;
    const response = await t.call(siteApi.contact, { body });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: ['fullname'], message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(await t.db.$count(feedbackMessages, eq(feedbackMessages.email, body.email))).toBe(0);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('keeps line breaks and tabs in the message, which may run to several lines', async () => {
    const body = message({ message: 'Hello,\r\n\tthe app is good.\nThanks' });
    const response = await t.call(siteApi.contact, { body });
    expect(response.status, response.text).toBe(201);
  });

  it('still answers 201 and keeps the row when the mail server fails', async () => {
    expectLogs(/feedback email failed/);
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const body = message();
      const response = await t.call(siteApi.contact, { body });
      expect(response.status).toBe(201);
      expect(await t.db.$count(feedbackMessages, eq(feedbackMessages.email, body.email))).toBe(1);
    } finally {
      t.mailer.send = send;
    }
  });

  it('fails a test that did not expect the route’s error log: the check sees work done after the answer', async () => {
    // Without expectLogs, the entry the route logs once its answer is sent is what the setup file's check
    // (tests/support/fail-on-unexpected-logs.ts) fails a test on. Read here so that this test can pass.
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect((await t.call(siteApi.contact, { body: message() })).status).toBe(201);
      await new Promise((resolve) => setImmediate(resolve));
      expect(takeLogProblems()).toEqual([
        expect.stringMatching(/^Unexpected error log: "feedback email failed" \(Error: SMTP down\)/),
      ]);
    } finally {
      t.mailer.send = send;
    }
  });

  it('answers 429 with a plain-text message after 30 messages from one address in an hour', async () => {
    const address = '203.0.113.9';
    for (let sent = 0; sent < RATE_LIMIT_POLICY.contactAddress.points; sent += 1) {
      const response = await t.call(siteApi.contact, { body: message(), address });
      expect(response.status).toBe(201);
    }
    const rowsBefore = await t.db.$count(feedbackMessages);
    const limited = await t.call(siteApi.contact, { body: message(), address });
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('Too many messages sent from this network. Try again in an hour.');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await t.db.$count(feedbackMessages)).toBe(rowsBefore);
    const otherAddress = await t.call(siteApi.contact, {
      body: message(),
      address: '203.0.113.10',
    });
    expect(otherAddress.status).toBe(201);
  });
});
