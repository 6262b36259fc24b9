import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/** One email to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Sends mail; the API never knows whether it goes over SMTP or to the outbox folder. */
export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
}

/** Sends over SMTP when SMTP_URL is set, and otherwise writes each message as an .eml file in the outbox. */
export function createMailer(mail: Config['mail']): Mailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: mail.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: mail.from, ...message });
      await mkdir(mail.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`;
      await writeFile(join(mail.outboxDir, name), info.message as Buffer);
    },
  };
}
