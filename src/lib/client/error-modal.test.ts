import { describe, expect, it } from 'vitest';
import { errorModalLines } from './error-modal.ts';

describe('errorModalLines', () => {
  it('shows a single error without a number', () => {
    expect(errorModalLines([{ path: ['email'], message: 'Email is invalid' }])).toEqual(['Email is invalid']);
  });

  it('numbers several errors and shows each array index plus one in parentheses', () => {
    expect(
      errorModalLines([
        { path: ['answers', 2, 'option'], message: 'Option is required' },
        { path: ['answers', 0, 'question'], message: 'Question is required' },
        { path: ['exam'], message: 'Exam is required' },
      ]),
    ).toEqual(['1. Option is required (3)', '2. Question is required (1)', '3. Exam is required']);
  });
});
