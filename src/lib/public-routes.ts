/**
 * The routes a guest may open and a search engine should index (spec §6): the sitemap lists them. Pages
 * behind sign-in, and the screens that only make sense with navigation state, are left out.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/about-us',
  '/contact-us',
  '/review',
  '/instructions',
  '/faqs',
  '/policy',
  '/terms-and-conditions',
  '/pricing',
  '/contests',
  '/practice-subject',
  '/sign-up',
  '/login',
] as const;

/** The sitemap XML for the public routes under `site`, in the trailing-slash form of the canonical URLs. */
export function sitemapXml(site: URL | string): string {
  const urls = PUBLIC_ROUTES.map((route) => {
    const location = new URL(route === '/' ? '/' : `${route}/`, site).href;
    return `  <url><loc>${location}</loc></url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the API may be crawled, and the sitemap is named by its absolute URL. */
export function robotsTxt(site: URL | string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ].join('\n');
}
