import type { z } from './zod.ts';

/** The first message for each top-level field, the shape a form shows beside its inputs. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** Validates form values; returns the parsed data or the first error of each field. */
export function checkForm<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { data: z.output<Schema>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { errors };
}
