import { userApi } from '../../lib/api/endpoints.ts';
import { createFormStore, type SubmitOutcome } from '../../lib/client/form-store.ts';
import type { ReturnTo } from '../../lib/client/session.ts';
import { signInSchema } from '../../lib/validation/account.ts';
import { environment } from '../shared/environment.ts';

/** The sign-in form: on success the student goes on to choose an exam, or back to where they were going. */
export function createSignInStore() {
  // Read as the page opens: the first read takes over the state the previous page handed over.
  const returnTo = (environment().readNavigationState() as Partial<ReturnTo> | undefined)?.returnTo;
  const form = createFormStore({
    schema: signInSchema,
    initial: { telephone: '', password: '' },
    async send(data): Promise<SubmitOutcome> {
      const { call, reportFailure, completeSignIn } = environment();
      const result = await call(userApi.signIn, { body: data, quiet: true });
      if (result.ok) {
        completeSignIn(result, returnTo);
        return undefined;
      }
      const fieldErrors = form.fieldErrorsOf(result);
      if (fieldErrors) return { fieldErrors };
      reportFailure(result);
      return undefined;
    },
  });
  return form;
}
