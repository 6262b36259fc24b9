import { reportFailure, request } from '../../lib/client/api.ts';
import { createFormStore } from '../../lib/client/form-store.ts';
import { completeSignIn, type SessionPayload } from '../../lib/client/session.ts';
import { signUpSchema } from '../../lib/validation/account.ts';

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
      const result = await request<SessionPayload>('POST', '/api/v1/user', { body: data, quiet: true });
      if (!result.ok) reportFailure(result);
      else completeSignIn(result);
      return undefined;
    },
  });
}
