import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

/** Every success answer: `{ message, data }`; lists add `meta.nextCursor`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

/** A list answer: `{ message, data, meta: { nextCursor } }`. */
export function listEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data, meta: z.object({ nextCursor: z.string().nullable() }) });
}

/** Path parameter `:id` of a resource: a UUID, so a malformed one is a 404-worthy 422, never a database error. */
export const ZIdParams = z.strictObject({ id: z.uuid('id is not valid') });

export const ZFieldError = z.object({
  path: z.string(),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** Every error answer, whatever the status. */
export const ZErrorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.array(ZFieldError).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** `data` of an answer that carries nothing but its message. */
export const ZEmpty = z.null();
