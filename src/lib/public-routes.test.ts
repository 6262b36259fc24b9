import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, robotsTxt, sitemapXml } from './public-routes.ts';

describe('sitemapXml', () => {
  it('lists every public route once, as absolute canonical URLs', () => {
    const xml = sitemapXml('https://examprep.ng');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toHaveLength(PUBLIC_ROUTES.length);
    expect(locations).toContain('https://examprep.ng/');
    expect(locations).toContain('https://examprep.ng/terms-and-conditions/');
    // The list of contests is public; one contest's page and its levels are not (their address needs an id).
    expect(locations).toContain('https://examprep.ng/contests/');
    expect(locations.some((location) => location?.includes('/contest/'))).toBe(false);
    expect(locations.some((location) => location?.includes('/contest-play'))).toBe(false);
    // Pages behind sign-in stay out, the UTME mock among them.
    expect(locations.some((location) => location?.includes('/profile'))).toBe(false);
    expect(locations.some((location) => location?.includes('/utme'))).toBe(false);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of the API and names the sitemap', () => {
    expect(robotsTxt('https://examprep.ng')).toBe(
      'User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: https://examprep.ng/sitemap.xml\n',
    );
  });
});
