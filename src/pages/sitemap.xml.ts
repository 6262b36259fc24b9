import type { APIRoute } from 'astro';
import { sitemapXml } from '../lib/public-routes.ts';

export const prerender = true;

/** /sitemap.xml, written at build time from the public routes and PUBLIC_SITE_URL. */
export const GET: APIRoute = ({ site }) =>
  new Response(sitemapXml(site ?? 'http://localhost:4321'), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
