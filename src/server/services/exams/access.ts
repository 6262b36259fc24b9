import { PaymentCode } from '../../../lib/errors.ts';
import type { Executor } from '../../db/client.ts';
import { paymentRequired } from '../../http/errors.ts';
import { subscriptionStatus } from '../accounts.ts';

/** Full exams need an active subscription or trial (DESIGN §6); the 402's code tells the client where to go. */
export async function requireExamAccess(db: Executor, userId: string, now: Date): Promise<void> {
  const { status } = await subscriptionStatus(db, userId, now);
  if (status === 'none') {
    throw paymentRequired(PaymentCode.subscriptionRequired, 'Choose a plan to take full exams.');
  }
  if (status === 'expired') {
    throw paymentRequired(PaymentCode.subscriptionExpired, 'Your subscription has expired');
  }
}
