import { describe, expect, it } from 'vitest';
import { errorSummary, serverFieldErrors } from './reveal-errors.ts';

describe('errorSummary', () => {
  it('says how many fields to check, in the singular and the plural', () => {
    expect(errorSummary(1)).toBe('1 error: check the field marked');
    expect(errorSummary(2)).toBe('2 errors: check the fields marked');
  });

  it('says nothing without errors', () => {
    expect(errorSummary(0)).toBe('');
  });
});

describe('serverFieldErrors', () => {
  const fields = ['email', 'telephone'];

  it("puts a 400's errors on the form's fields, the first message of each", () => {
    expect(
      serverFieldErrors(
        {
          status: 400,
          errors: [
            { path: ['email'], message: 'Email is invalid' },
            { path: ['email'], message: 'Email is too long' },
            { path: ['telephone'], message: 'Please enter a valid 11-digit phone number' },
          ],
        },
        fields,
      ),
    ).toEqual({ email: 'Email is invalid', telephone: 'Please enter a valid 11-digit phone number' });
  });

  it('leaves to the caller errors about no field of the form, and failures that are not a 400', () => {
    expect(
      serverFieldErrors({ status: 400, errors: [{ path: ['otp'], message: 'x' }] }, fields),
    ).toBeUndefined();
    expect(serverFieldErrors({ status: 400 }, fields)).toBeUndefined();
    expect(
      serverFieldErrors({ status: 409, errors: [{ path: ['telephone'], message: 'Taken' }] }, fields),
    ).toBeUndefined();
  });
});
