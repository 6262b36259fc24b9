import type { APIRoute } from 'astro';
import { getApp } from '../../server/runtime.ts';

export const prerender = false;

/** Hands every /api request to the Hono app, with the socket's address for rate limiting. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const app = await getApp();
  return app.fetch(request, { clientAddress });
};
