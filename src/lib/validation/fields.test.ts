import { describe, expect, it } from 'vitest';
import { requiredText, UNSTORABLE_TEXT_MESSAGE } from './fields.ts';

describe('requiredText', () => {
  const name = requiredText('Name is required', 60);

  it('refuses text that the database cannot store as it was sent', () => {
    for (const value of ['Ngo\u0000zi', 'Ngozi\ud800', '\udc00Ngozi', 'a\udfff\ud800b']) {
      const result = name.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
  });

  it('accepts any other Unicode: emoji, right-to-left marks, zero-width joiners', () => {
    for (const value of ['Ngozi 😀', 'نگوزی\u200f', 'Ade\u200dola', '👩🏾‍🎓', 'Zoë']) {
      expect(name.parse(value)).toBe(value);
    }
  });
});
