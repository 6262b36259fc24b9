import type { MiddlewareHandler } from 'hono';
import { etagMatches } from './public-cache.ts';
import type { AppEnv } from './types.ts';

/**
 * Lets a browser revalidate one student's own answer: a weak ETag over the body, 304 with no body when
 * If-None-Match names it, and `Cache-Control: private, no-cache` with `Vary: Authorization`, so that no
 * shared cache keeps it and no other session's answer is ever taken for it. The tag is a digest of the
 * whole answer, so it changes whenever anything in it does (coins, plan, name, confirmation...). Weak,
 * because the body may be compressed on the way and only its meaning is promised.
 */
export const privateRevalidate: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || c.res.status !== 200) return;
  const body = new Uint8Array(await c.res.clone().arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const etag = `W/"${Buffer.from(digest).toString('base64url')}"`;
  if (etagMatches(c.req.header('if-none-match'), etag.slice(2))) {
    c.res = new Response(null, { status: 304 });
    for (const name of [...c.res.headers.keys()]) {
      if (!['vary', 'date', 'expires', 'content-location'].includes(name)) c.res.headers.delete(name);
    }
  }
  c.res.headers.set('ETag', etag);
  c.res.headers.set('Cache-Control', 'private, no-cache');
  c.res.headers.append('Vary', 'Authorization');
};
