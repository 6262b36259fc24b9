import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

/** How long browsers and CDNs may keep public catalogue data before checking it again. */
export const PUBLIC_MAX_AGE_SECONDS = 300;

/** Whether If-None-Match names the tag (weak and strong forms compare alike, as a GET's revalidation may). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Makes a successful GET cacheable by anyone: `Cache-Control: public, max-age=300` and a strong ETag over
 * the body, answering 304 with no body when If-None-Match names it. Only for data that is the same for
 * every visitor. (Hono's own etag middleware drops Cache-Control from its 304.)
 */
export const publicCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.res.status !== 200) return;
  const body = new Uint8Array(await c.res.clone().arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const etag = `"${Buffer.from(digest).toString('base64url')}"`;
  const cacheControl = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`;
  if (etagMatches(c.req.header('if-none-match'), etag)) {
    // Hono copies the 200's headers onto the replacement; a 304 keeps only those that describe caching.
    c.res = new Response(null, { status: 304 });
    for (const name of [...c.res.headers.keys()]) {
      if (!['vary', 'date', 'expires', 'content-location'].includes(name)) c.res.headers.delete(name);
    }
  }
  c.res.headers.set('ETag', etag);
  c.res.headers.set('Cache-Control', cacheControl);
};
