import { describe, expect, it } from 'vitest';
import { createSignUpStore } from './sign-up-store.ts';

describe('the sign-up form', () => {
  it('shows a mismatched confirmation together with the other errors', async () => {
    const store = createSignUpStore();
    store.setField('email', 'ada@example');
    store.setField('password', 'secret1');
    store.setField('confirmPassword', 'secret2');
    await store.submit();
    expect(store.$errors.get()).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is invalid',
      telephone: 'Phone number is required',
      confirmPassword: 'Passwords do not match',
      agreeTerms: 'You must agree to the terms and conditions',
    });
  });
});
