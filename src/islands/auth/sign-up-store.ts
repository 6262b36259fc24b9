import { userApi } from '../../lib/api/endpoints.ts';
import { createFormStore, type SubmitOutcome } from '../../lib/client/form-store.ts';
import { signUpSchema } from '../../lib/validation/account.ts';
import { environment } from '../shared/environment.ts';

/** The sign-up form: on success the student is signed in and goes on to choose an exam. */
export function createSignUpStore() {
  const form = createFormStore({
    schema: signUpSchema,
    initial: {
      firstName: '',
      lastName: '',
      email: '',
      telephone: '',
      password: '',
      confirmPassword: '',
      agreeTerms: false,
    },
    async send(data): Promise<SubmitOutcome> {
      const result = await environment().call(userApi.signUp, { body: data, quiet: true });
      if (result.ok) {
        environment().completeSignIn(result);
        return undefined;
      }
      // A 400 about a field shows beside it (and takes the focus there); anything else as the spec says.
      const fieldErrors = form.fieldErrorsOf(result);
      if (fieldErrors) return { fieldErrors };
      environment().reportFailure(result);
      return undefined;
    },
  });
  return form;
}
