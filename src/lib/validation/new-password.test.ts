import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './new-password.ts';

describe('checkNewPassword', () => {
  it.each([
    ['', 'New password is required'],
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['lowercase1!', 'Password must contain both uppercase and lowercase letters'],
    ['UPPERCASE1!', 'Password must contain both uppercase and lowercase letters'],
    ['NoDigits!!', 'Password must contain at least one number'],
    ['NoSpecial12', 'Password must contain at least one special character'],
  ])('reports the first failing check for %j', (password, message) => {
    expect(checkNewPassword(password, password).newPassword).toBe(message);
  });

  it('accepts each special character of the spec', () => {
    for (const character of '!@#$%^&*(),.?":{}|<>') {
      expect(checkNewPassword(`Passw0rd${character}`, `Passw0rd${character}`)).toEqual({});
    }
    expect(checkNewPassword('Passw0rd-', 'Passw0rd-').newPassword).toBe(
      'Password must contain at least one special character',
    );
  });

  it('checks the confirmation last: required, then matching', () => {
    expect(checkNewPassword('Passw0rd!', '').confirmPassword).toBe('Please confirm your password');
    expect(checkNewPassword('Passw0rd!', 'Passw0rd?').confirmPassword).toBe('Passwords do not match');
  });
});
