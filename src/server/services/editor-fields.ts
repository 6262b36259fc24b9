import { z } from 'zod';

// The fields of the files editors write (a question bank's files, a contest file). Each message names the
// field and says what to fix; the file's parser adds the file and the line or row.

/** A text field: "is missing" when it is absent, "must be text" when it is something else. */
export function textField(field: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be text`),
  });
}

/** Text an editor must write, trimmed, of 1 to `max` characters; the message for an empty one gives `example`. */
export function requiredText(field: string, max: number, example: string) {
  return textField(field)
    .trim()
    .min(1, `${field} is empty: write it, for example ${example}`)
    .max(max, `${field} is longer than ${max} characters`);
}

/** An object with exactly the fields of `shape`: an unknown field is named, with the fields there are. */
export function strictObject<Shape extends z.ZodRawShape>(shape: Shape, what: string) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => `"${key}"`).join(', ');
        return `unknown field ${keys} in ${what}: the fields are ${Object.keys(shape).join(', ')}`;
      }
      if (issue.code === 'invalid_type')
        return `${what} must be an object with the fields ${Object.keys(shape).join(', ')}`;
      return undefined;
    },
  });
}
