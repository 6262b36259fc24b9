import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

/** How long browsers and CDNs may keep public catalogue data before checking it again. */
export const PUBLIC_MAX_AGE_SECONDS = 300;

/** Whether If-None-Match names the tag (weak and strong forms compare alike, as a GET's revalidation may). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * A GET answered with an ETag over its body, and 304 with no body when If-None-Match names it. The tag is a
 * digest of the whole answer, so it changes whenever anything in it does. (Hono's own etag middleware drops
 * Cache-Control from its 304.)
 */
function conditionalGet(options: {
  weak: boolean;
  cacheControl: string;
  methods: readonly string[];
  vary?: string;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!options.methods.includes(c.req.method) || c.res.status !== 200) return;
    const etag = `${options.weak ? 'W/' : ''}"${await bodyDigest(c)}"`;
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      // Hono copies the 200's headers onto the replacement; a 304 keeps only those that describe caching.
      c.res = new Response(null, { status: 304 });
      for (const name of [...c.res.headers.keys()]) {
        if (!['vary', 'date', 'expires', 'content-location'].includes(name)) c.res.headers.delete(name);
      }
    }
    c.res.headers.set('ETag', etag);
    c.res.headers.set('Cache-Control', options.cacheControl);
    if (options.vary) c.res.headers.append('Vary', options.vary);
  };
}

async function bodyDigest(c: Context<AppEnv>): Promise<string> {
  const body = new Uint8Array(await c.res.clone().arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return Buffer.from(digest).toString('base64url');
}

/**
 * Makes a successful GET cacheable by anyone: `Cache-Control: public, max-age=300` and a strong ETag. Only
 * for data that is the same for every visitor.
 */
export const publicCache = conditionalGet({
  weak: false,
  cacheControl: `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`,
  methods: ['GET', 'HEAD'],
});

/**
 * Lets a browser revalidate one student's own answer: `Cache-Control: private, no-cache` with
 * `Vary: Authorization`, so that no shared cache keeps it and no other session's answer is taken for it.
 * The tag is weak, because the body may be compressed on the way and only its meaning is promised.
 */
export const privateRevalidate = conditionalGet({
  weak: true,
  cacheControl: 'private, no-cache',
  methods: ['GET'],
  vary: 'Authorization',
});
