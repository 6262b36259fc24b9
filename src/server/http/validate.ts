import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { invalidInput } from './errors.ts';

/** Validates one part of the request with a zod schema; a failure becomes a 400 in the API's error shape. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error.issues);
  });
}
