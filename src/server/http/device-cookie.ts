import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_DAYS, trustedDeviceFor } from '../services/trusted-devices.ts';
import type { AppEnv } from './types.ts';

/** The device cookie's name (docs/decisions/009-rate-limits-shared-in-redis-aimed-at-attackers-never-at-a.md, "Rate limits"). */
export const DEVICE_COOKIE = 'device';
/** The only path the browser sends the device cookie to: nothing else reads it. */
export const SIGN_IN_PATH = '/api/v1/user/login';

/** The device cookie the request carries, if any; a malformed Cookie header reads as none. */
export function presentedDeviceCookie(c: Context<AppEnv>): string | undefined {
  try {
    return getCookie(c, DEVICE_COOKIE) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The trusted device a sign-in for this phone number comes from, or undefined. A database failure reads as
 * no device: the sign-in then meets the ordinary limits.
 */
export async function trustedDevice(c: Context<AppEnv>, telephone: string): Promise<string | undefined> {
  const token = presentedDeviceCookie(c);
  if (!token) return undefined;
  const { db, clock } = c.get('deps');
  try {
    return await trustedDeviceFor(db, token, telephone, clock.now());
  } catch (error) {
    c.get('logger').warn({ err: error }, 'device cookie could not be checked');
    return undefined;
  }
}

/**
 * Gives the browser its device cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * page sends it), sent only to the sign-in route, Secure on an https site.
 */
export function setDeviceCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, DEVICE_COOKIE, value, {
    path: SIGN_IN_PATH,
    httpOnly: true,
    secure: c.get('deps').config.siteUrl.startsWith('https:'),
    sameSite: 'Strict',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
