import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/public-routes.ts';

export const prerender = true;

/** /robots.txt. Built, not a file in public/, because the Sitemap line needs the site's absolute URL. */
export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? 'http://localhost:4321'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
