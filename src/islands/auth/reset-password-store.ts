import { atom, map } from 'nanostores';
import type { FieldErrors } from '../../lib/validation/form-errors.ts';
import { checkNewPassword } from '../../lib/validation/new-password.ts';
import { environment } from '../shared/environment.ts';

const SIMULATED_WAIT_MS = 1000;
const REDIRECT_AFTER_MS = 2000;

type Field = 'newPassword' | 'confirmPassword';

/**
 * /forgot-password: the spec's simulated Reset Password page. It makes no server call: it waits 1 s, says the
 * password was updated and goes to /login 2 s later (spec §2). Real resets go through /set-password.
 */
export function createResetPasswordStore() {
  const wait = (ms: number) =>
    new Promise((resolve) => environment().setTimeout(() => resolve(undefined), ms));
  const $values = map<Record<Field, string>>({ newPassword: '', confirmPassword: '' });
  const $errors = map<FieldErrors<Field>>({});
  const $busy = atom(false);
  const $done = atom(false);

  function setField(field: Field, value: string) {
    $values.setKey(field, value);
    if ($errors.get()[field]) $errors.setKey(field, undefined);
  }

  async function submit() {
    // The button stays focusable while busy (form-parts.tsx), so a second press must do nothing.
    if ($busy.get()) return;
    const { newPassword, confirmPassword } = $values.get();
    const errors = checkNewPassword(newPassword, confirmPassword);
    $errors.set(errors);
    if (errors.newPassword || errors.confirmPassword) return;
    $busy.set(true);
    try {
      await wait(SIMULATED_WAIT_MS);
      $done.set(true);
      environment().showToast('Password successfully updated', 'success');
      await wait(REDIRECT_AFTER_MS);
      environment().navigate('/login');
    } catch {
      environment().showToast('Failed to update password. Please try again.', 'error');
    } finally {
      $busy.set(false);
    }
  }

  return { $values, $errors, $busy, $done, setField, submit };
}
