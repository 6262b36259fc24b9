import { userApi } from '../../lib/api/endpoints.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { completeSignIn, type ReturnTo } from '../../lib/client/session.ts';
import { signInSchema } from '../../lib/validation/account.ts';
import { environment } from '../shared/environment.ts';

/** The sign-in form: on success the student goes on to choose an exam, or back to where they were going. */
export function createSignInStore() {
  // Read as the page opens: the first read takes over the state the previous page handed over.
  const returnTo = (environment().readNavigationState() as Partial<ReturnTo> | undefined)?.returnTo;
  return createFormStore({
    schema: signInSchema,
    initial: { telephone: '', password: '' },
    async send(data) {
      const { call, reportFailure } = environment();
      const result = await call(userApi.signIn, { body: data, quiet: true });
      if (!result.ok) reportFailure(result);
      else completeSignIn(result, returnTo);
      return undefined;
    },
  });
}
