import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, setPasswordFormSchema, signInSchema, signUpSchema } from './account.ts';
import { checkForm } from './form-errors.ts';

describe('shared account rules', () => {
  it('gives the forms the first message of each field', () => {
    expect(checkForm(signInSchema, { telephone: '', password: '' }).errors).toEqual({
      telephone: 'Phone number is required',
      password: 'Password is required',
    });
  });

  it('accepts exactly 11 digits for sign-in, as for sign-up', () => {
    for (const telephone of ['0803123456', '080312345678', '0803-123-456']) {
      expect(checkForm(signInSchema, { telephone, password: 'secret1' }).errors?.telephone).toBe(
        'Please enter a valid 11-digit phone number',
      );
    }
    expect(checkForm(signInSchema, { telephone: ' 08031234567 ', password: 'secret1' }).data?.telephone).toBe(
      '08031234567',
    );
  });

  it('lower-cases the sign-up email', () => {
    const result = signUpSchema.parse({
      firstName: 'A',
      lastName: 'B',
      email: 'Ngozi@Example.com',
      telephone: '08031234567',
      password: 'secret1',
      confirmPassword: 'secret1',
      agreeTerms: true,
    });
    expect(result.email).toBe('ngozi@example.com');
  });

  it('reports a mismatched sign-up confirmation together with every other error', () => {
    const form = {
      firstName: '',
      lastName: 'Bello',
      email: 'not-an-email',
      telephone: '0803',
      password: 'abc',
      confirmPassword: 'abd',
      agreeTerms: false,
    };
    expect(checkForm(signUpSchema, form).errors).toEqual({
      firstName: 'First Name is required',
      email: 'Email is invalid',
      telephone: 'Please enter a valid 11-digit phone number',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
      agreeTerms: 'You must agree to the terms and conditions',
    });
    // A missing confirmation is a mismatch too; an absent password is reported once, on its own field.
    expect(checkForm(signUpSchema, { ...form, confirmPassword: undefined }).errors?.confirmPassword).toBe(
      'Passwords do not match',
    );
    expect(
      checkForm(signUpSchema, { password: 'secret1', confirmPassword: 'secret1' }).errors,
    ).not.toHaveProperty('confirmPassword');
    expect(checkForm(signUpSchema, 'not an object').errors).toEqual({ '': expect.any(String) });
  });

  it('reports a mismatched new password with the missing token on /set-password', () => {
    expect(
      checkForm(setPasswordFormSchema, { newPassword: 'Fresh-pass-1', confirmPassword: 'Fresh-pass-2' })
        .errors,
    ).toEqual({ token: 'Token is required', confirmPassword: 'Passwords do not match' });
    expect(
      checkForm(setPasswordFormSchema, { token: 't', newPassword: 'Fresh-pass-1', confirmPassword: '' })
        .errors,
    ).toEqual({ confirmPassword: 'Please confirm your password' });
  });

  it('asks for the current password with a new email, and only then', () => {
    expect(checkForm(profileUpdateSchema, { email: 'new@example.com' }).errors).toEqual({
      currentPassword: 'Enter your current password to change your email',
    });
    expect(
      checkForm(profileUpdateSchema, { email: 'New@Example.com', currentPassword: 'secret1' }).data,
    ).toEqual({ email: 'new@example.com', currentPassword: 'secret1' });
    expect(checkForm(profileUpdateSchema, { firstName: 'Ada' }).data).toEqual({ firstName: 'Ada' });
    expect(checkForm(profileUpdateSchema, { firstName: 'Ada', currentPassword: 'x' }).errors).toEqual({
      currentPassword: 'The current password is asked only to change your email',
    });
  });
});
