/** The company's contact details, shown in the footer and on the contact page. */
export const company = {
  name: 'ExamPrep NG',
  legalName: 'ExamPrep NG Education Ltd.',
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
    googlePlay: 'https://play.google.com/store/search?q=ExamPrep%20NG&c=apps',
    appStore: 'https://apps.apple.com/ng/search?term=ExamPrep%20NG',
  },
} as const;
