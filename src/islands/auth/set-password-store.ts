import { atom } from 'nanostores';
import { request } from '../../lib/client/api.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { showToast, showToastAfterNavigation } from '../../lib/client/toasts.ts';
import { resetRequestSchema, setPasswordFormSchema } from '../../lib/validation/account.ts';

/** /set-password: step 1 asks for a token by email, step 2 sets the new password with it. */
export function createSetPasswordStore() {
  const $step = atom<1 | 2>(1);

  const requestToken = createFormStore({
    schema: resetRequestSchema,
    initial: { email: '' },
    async send(data) {
      const result = await request<null>('PUT', '/api/v1/user/reset-password', { body: data, quiet: true });
      if (result.ok) {
        showToast('Reset token has been sent to your email', 'success');
        $step.set(2);
      } else if (result.status !== 429) {
        showToast(result.message || 'Failed to send reset email', 'error');
      }
      return undefined;
    },
  });

  const setPassword = createFormStore({
    schema: setPasswordFormSchema,
    initial: { token: '', newPassword: '', confirmPassword: '' },
    async send(data) {
      const result = await request<null>('POST', '/api/v1/user/reset-password', {
        body: { otp: data.token, password: data.newPassword },
        quiet: true,
      });
      if (result.ok) {
        showToastAfterNavigation('Password successfully reset', 'success');
        navigate('/login');
      } else if (result.status !== 429) {
        showToast(result.message || 'Failed to reset password', 'error');
      }
      return undefined;
    },
  });

  return { $step, requestToken, setPassword };
}
