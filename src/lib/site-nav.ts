/** The site's navigation, as the spec's header lists it (§2). `auth` limits a link to signed-in or guest users. */
export interface NavLink {
  label: string;
  href: string;
  auth?: 'in' | 'out';
}

export const desktopLinks: NavLink[] = [
  { label: 'HOME', href: '/' },
  { label: 'PRACTICE EXAMS', href: '/select-exam' },
  { label: 'DAILY TEST', href: '/practice-subject' },
  { label: 'LEADER BOARD', href: '/leader-board' },
  { label: 'PRICING', href: '/pricing' },
  { label: 'BUY COINS', href: '/buy-coins' },
];

export const moreLinks: NavLink[] = [
  { label: 'Login', href: '/login' },
  { label: 'SignUp', href: '/sign-up' },
  { label: 'PracticeSubjects', href: '/practice-subject' },
  { label: 'BuyCoin', href: '/buy-coins' },
  { label: 'Profile', href: '/profile' },
  { label: 'Contests', href: '/contests' },
  { label: 'About Us', href: '/about-us' },
  { label: 'Review', href: '/review' },
  { label: 'Policy', href: '/policy' },
  { label: 'FAQ', href: '/faqs' },
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Instructions', href: '/instructions' },
  { label: 'Terms&Conditions', href: '/terms-and-conditions' },
];

/** The mobile menu has no PRICING entry (spec §2). */
export const mobileLinks: NavLink[] = [
  { label: 'HOME', href: '/' },
  { label: 'PRACTICE EXAMS', href: '/select-exam' },
  { label: 'DAILY TEST', href: '/practice-subject' },
  { label: 'LEADER BOARD', href: '/leader-board' },
  { label: 'CONTESTS', href: '/contests' },
  { label: 'BUY COINS', href: '/buy-coins' },
  { label: 'CONTACT US', href: '/contact-us' },
  { label: 'INSTRUCTIONS', href: '/instructions' },
  { label: 'ABOUT US', href: '/about-us' },
  { label: 'FAQs', href: '/faqs' },
  { label: 'POLICY', href: '/policy' },
  { label: 'TERMS & CONDITIONS', href: '/terms-and-conditions' },
];
