/**
 * The value, or an error naming what the fixture lacks: narrows an indexed read (`paper.questions[1]`) for a
 * typed call, and fails the test at the line that expected the value rather than at a later assertion.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`the fixture has no ${what}`);
  return value;
}
