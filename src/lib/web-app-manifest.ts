import { company } from './company.ts';

/**
 * The colours a phone paints around the app: the header green (`--green` in src/styles/global.css) for the
 * status bar and the page grey (`--page`) for the splash screen while the first page loads.
 */
export const THEME_COLOUR = '#0b6e4f';
export const BACKGROUND_COLOUR = '#f6f8fa';

/** Where the manifest is served (src/pages/manifest.webmanifest.ts builds it). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The icons under public/icons/, drawn by scripts/logo.mjs from the mark. */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The iPhone's home-screen icon, which iOS reads from a <link> rather than from the manifest. */
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

/**
 * The web app manifest (W3C Web Application Manifest): what Android Chrome needs to offer "Install app" and
 * to open the app full screen from the home screen, on its home page.
 */
export function webAppManifest() {
  return {
    id: '/',
    name: company.name,
    short_name: company.name,
    description: 'Past questions for COMMON ENTRANCE, BECE, NECO, WAEC, GCE, JAMB and IELTS, on your phone.',
    lang: 'en-NG',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['education'],
    icons: APP_ICONS,
    // A long press on the home-screen icon goes straight to the two ways to practise.
    shortcuts: [
      { name: 'Practise a past paper', url: '/select-exam' },
      { name: 'Daily test', url: '/practice-subject' },
    ],
  };
}
