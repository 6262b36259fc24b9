import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import type { App } from './app.ts';
import type { Config } from './config.ts';
import { PAGE_POLICY } from './content-security-policy.ts';
import { getRuntime } from './runtime.ts';

/** Astro's built request handler: pre-rendered pages and the static files. */
export type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** The methods the site serves; anything else (TRACE, TRACK, CONNECT, ...) is answered 405 at the door. */
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...SERVED_METHODS].join(', ');

/** The headers of everything outside /api; deploy/Caddyfile sends the same for the pages it serves from disk. */
export const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_POLICY,
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Files the browser must check with the server on every use (a 304 when unchanged): the service worker,
 * so that a new version of the app reaches the phone on its next visit. Astro's file server would send
 * `public, max-age=0`; `no-cache` says it plainly, as deploy/Caddyfile does for every public file.
 */
const ALWAYS_REVALIDATED = new Set(['/sw.js']);

const METHOD_REFUSED = JSON.stringify({ success: false, message: 'This method is not allowed here' });

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function refuseMethod(response: ServerResponse) {
  response.writeHead(405, {
    Allow: ALLOW,
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'no-store',
  });
  response.end(METHOD_REFUSED);
}

const RAW_METHOD_REFUSED = `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(METHOD_REFUSED)}\r\nConnection: close\r\n\r\n${METHOD_REFUSED}`;

// Node hands CONNECT to this event (or drops the connection without an answer when nobody listens).
function refuseConnect(_request: IncomingMessage, socket: Duplex) {
  socket.end(RAW_METHOD_REFUSED);
}

// A method Node's parser does not know (TRACK, ...) never becomes a request; Node would answer 400.
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) {
    socket.destroy();
  } else if (error.code === 'HPE_INVALID_METHOD') {
    socket.end(RAW_METHOD_REFUSED);
  } else {
    // The answers Node itself would give.
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
}

/** The largest request body the site takes: the API answers 413 past it (hono/body-limit in app.ts). */
const MAX_BODY_BYTES = 1024 * 1024;

/** How long a socket that said `Connection: close` goes on taking the rest of a body before it is destroyed. */
const LINGER_MS = 2_000;

/** Gives way to the next chunk once the listener has been taken off (see discardRest). */
function ignore() {}

/**
 * Reads and throws away what is left of a request body, so that the parser reaches the next request on a
 * kept-alive socket. The API's body is a web stream over the request (Readable.toWeb), which pauses the
 * request again each time its queue is full and nobody reads it: its listener comes off first, as in Node's
 * own dump of an unread body.
 */
function discardRest(request: IncomingMessage) {
  if (request.readableEnded || request.destroyed) return;
  request.removeAllListeners('data');
  request.on('data', ignore);
  request.resume();
}

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(), which destroys the socket once the
 * answer is written: with the rest of a body still coming, the kernel answers it with a reset, and a client
 * still uploading loses the answer it was sent (RFC 9112 section 9.6). This socket closes in stages
 * instead: it sends its FIN, discards what the client still sends (1 MB, 2 s at most) and is destroyed when
 * the client closes its side or the time is up.
 */
function lingerOnClose(request: IncomingMessage, socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    discardRest(request);
    const limit = socket.bytesRead + MAX_BODY_BYTES;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    const watch = () => {
      if (socket.bytesRead > limit) socket.destroy();
    };
    socket.on('data', watch);
    socket.once('close', () => {
      clearTimeout(timer);
      socket.off('data', watch);
    });
  };
}

/**
 * Keeps a kept-alive socket fit for its next request whatever the answer did with the request body. A body
 * announced above 1 MB is never read: the answer (the API's 413) says `Connection: close` and the socket
 * closes in stages. Any other body left unread is read and discarded after the answer; a body of unknown
 * length (chunked) still arriving when the answer starts may be endless, so that answer says
 * `Connection: close` instead of promising a socket it may have to cut. A 413 always closes. Otherwise a
 * client (Caddy above all) sends its next request on a socket that is stuck behind the unread body.
 */
function guardRequestBody(request: IncomingMessage, response: ServerResponse) {
  const chunked = request.headers['transfer-encoding'] !== undefined;
  const declared = Number(request.headers['content-length'] ?? 0);
  if (!chunked && !(declared > 0)) return;
  const close = () => {
    if (response.headersSent || response.hasHeader('Connection')) return;
    response.setHeader('Connection', 'close');
    lingerOnClose(request, request.socket);
  };
  if (!chunked && declared > MAX_BODY_BYTES) close();
  // Every answer's headers pass here, the implicit ones of write() and end() too.
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 413 || (chunked && !request.complete)) close();
    return writeHead.apply(this, args);
  } as typeof writeHead;
  response.once('finish', () => discardRest(request));
}

/**
 * The one HTTP server of a process: `/api` goes straight to the Hono app (not through Astro's request
 * pipeline, which costs more than the API call itself), everything else to Astro's handler with the page
 * security headers that a <meta> tag cannot carry; both behind gzip.
 */
export function createHttpServer(api: App, pages: PageHandler): Server {
  // compression is typed for Express, but uses only what Node's own request and response have.
  const compress = compression() as unknown as (
    request: IncomingMessage,
    response: ServerResponse,
    next: () => void,
  ) => void;
  const apiListener = getRequestListener(
    (request, env) => api.fetch(request, { clientAddress: env.incoming.socket.remoteAddress }),
    // The adapter's own clean-up reads an unread body after the answer, but gives up after 500 ms and cuts
    // the socket its answer had just promised to keep alive; guardRequestBody does it instead.
    { autoCleanupIncoming: false },
  );
  const server = createServer((request, response) => {
    guardRequestBody(request, response);
    if (!SERVED_METHODS.has(request.method ?? '')) {
      refuseMethod(response);
    } else if (isApiPath(request.url ?? '/')) {
      compress(request, response, () => apiListener(request, response));
    } else {
      for (const [name, value] of Object.entries(PAGE_HEADERS)) response.setHeader(name, value);
      // Astro's file server keeps a Cache-Control that is already set.
      if (ALWAYS_REVALIDATED.has((request.url ?? '/').split('?')[0] ?? '/')) {
        response.setHeader('Cache-Control', 'no-cache');
      }
      compress(request, response, () => pages(request, response));
    }
  });
  server.on('connect', refuseConnect);
  server.on('clientError', answerClientError);
  return server;
}

/**
 * Boots the API (database open, migrated and seeded), then listens. On SIGTERM or SIGINT it stops taking
 * connections, lets the requests in flight finish (10 s at most) and closes the database.
 */
export async function serve(config: Config, loadPages: () => Promise<PageHandler>): Promise<Server> {
  const runtime = await getRuntime();
  const server = createHttpServer(runtime.app, await loadPages());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info('shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      await runtime.close().catch(() => {});
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}

/** Where a server listening on `config` can be reached, for the start-up message. */
export function serverOrigin(config: Config): string {
  return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
}
