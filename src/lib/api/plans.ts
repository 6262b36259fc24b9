/**
 * The plans contract of GET /api/v1/plan (a `Paged<Plan>` in display order): the shape the server's
 * `publicPlan` returns and the pricing and payment screens read. Declared here once.
 */

/** A subscription plan as the API lists it. */
export interface Plan {
  _id: string;
  planId: string;
  /** The same id under the spec's older name, which navigation state still carries. */
  plan_id: string;
  title: string;
  /** The price in naira. */
  amount: number;
  /** The price as the card shows it, e.g. "per week". */
  perAmount: string;
  /** The unit of the plan's length: day, week, month or year. */
  frequency: string;
  lengthOfFrequency: number;
  /** Bonus coins credited when the plan is bought. */
  noOfCoin: number;
  /** What the card lists; empty when the screen should show its default features. */
  features: string[];
}
