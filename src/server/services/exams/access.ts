import { PaymentCode } from '../../../lib/errors.ts';
import type { subscriptionStatus } from '../accounts.ts';
import { paymentRequired } from '../errors.ts';

/** A student's access to full exams, as subscriptionStatus reports it. */
export type AccessStatus = Awaited<ReturnType<typeof subscriptionStatus>>['status'];

/** Full exams need an active subscription or trial (DESIGN §6); the 402's code tells the client where to go. */
export function assertExamAccess(status: AccessStatus): void {
  if (status === 'none') {
    throw paymentRequired(PaymentCode.subscriptionRequired, 'Choose a plan to take full exams.');
  }
  if (status === 'expired') {
    throw paymentRequired(PaymentCode.subscriptionExpired, 'Your subscription has expired');
  }
}
