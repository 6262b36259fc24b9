/** The student the island store tests sign in, and the plans they are offered, as the API sends them. */

import type { Plan } from '../../src/lib/api/plans.ts';
import type { SessionPayload, User } from '../../src/lib/api/user.ts';

/** Aisha Bello, confirmed, with the 80 welcome coins unless the test says otherwise. */
export const student = (overrides: Partial<User> = {}): User => ({
  _id: '0b7c6f0e-4a43-4f0c-9d4e-2d6f2f3f7a11',
  firstName: 'Aisha',
  lastName: 'Bello',
  email: 'aisha@example.com',
  emailVerified: true,
  pendingEmail: null,
  telephone: '08031234567',
  triviaPoints: 80,
  image: null,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** What signing in as Aisha answers (GET or POST /api/v1/user): no plan, 40 points, 1,250 coins. */
export const aishaSession = (token = 'token-aisha'): SessionPayload => ({
  user: student({ triviaPoints: 1250 }),
  isAdmin: false,
  profile: { totalScore: 40, subscription: { status: 'none', planId: null, planTitle: null, endsAt: null } },
  token,
});

/** Who pays, as a checkout names them: the student's identity and contacts. */
export const payer = () => {
  const { _id, firstName, lastName, email, telephone } = student();
  return { _id, firstName, lastName, email, telephone };
};

/** A weekly plan of this id and price in naira, with 40 bonus coins unless the test says otherwise. */
export const plan = (planId: string, amount: number, overrides: Partial<Plan> = {}): Plan => ({
  _id: `id-${planId}`,
  planId,
  plan_id: planId,
  title: planId.charAt(0).toUpperCase() + planId.slice(1),
  amount,
  perAmount: 'per week',
  frequency: 'week',
  lengthOfFrequency: 1,
  noOfCoin: 40,
  features: [],
  ...overrides,
});
