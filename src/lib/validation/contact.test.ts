import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactSchema } from './contact.ts';
import { checkForm } from './form-errors.ts';

const filled = {
  fullname: 'Ngozi Okafor',
  email: 'ngozi@example.com',
  telephone: '08031234567',
  message: 'When does the new JAMB paper come out?',
  acceptTerms: true,
};

describe('contactSchema', () => {
  it('accepts a filled form and trims the text', () => {
    expect(contactSchema.parse({ ...filled, fullname: '  Ngozi Okafor ' }).fullname).toBe('Ngozi Okafor');
  });

  it('gives the spec message for each missing field', () => {
    expect(
      checkForm(contactSchema, { fullname: '', email: ' ', telephone: '', message: '', acceptTerms: false })
        .errors,
    ).toEqual({
      fullname: 'Name is required',
      email: 'Email is required',
      telephone: 'Phone number is required',
      message: 'Message is required',
      acceptTerms: 'You must accept the terms',
    });
    expect(checkForm(contactSchema, {}).errors).toMatchObject({ fullname: 'Name is required' });
  });

  it('checks presence only, as the spec says, so any email or phone text is accepted', () => {
    expect(
      contactSchema.safeParse({ ...filled, email: 'my school email', telephone: '+44 20 1234' }).success,
    ).toBe(true);
  });

  it('caps the length of each field', () => {
    const result = checkForm(contactSchema, { ...filled, message: 'x'.repeat(CONTACT_LIMITS.message + 1) });
    expect(result.errors).toEqual({ message: `Must be at most ${CONTACT_LIMITS.message} characters` });
  });
});
