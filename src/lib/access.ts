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

function planName(subscription: Pick<Subscription, 'planId' | 'planTitle'>): string {
  if (subscription.planTitle) return `${subscription.planTitle} plan`;
  return subscription.planId ? 'Your plan' : 'Your free trial';
}

/** The plan or trial running now, as the start of the line: "Trial ends …", "Monthly plan ends …". */
function runningName(current: NonNullable<Subscription['current']>): string {
  return current.planId ? planName(current) : 'Trial';
}

/**
 * The line a student reads about their plan or trial, in West Africa Time ("Trial ends 25 Nov, 14:05";
 * "Monthly plan ends 25 Dec, 14:05, then Weekly plan until 1 Jan, 14:05" when one is queued behind another).
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
  // A plan bought on top of another starts when that one ends: name both, rather than give the whole
  // period to the plan that ends last.
  const current = subscription.current;
  if (current && Date.parse(current.endsAt) > now.getTime()) {
    const next = current.plansAfter > 1 ? `${current.plansAfter} more plans` : planName(subscription);
    const text = `${runningName(current)} ends ${formatDayAndTime(current.endsAt)}, then ${next} until ${ends}`;
    return { text, live: true, offerPlans: false };
  }
  if (subscription.status === 'trial') return { text: `Trial ends ${ends}`, live: true, offerPlans: true };
  return { text: `${planName(subscription)} ends ${ends}`, live: true, offerPlans: false };
}
