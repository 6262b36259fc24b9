// The production entry: Astro's built handler (pre-rendered pages, assets and the API) behind gzip and the
// security headers that a <meta> tag cannot carry. `npm start` builds and then runs this file.
import { createServer } from 'node:http';
import compression from 'compression';
import { loadConfig } from './src/server/config.ts';

const config = loadConfig();

// Astro's standalone entry would start its own server on import; this file runs the one server instead.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('./dist/server/entry.mjs');

// Script and style sources come from the CSP <meta> tag Astro writes with the hash of each inline script.
const pageHeaders = {
  'Content-Security-Policy': "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

const compress = compression();

const server = createServer((request, response) => {
  // The API sets its own security headers (src/server/app.ts); adding these would only cost bytes per call.
  if (!request.url?.startsWith('/api')) {
    for (const [name, value] of Object.entries(pageHeaders)) response.setHeader(name, value);
  }
  compress(request, response, () => handler(request, response));
});

server.listen(config.port, config.host, async () => {
  const origin = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  // Booting on the first request would make the first student wait for migrations and seeding.
  const health = await fetch(`${origin}/api/v1/health`).catch((error) => error);
  const ready = health instanceof Response && health.ok;
  console.log(
    ready ? `Exam practice is ready at ${origin}` : `Start-up check failed: ${health.status ?? health}`,
  );
  if (!ready) process.exitCode = 1;
});
