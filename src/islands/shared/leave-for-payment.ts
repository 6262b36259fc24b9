import { PaymentCode } from '../../lib/errors.ts';
import { environment } from './environment.ts';

/**
 * A call refused for want of a plan sends the student to pay: an expired plan to its renewal page, no plan
 * to the plans with the refusal's message. `leave` goes there (the quiz first lets go of its attempt).
 * True when the refusal was one of those, and the student has been sent.
 */
export function leaveForPayment(
  result: { code?: string; message: string },
  leave: (path: string) => void = (path) => environment().navigate(path),
): boolean {
  if (result.code === PaymentCode.subscriptionExpired) {
    leave('/subscribe-now');
    return true;
  }
  if (result.code === PaymentCode.subscriptionRequired) {
    environment().toastAfterNavigation(result.message, 'info');
    leave('/pricing');
    return true;
  }
  return false;
}
