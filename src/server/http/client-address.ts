import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';
import type { Config } from '../config.ts';
import type { AppEnv } from './types.ts';

type Trust = (address: string, hop: number) => boolean;

const compiled = new WeakMap<Config, Trust>();

/** The trust function of a configuration: compiled once, since it runs on every rate-limited request. */
function trustOf(config: Config): Trust {
  let trust = compiled.get(config);
  if (!trust) {
    const setting = config.trustProxy;
    trust =
      setting === false
        ? () => false
        : typeof setting === 'number'
          ? (_address, hop) => hop < setting
          : proxyAddr.compile(setting);
    compiled.set(config, trust);
  }
  return trust;
}

/**
 * The client's address for rate limiting. Walking X-Forwarded-For from the right, starting at the socket,
 * each trusted proxy vouches for the entry it appended; the first untrusted hop is the client. The entries a
 * client writes itself sit to the left of that and are never read (proxies append, they do not replace).
 */
export function forwardedClientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trust: Trust,
): string {
  const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: socketAddress } };
  return proxyAddr(request as unknown as Parameters<typeof proxyAddr>[0], trust);
}

/** The address of the client behind this request, as far as the trusted proxies (TRUST_PROXY) vouch for it. */
export function clientAddress(c: Context<AppEnv>): string {
  const socket = c.env?.clientAddress ?? 'unknown';
  const config = c.get('deps').config;
  if (config.trustProxy === false) return socket;
  return forwardedClientAddress(socket, c.req.header('x-forwarded-for'), trustOf(config));
}
