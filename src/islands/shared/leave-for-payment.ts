import { $auth } from '../../lib/client/session.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { awaitedConfirmation } from '../auth/email-confirmation-store.ts';
import { environment } from './environment.ts';

/**
 * The email to confirm when a call was refused for want of a plan and the signed-in student has not
 * confirmed the address they signed up with: confirming starts the free trial, so they need no plan yet.
 * Undefined for any other refusal or account. A page opened with a session's token may not hold its student
 * yet (the page's check of the user is still on its way): the refusal waits for that check rather than
 * sending an unconfirmed student to the plans.
 */
export async function trialAwaitsConfirmation(result: { code?: string }): Promise<string | undefined> {
  if (result.code !== PaymentCode.subscriptionRequired) return undefined;
  if (!$auth.get().user) await environment().loadUser();
  const awaited = awaitedConfirmation($auth.get().user);
  return awaited?.kind === 'sign-up' ? awaited.email : undefined;
}

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
