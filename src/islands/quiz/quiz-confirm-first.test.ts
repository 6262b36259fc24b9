import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answeringApi, failed, ok } from '../../../tests/support/quiz-fixture.ts';
import { testEnvironment } from '../../../tests/support/store-environment.ts';
import { student } from '../../../tests/support/student-fixture.ts';
import { examApi, userApi } from '../../lib/api/endpoints.ts';
import { $auth } from '../../lib/client/session.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { createResend } from '../auth/email-confirmation-store.ts';
import type { Environment } from '../shared/environment.ts';
import { createQuizStore } from './quiz-store.ts';

// A full exam refused for want of a plan, to a student whose email waits for confirmation: the free trial
// starts when they confirm, so the quiz says so (with Resend) and does not send them to /pricing.

const paperState = {
  examType: { _id: 'jamb', title: 'JAMB' },
  subject: { _id: 'maths', title: 'Mathematics' },
  year: { _id: '2020', title: '2020' },
};
const refused = failed(402, 'Choose a plan to take full exams.', PaymentCode.subscriptionRequired);

function setup(api: ReturnType<typeof answeringApi>, parts: Partial<Environment> = {}) {
  const browser = {
    navigate: vi.fn(),
    toastAfterNavigation: vi.fn(),
    reportFailure: vi.fn(),
    showErrors: vi.fn(),
  };
  testEnvironment({ call: api.call, readNavigationState: () => paperState, ...browser, ...parts });
  return { store: createQuizStore('exam'), ...browser };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-03-02T09:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
  $auth.set({ user: null, profile: null, isAuth: false });
});

describe('a full exam before the email is confirmed', () => {
  it('asks the student to confirm their email instead of sending them to buy a plan', async () => {
    $auth.set({ user: student({ emailVerified: false }), profile: null, isAuth: true });
    const { store, navigate, toastAfterNavigation } = setup(answeringApi().answer(examApi.paper, refused));
    store.init();
    await settle();
    expect(store.$status.get()).toEqual({ status: 'unconfirmed', email: 'aisha@example.com' });
    expect(navigate).not.toHaveBeenCalled();
    expect(toastAfterNavigation).not.toHaveBeenCalled();
  });

  it('waits for the page to load the student when it holds only their token, then asks to confirm', async () => {
    // The page's check of the user answers 50 ms after the refusal of the paper.
    const loadUser = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            $auth.set({ user: student({ emailVerified: false }), profile: null, isAuth: true });
            resolve();
          }, 50);
        }),
    );
    const { store, navigate } = setup(answeringApi().answer(examApi.paper, refused), { loadUser });
    store.init();
    await vi.advanceTimersByTimeAsync(100);
    expect(store.$status.get()).toEqual({ status: 'unconfirmed', email: 'aisha@example.com' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('still sends a confirmed student without a plan to /pricing, and an expired plan to its renewal', async () => {
    $auth.set({ user: student(), profile: null, isAuth: true });
    const confirmed = setup(answeringApi().answer(examApi.paper, refused));
    confirmed.store.init();
    await settle();
    expect(confirmed.navigate).toHaveBeenCalledExactlyOnceWith('/pricing', undefined, { replace: true });

    $auth.set({ user: student({ emailVerified: false }), profile: null, isAuth: true });
    const expired = setup(
      answeringApi().answer(
        examApi.paper,
        failed(402, 'Your subscription has expired', PaymentCode.subscriptionExpired),
      ),
    );
    expired.store.init();
    await settle();
    expect(expired.navigate).toHaveBeenCalledExactlyOnceWith('/subscribe-now', undefined, { replace: true });
  });

  it('resends the confirmation link through the resend-confirmation binding and says where it went', async () => {
    $auth.set({ user: student({ emailVerified: false }), profile: null, isAuth: true });
    const api = answeringApi().answer(
      userApi.resendConfirmation,
      ok({ purpose: 'sign-up', email: 'aisha@example.com' }, 'We sent a new link to aisha@example.com.'),
    );
    setup(api);
    const resend = createResend();
    await resend.resend();
    expect(api.bodies(userApi.resendConfirmation)).toHaveLength(1);
    expect(resend.$resend.get()).toEqual({
      status: 'sent',
      message: expect.stringMatching(/^We sent a new link to aisha@example\.com\. It works for \d+ hours\.$/),
    });
  });
});
