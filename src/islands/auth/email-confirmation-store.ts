import { atom, computed } from 'nanostores';
import { userApi } from '../../lib/api/endpoints.ts';
import { CONFIRMATION_LINK_HOURS, type EmailConfirmed, type User } from '../../lib/api/user.ts';
import { $auth } from '../../lib/client/session.ts';
import { environment } from '../shared/environment.ts';

/** What a Resend link button shows beside itself. */
export type ResendState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; message: string }
  | { status: 'failed'; message: string };

/** What a signed-in student still has to confirm, if anything. */
export type AwaitedConfirmation =
  | { kind: 'sign-up'; email: string }
  | { kind: 'change'; email: string; current: string }
  | null;

/**
 * What the notice shows for a user. An account stored before the API said whether the email is confirmed
 * (emailVerified undefined) is treated as confirmed until GET /user says otherwise.
 */
export function awaitedConfirmation(user: Pick<User, 'email' | 'emailVerified' | 'pendingEmail'> | null) {
  if (!user) return null;
  if (user.pendingEmail) return { kind: 'change', email: user.pendingEmail, current: user.email } as const;
  if (user.emailVerified === false) return { kind: 'sign-up', email: user.email } as const;
  return null;
}

/** One Resend link button: sends, then says where the link went or why it did not. */
export function createResend() {
  const $resend = atom<ResendState>({ status: 'idle' });

  async function resend() {
    if ($resend.get().status === 'sending') return;
    $resend.set({ status: 'sending' });
    // quiet: the result is shown beside the button, where a screen reader hears it; a 429 still toasts.
    const result = await environment().call(userApi.resendConfirmation, { quiet: true });
    if (result.ok) {
      $resend.set({
        status: 'sent',
        message: `${result.message} It works for ${CONFIRMATION_LINK_HOURS} hours.`,
      });
      return;
    }
    // Confirmed meanwhile (on another device): the fresh account makes the notice go away.
    if (result.status === 409) void environment().loadUser();
    $resend.set({ status: 'failed', message: result.message });
  }

  return { $resend, resend };
}

/** The notice on the student's pages: what waits for confirmation, and a one-tap resend. */
export function createConfirmationNoticeStore() {
  const $awaited = computed($auth, (state) => awaitedConfirmation(state.user));
  const { $resend, resend } = createResend();

  /** Refreshes the stored account when it still waits, so a link opened on another device shows here. */
  function init() {
    if ($awaited.get()) void environment().loadUser();
  }

  return { $awaited, $resend, resend, init };
}

/** What /verify-email shows. */
export type VerifyState =
  | { status: 'verifying' }
  | {
      status: 'confirmed';
      message: string;
      purpose: EmailConfirmed['purpose'];
      /** The link had been opened before (a double tap, a mail scanner): the address was confirmed then. */
      alreadyConfirmed: boolean;
    }
  | { status: 'failed'; message: string; offline: boolean };

/** The heading /verify-email shows over a link that worked. */
export function confirmedHeading(
  state: Pick<Extract<VerifyState, { status: 'confirmed' }>, 'purpose' | 'alreadyConfirmed'>,
) {
  if (state.alreadyConfirmed) return 'Email already confirmed';
  return state.purpose === 'change' ? 'Email changed' : 'Email confirmed';
}

/** /verify-email: posts the token from the link once, then shows the outcome. */
export function createVerifyEmailStore() {
  const $state = atom<VerifyState>({ status: 'verifying' });
  const $signedIn = computed($auth, (state) => state.isAuth);
  const { $resend, resend } = createResend();
  let lastToken = '';

  async function verify(token: string) {
    lastToken = token;
    if (!token) {
      $state.set({
        status: 'failed',
        message: 'This page needs the link from your confirmation email. Open the link from the email again.',
        offline: false,
      });
      return;
    }
    $state.set({ status: 'verifying' });
    const result = await environment().call(userApi.confirmEmail, { body: { token }, quiet: true });
    if (!result.ok) {
      $state.set({ status: 'failed', message: result.message, offline: result.status === 0 });
      return;
    }
    if (result.data.account) environment().replaceAccount(result.data.account);
    else if ($signedIn.get()) void environment().loadUser();
    $state.set({
      status: 'confirmed',
      message: result.message,
      purpose: result.data.purpose,
      alreadyConfirmed: result.data.alreadyConfirmed === true,
    });
  }

  return { $state, $signedIn, $resend, resend, verify, retry: () => verify(lastToken) };
}
