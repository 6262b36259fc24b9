import { describe, expect, it } from 'vitest';
import { requiredText, strictObject, textField } from './editor-fields.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('the fields of an editor’s file', () => {
  it('says a text field is missing, or is not text', () => {
    expect(messages(textField('title').safeParse(undefined))).toEqual(['title is missing']);
    expect(messages(textField('title').safeParse(3))).toEqual(['title must be text']);
  });

  it('says required text is empty, with an example, or too long', () => {
    const subject = requiredText('subject', 5, 'Maths');
    expect(subject.parse('  Maths ')).toBe('Maths');
    expect(messages(subject.safeParse('  '))).toEqual(['subject is empty: write it, for example Maths']);
    expect(messages(subject.safeParse('Mathematics'))).toEqual(['subject is longer than 5 characters']);
  });

  it('names an unknown field and the fields there are, and a value that is not an object', () => {
    const prize = strictObject({ place: textField('place'), coins: textField('coins') }, 'a prize');
    expect(messages(prize.safeParse({ place: '1', coins: '5', cash: '9' }))).toEqual([
      'unknown field "cash" in a prize: the fields are place, coins',
    ]);
    expect(messages(prize.safeParse('first'))).toEqual([
      'a prize must be an object with the fields place, coins',
    ]);
  });
});
