import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// The server writes each email it sends to DATA_DIR/outbox as a .eml file when no mail server is
// configured; the end-to-end tests and the page benchmark read the confirmation links from there.

/** The text of a raw .eml message's body, decoded from quoted-printable or base64 as its header says. */
export function mailBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\s+/, '');
  const encoding = headers.match(/^Content-Transfer-Encoding:\s*(\S+)/im)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The newest confirmation link mailed to an address, as the student would open it (waits up to 5 s). */
export async function confirmationLinkIn(outbox: string, address: string): Promise<URL> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const raw = await readFile(join(outbox, name), 'utf8');
      if (!raw.includes(`To: ${address}`)) continue;
      const link = mailBody(raw).match(/https?:\/\/\S+\/verify-email\?token=[\w%-]+/)?.[0];
      if (link) return new URL(link);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No confirmation link to ${address} in ${outbox}`);
}

/** The token of the newest confirmation link mailed to an address, as the student's browser would post it. */
export async function confirmationTokenIn(outbox: string, address: string): Promise<string> {
  const token = (await confirmationLinkIn(outbox, address)).searchParams.get('token');
  if (!token) throw new Error(`The confirmation link to ${address} carries no token`);
  return token;
}
