import { Hono } from 'hono';
import { ok } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of a two-letter country code, lower-cased, or 'unknown'. */
export function countryName(code: string | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code) || code.toUpperCase() === 'XX') return 'unknown';
  try {
    const name = regionNames.of(code.toUpperCase());
    return name && name.toUpperCase() !== code.toUpperCase() ? name.toLowerCase() : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** /api/v1/geo: the visitor's country, from the header the CDN sets (COUNTRY_HEADER). */
export function geoRoutes() {
  return new Hono<AppEnv>().get('/', (c) => {
    const code = c.req.header(c.get('deps').config.countryHeader);
    return ok(c, 'Country fetched successfully', { country_name: countryName(code) });
  });
}
