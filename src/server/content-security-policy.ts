/**
 * The pages' Content-Security-Policy. A page gets it twice, and the browser enforces both copies (a
 * resource must pass each): the header that src/server/serve.ts and deploy/Caddyfile send, and the <meta>
 * tag Astro writes into each page (astro.config.mjs) with the hash of every inline script and style of that
 * page. Only the meta tag can name those hashes, since Caddy serves the pre-rendered pages from disk with one
 * header for all; only the header can carry `frame-ancestors`.
 */

// Paystack's inline checkout (@paystack/inline-js, bundled into our own scripts) shows its checkout in an
// iframe and calls its API from the page: api for the transaction, standard for Apple Pay on an iPhone.
const PAYSTACK_CHECKOUT = 'https://checkout.paystack.com';
const PAYSTACK_CALLS = ['https://api.paystack.co', 'https://standard.paystack.co'];

/** A directive that both copies can carry (astro.config.mjs checks them against Astro's list). */
type LoadDirective =
  | `${'default' | 'img' | 'connect' | 'frame' | 'font' | 'object'}-src ${string}`
  | `${'base-uri' | 'form-action'} ${string}`;

/**
 * What a page may load besides scripts and styles, in both copies: the header covers responses that are no
 * page (an SVG opened directly), the meta tag a page served without our header. The web app manifest and
 * the service worker are the site's own, so `default-src` covers them.
 */
export const LOAD_DIRECTIVES: LoadDirective[] = [
  "default-src 'self'",
  // blob: is a diagram of a downloaded paper, read from IndexedDB; https: a question bank's diagram on
  // another site (docs/question-bank.md allows any http(s) address).
  "img-src 'self' blob: https:",
  `connect-src 'self' ${PAYSTACK_CALLS.join(' ')}`,
  `frame-src ${PAYSTACK_CHECKOUT}`,
  // The build writes KaTeX's smallest font into its stylesheet as a data: address (Vite inlines files
  // under 4 KB); the others are files of the site.
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** Script sources of the meta tag, to which Astro adds the page's hashes. */
export const SCRIPT_SOURCES = ["'self'"];

/** Style sources of the meta tag, to which Astro adds the page's hashes. */
export const STYLE_SOURCES = ["'self'"];

/**
 * The header's policy. Its script and style sources add 'unsafe-inline' because the hashes are only in the
 * meta tag: without it, this copy would refuse the inline scripts the meta tag allows. The meta tag's
 * hashes still decide, as an inline script or style runs only when both copies allow it. Neither allows eval.
 */
export const PAGE_POLICY = [
  ...LOAD_DIRECTIVES,
  `script-src ${SCRIPT_SOURCES.join(' ')} 'unsafe-inline'`,
  `style-src ${STYLE_SOURCES.join(' ')} 'unsafe-inline'`,
  // A meta tag cannot say this.
  "frame-ancestors 'none'",
].join('; ');
