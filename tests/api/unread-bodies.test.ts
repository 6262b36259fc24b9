import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src/server/serve.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';

// An answer that leaves the request body unread must not spoil the keep-alive socket it came on: a proxy
// (Caddy in deploy/) sends another student's request on it next. These run on the real Node server of
// src/server/serve.ts over real sockets; app.request() has no socket to spoil.
const t = await createTestApp();
const server = createHttpServer(t.app, (_request, response) => {
  response.end('a page');
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const OVERSIZED = 1_100_000;
const UNREAD = 400_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The client end of the socket the answer came on, to tell a reused socket from a new one. */
  socketPort: number;
}

/** One request through a keep-alive agent; `chunked` sends the body without a Content-Length. */
function send(
  agent: Agent,
  method: string,
  path: string,
  options: { body?: Buffer; token?: string; chunked?: boolean } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = {
      'frontend-source': 'webuser',
      'content-type': 'application/json',
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body && !options.chunked) headers['content-length'] = String(options.body.length);
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (response) => {
      // The socket goes back to the agent's pool before 'end'.
      const socketPort = response.socket.localPort ?? 0;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          socketPort,
        }),
      );
    });
    request.on('error', reject);
    if (options.body && options.chunked) {
      // In a few writes, as an upload arrives.
      for (let start = 0; start < options.body.length; start += 64 * 1024) {
        request.write(options.body.subarray(start, start + 64 * 1024));
      }
      request.end();
    } else {
      request.end(options.body);
    }
  });
}

/** A JSON-looking body of `size` bytes that no route reads in full. */
function bodyOf(size: number) {
  return Buffer.from(`{"pad":"${'x'.repeat(size - 10)}"}`);
}

/**
 * Sends `first`, then at once a health check on the same agent (one socket at most): the health check must
 * be answered, on the same socket when the first answer kept it alive, on a new one when it said close.
 */
async function thenHealthCheck(first: (agent: Agent) => Promise<Answer>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const answer = await first(agent);
    const next = await send(agent, 'GET', '/api/v1/health');
    expect(next.status).toBe(200);
    if (answer.headers.connection === 'close') {
      expect(next.socketPort).not.toBe(answer.socketPort);
    } else {
      expect(next.socketPort).toBe(answer.socketPort);
    }
    return answer;
  } finally {
    agent.destroy();
  }
}

describe('an answer that leaves the body unread keeps its socket fit for the next request', () => {
  it('answers a body over 1 MB with a 413 that says Connection: close, and the next request goes on a new socket', async () => {
    const answer = await thenHealthCheck((agent) =>
      send(agent, 'POST', '/api/v1/user/login', { body: bodyOf(OVERSIZED) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
  });

  it('closes after a page answer to a body over 1 MB too', async () => {
    const answer = await thenHealthCheck((agent) =>
      send(agent, 'POST', '/exam', { body: bodyOf(OVERSIZED) }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
  });

  it('answers a chunked body that grows past 1 MB with a 413 that says Connection: close', async () => {
    const answer = await thenHealthCheck((agent) =>
      send(agent, 'POST', '/api/v1/user/login', { body: bodyOf(OVERSIZED), chunked: true }),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
  });

  it('reads the unread body of a 404 and keeps the socket alive', async () => {
    const answer = await thenHealthCheck((agent) =>
      send(agent, 'POST', '/api/v1/no-such-route', { body: bodyOf(UNREAD) }),
    );
    expect(answer.status).toBe(404);
    expect(answer.headers.connection).toBe('keep-alive');
  });

  it('reads the unread body of a 401 and keeps the socket alive', async () => {
    const answer = await thenHealthCheck((agent) =>
      send(agent, 'POST', '/api/v1/exam/offline', { body: bodyOf(UNREAD) }),
    );
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('keep-alive');
  });

  it('reads the unread body of a logout and keeps the socket alive', async () => {
    const { token } = await signUpStudent(t);
    const answer = await thenHealthCheck((agent) =>
      send(agent, 'POST', '/api/v1/user/logout', { body: bodyOf(UNREAD), token }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
  });

  it('serves a run of mixed requests on one keep-alive socket without a failure', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { token } = await signUpStudent(t);
    try {
      const statuses: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const sent = [
          send(agent, 'POST', '/api/v1/user/login', { body: bodyOf(OVERSIZED) }),
          send(agent, 'POST', '/api/v1/no-such-route', { body: bodyOf(UNREAD) }),
          send(agent, 'GET', '/api/v1/health'),
          send(agent, 'POST', '/api/v1/exam/offline', { body: bodyOf(UNREAD) }),
          send(agent, 'GET', '/api/v1/health'),
        ];
        for (const answer of await Promise.all(sent)) statuses.push(answer.status);
      }
      await send(agent, 'POST', '/api/v1/user/logout', { body: bodyOf(UNREAD), token });
      expect(statuses).toEqual([413, 404, 200, 401, 200, 413, 404, 200, 401, 200, 413, 404, 200, 401, 200]);
    } finally {
      agent.destroy();
    }
  });
});

describe('a socket that says Connection: close closes in stages', () => {
  /**
   * Opens a raw socket, announces `declared` bytes, and sends `chunks` of 64 KB, one every 5 ms. A client
   * that `keepsSending` goes on after the server's FIN instead of closing its side in turn.
   */
  async function upload(declared: number, chunks: number, keepsSending = false) {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: keepsSending });
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    const events: string[] = [];
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => events.push('end'));
    socket.on('error', (error: NodeJS.ErrnoException) => events.push(error.code ?? error.message));
    const closed = new Promise<number>((resolve) => {
      const start = Date.now();
      socket.once('close', () => resolve(Date.now() - start));
    });
    socket.write(
      `POST /api/v1/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nfrontend-source: webuser\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    for (let chunk = 0; chunk < chunks && !socket.destroyed; chunk += 1) {
      socket.write(Buffer.alloc(64 * 1024, 'x'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { socket, closed, events, received: () => received };
  }

  it('lets a client still uploading read its 413 and see a clean end, not a reset', async () => {
    const client = await upload(3_000_000, 12);
    client.socket.end();
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 413 .*\r\nConnection: close\r\n/s);
    expect(client.events).toEqual(['end']);
  });

  it('cuts a client that goes on sending after its 413 within a few seconds', async () => {
    const client = await upload(100_000_000, 0, true);
    const writer = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(Buffer.alloc(16 * 1024, 'x'));
    }, 20);
    try {
      const elapsed = await client.closed;
      expect(elapsed).toBeLessThan(5_000);
      expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
    } finally {
      clearInterval(writer);
    }
  });
});
