import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/**
 * Validates form values with a contract schema and keeps the first message of each field,
 * so the form shows exactly what the server would answer.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { success: false, errors };
}
