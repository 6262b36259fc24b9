import type { APIRoute } from 'astro';
import { webAppManifest } from '../lib/web-app-manifest.ts';

export const prerender = true;

/** /manifest.webmanifest, built from the brand in src/lib/company.ts so that the name is spelled once. */
export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(webAppManifest(), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
