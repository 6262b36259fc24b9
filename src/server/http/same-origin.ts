import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';
import type { AppEnv } from './types.ts';

const SAFE_METHODS = /^(GET|HEAD|OPTIONS)$/;

/**
 * Refuses a state-changing request that a browser sent from another site. Behind a TLS-terminating proxy
 * the browser's Origin is the public `https://` site while this server sees plain HTTP, so the Origin is
 * compared with PUBLIC_SITE_URL (and with the request's own origin, for a server reached directly), never
 * with the scheme the server happens to see. A browser marks its own same-origin requests with
 * `Sec-Fetch-Site: same-origin`. A request with neither header did not come from a web page (a webhook, a
 * script): it carries no ambient credential to abuse, since the API authenticates with a bearer token.
 */
export function sameOriginOnly(siteUrl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.test(c.req.method)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (fetchSite === 'same-origin') return next();
    if (origin === undefined && fetchSite === undefined) return next();
    if (origin !== undefined && (origin === siteUrl || origin === new URL(c.req.url).origin)) return next();
    throw new HttpError(403, 'This request came from another site and was refused.');
  };
}
