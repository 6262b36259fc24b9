import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src/server/serve.ts';
import { createTestApp, signUpStudent } from '../support/test-app.ts';

// The API as production runs it: the real Node server of src/server/serve.ts, reached the way a
// TLS-terminating proxy (nginx, Caddy, HAProxy) forwards a browser's request: plain HTTP to the instance,
// the browser's own https Origin, and the proxy's X-Forwarded-* headers.
const PUBLIC_SITE = 'https://exam.example.ng';
const t = await createTestApp({ PUBLIC_SITE_URL: PUBLIC_SITE, TRUST_PROXY: '1' });
const server = createHttpServer(t.app, (_request, response) => {
  response.end('a page');
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request over a real socket, as the proxy sends it; resolves with the status, headers and body. */
function send({ method, path, headers = {}, body }: Sent) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
      });
      request.on('error', reject);
      request.end(body);
    },
  );
}

/** The headers a TLS-terminating proxy adds to a browser's request for the public site. */
function proxied(browser: Record<string, string>): Record<string, string> {
  return {
    host: `127.0.0.1:${port}`,
    'x-forwarded-for': '102.89.4.17',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'exam.example.ng',
    'frontend-source': 'webuser',
    ...browser,
  };
}

async function currentUser(token: string) {
  return send({
    method: 'GET',
    path: '/api/v1/user',
    headers: proxied({ authorization: `Bearer ${token}` }),
  });
}

describe('behind a TLS-terminating proxy', () => {
  it('logs out with the body-less POST a browser sends from the https site, and the token stops working', async () => {
    const { token } = await signUpStudent(t);
    // A browser that does not send Sec-Fetch-Site is judged by its Origin alone.
    const logout = await send({
      method: 'POST',
      path: '/api/v1/user/logout',
      headers: proxied({ origin: PUBLIC_SITE, authorization: `Bearer ${token}` }),
    });
    expect(logout.status).toBe(200);
    expect((await currentUser(token)).status).toBe(401);
  });

  it('logs out when the browser marks the request same-origin', async () => {
    const { token } = await signUpStudent(t);
    const logout = await send({
      method: 'POST',
      path: '/api/v1/user/logout',
      headers: proxied({
        origin: PUBLIC_SITE,
        'sec-fetch-site': 'same-origin',
        authorization: `Bearer ${token}`,
      }),
    });
    expect(logout.status).toBe(200);
    expect((await currentUser(token)).status).toBe(401);
  });

  it('answers the form-encoded GRW call from the https site', async () => {
    const response = await send({
      method: 'POST',
      path: '/api',
      headers: proxied({ origin: PUBLIC_SITE, 'content-type': 'application/x-www-form-urlencoded' }),
      body: 'action=GRW&msisdn=',
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toMatchObject({ success: true, data: { active: false } });
  });

  it('refuses a cross-site logout and a cross-site form post, and the token stays valid', async () => {
    const { token } = await signUpStudent(t);
    const browsers: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // The public site's name over plain http is another origin.
      { origin: 'http://exam.example.ng' },
    ];
    for (const browser of browsers) {
      const logout = await send({
        method: 'POST',
        path: '/api/v1/user/logout',
        headers: proxied({ ...browser, authorization: `Bearer ${token}` }),
      });
      expect(logout.status).toBe(403);
      expect(JSON.parse(logout.text)).toMatchObject({ success: false });
    }
    const grw = await send({
      method: 'POST',
      path: '/api',
      headers: proxied({
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      }),
      body: 'action=GRW&msisdn=',
    });
    expect(grw.status).toBe(403);
    expect((await currentUser(token)).status).toBe(200);
  });
});

describe('methods the API does not serve', () => {
  it.each(['TRACE', 'TRACK', 'PROPFIND', 'LINK'])(
    'answers %s with 405 and the methods it allows',
    async (method) => {
      for (const path of ['/api/v1/user', '/api/v1/health', '/']) {
        const response = await send({ method, path, headers: proxied({}) });
        expect(response.status).toBe(405);
        expect(String(response.headers.allow)).toContain('GET');
        expect(JSON.parse(response.text)).toMatchObject({ success: false });
      }
    },
  );

  it('answers CONNECT with 405 instead of dropping the connection', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`CONNECT /api/v1/user HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 405 /);
  });
});
