import { userApi } from '../../lib/api/endpoints.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { completeSignIn } from '../../lib/client/session.ts';
import { signUpSchema } from '../../lib/validation/account.ts';
import { environment } from '../shared/environment.ts';

/** The sign-up form: on success the student is signed in and goes on to choose an exam. */
export function createSignUpStore() {
  return createFormStore({
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
    async send(data) {
      const result = await environment().call(userApi.signUp, { body: data, quiet: true });
      if (!result.ok) environment().reportFailure(result);
      else completeSignIn(result);
      return undefined;
    },
  });
}
