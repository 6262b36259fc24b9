import { reportFailure, request } from '../../lib/client/api.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { readNavigationState } from '../../lib/client/navigation.ts';
import { completeSignIn, type ReturnTo, type SessionPayload } from '../../lib/client/session.ts';
import { signInSchema } from '../../lib/validation/account.ts';

/** The sign-in form: on success the student goes on to choose an exam, or back to where they were going. */
export function createSignInStore() {
  const returnTo = readNavigationState<Partial<ReturnTo>>()?.returnTo;
  return createFormStore({
    schema: signInSchema,
    initial: { telephone: '', password: '' },
    async send(data) {
      const result = await request<SessionPayload>('POST', '/api/v1/user/login', { body: data, quiet: true });
      if (!result.ok) reportFailure(result);
      else completeSignIn(result, returnTo);
      return undefined;
    },
  });
}
