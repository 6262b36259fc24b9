const BRAND_NAME = 'ExamPrep NG';

/**
 * The company's brand and contact details. `name` is the product's one name: every page title, the logo's
 * label, the emails and the sender's default say it from here (tests/unit/brand.test.ts holds them to it).
 */
export const company = {
  name: BRAND_NAME,
  /** The wordmark (public/logo.svg, drawn by scripts/logo.mjs from `name`) and its size at full height. */
  logo: { src: '/logo.svg', width: 226, height: 40 },
  legalName: `${BRAND_NAME} Education Ltd.`,
  address: '14 Adeola Odeku Street, Victoria Island, Lagos, Nigeria',
  phones: ['+234 803 000 1122', '+234 907 000 3344'],
  whatsapp: '2348030001122',
  email: 'info@examprep.ng',
  social: {
    facebook: 'https://www.facebook.com/examprepng',
    x: 'https://x.com/examprepng',
    instagram: 'https://www.instagram.com/examprepng',
  },
  /** The app's store listings are not public yet (spec §1 shows no targets): the stores' search pages. */
  apps: {
    googlePlay: `https://play.google.com/store/search?q=${encodeURIComponent(BRAND_NAME)}&c=apps`,
    appStore: `https://apps.apple.com/ng/search?term=${encodeURIComponent(BRAND_NAME)}`,
  },
} as const;
