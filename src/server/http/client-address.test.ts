import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import { clientAddress } from './client-address.ts';
import type { AppEnv } from './types.ts';

/** The address the app keys its limits on, for one request through a proxy chain. */
async function addressSeen(trustProxy: string, socket: string, forwardedFor?: string): Promise<string> {
  const config = parseConfig({ TRUST_PROXY: trustProxy });
  const app = new Hono<AppEnv>().get('/', (c) => {
    c.set('deps', { config } as AppDeps);
    return c.text(clientAddress(c));
  });
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const response = await app.request('/', { headers }, { clientAddress: socket });
  return response.text();
}

describe('clientAddress', () => {
  it('takes the socket address and ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await addressSeen('false', '203.0.113.5', '198.51.100.1')).toBe('203.0.113.5');
  });

  it('takes the entry the one trusted proxy appended, never the first entry a client wrote', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy at 10.0.0.1 appended the real 203.0.113.5.
    expect(await addressSeen('1', '10.0.0.1', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await addressSeen('true', '10.0.0.1', '6.6.6.6, 7.7.7.7, 203.0.113.5')).toBe('203.0.113.5');
  });

  it('takes the socket address behind a trusted proxy that sent no X-Forwarded-For', async () => {
    expect(await addressSeen('1', '10.0.0.1')).toBe('10.0.0.1');
  });

  it('walks back as many hops as TRUST_PROXY names', async () => {
    // CDN (appends the client) -> load balancer 10.0.0.2 (appends the CDN) -> app, socket 10.0.0.1.
    expect(await addressSeen('2', '10.0.0.1', '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5');
    expect(await addressSeen('1', '10.0.0.1', '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('10.0.0.2');
  });

  it('trusts only the listed proxy addresses and ranges', async () => {
    const trusted = 'loopback, 10.0.0.0/8';
    expect(await addressSeen(trusted, '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    // A client that reaches the app without the proxy cannot name its own address.
    expect(await addressSeen(trusted, '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
  });
});
