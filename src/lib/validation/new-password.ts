import type { FieldErrors } from './form-errors.ts';

/** The special characters the Reset Password page accepts (spec §5). */
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

/** The six checks of the Reset Password page, in the spec's order; each field gets its first failure. */
export function checkNewPassword(
  newPassword: string,
  confirmPassword: string,
): FieldErrors<'newPassword' | 'confirmPassword'> {
  const errors: FieldErrors<'newPassword' | 'confirmPassword'> = {};
  if (!newPassword) errors.newPassword = 'New password is required';
  else if (newPassword.length < 8) errors.newPassword = 'Password must be at least 8 characters long';
  else if (!/[a-z]/.test(newPassword) || !/[A-Z]/.test(newPassword))
    errors.newPassword = 'Password must contain both uppercase and lowercase letters';
  else if (!/\d/.test(newPassword)) errors.newPassword = 'Password must contain at least one number';
  else if (![...newPassword].some((character) => SPECIAL_CHARACTERS.includes(character)))
    errors.newPassword = 'Password must contain at least one special character';

  if (!confirmPassword) errors.confirmPassword = 'Please confirm your password';
  else if (confirmPassword !== newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
