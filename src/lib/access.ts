import type { Profile } from './api/user.ts';
import { formatDayAndTime } from './format.ts';

/** What a student is told about their access to full exams, and whether to offer them the plans. */
export interface AccessSummary {
  text: string;
  /** True while a plan or the trial is running. */
  live: boolean;
  /** Show a link to /pricing: no plan, a trial, or one that has ended. */
  offerPlans: boolean;
}

type Subscription = Profile['subscription'];

function planName(subscription: Subscription): string {
  if (subscription.planTitle) return `${subscription.planTitle} plan`;
  return subscription.planId ? 'Your plan' : 'Your free trial';
}

/**
 * The line a student reads about their plan or trial, in West Africa Time ("Trial ends 25 Nov, 14:05").
 * Judged against `now` as well as the stored status, since the profile kept in the browser may be older
 * than the end it carries. A session stored before the API sent the subscription counts as no plan.
 */
export function accessSummary(subscription: Subscription | undefined, now: Date): AccessSummary {
  if (!subscription || subscription.status === 'none' || !subscription.endsAt) {
    return {
      text: 'No plan yet: full exams need a plan, and the daily test is free.',
      live: false,
      offerPlans: true,
    };
  }
  const ends = formatDayAndTime(subscription.endsAt);
  if (subscription.status === 'expired' || Date.parse(subscription.endsAt) <= now.getTime()) {
    return { text: `${planName(subscription)} ended ${ends}`, live: false, offerPlans: true };
  }
  if (subscription.status === 'trial') return { text: `Trial ends ${ends}`, live: true, offerPlans: true };
  return { text: `${planName(subscription)} ends ${ends}`, live: true, offerPlans: false };
}
