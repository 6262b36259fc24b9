import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, signInSchema, signUpSchema } from './account.ts';
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
