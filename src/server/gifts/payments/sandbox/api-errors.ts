import type { z } from 'zod';

/** The emulated API's errors and body checks, shared by api.ts and subscription-changes.ts. */

/** Razorpay's error; the error handler answers it in Razorpay's body, which the SDK and gateway read. */
export class RazorpayApiError extends Error {
  constructor(
    readonly statusCode: number,
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}
export const badRequest = (description: string, field?: string) => new RazorpayApiError(400, description, field);
export const SERVER_ERROR = 'The server encountered an error. The incident has been reported to admins.';
/** What Razorpay answers for an id it does not know: a 400, not a 404. */
export function found<T>(value: T | undefined, field?: string): T {
  if (value === undefined) throw badRequest('The id provided does not exist', field);
  return value;
}

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  if (issue?.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => [...issue.path, key].join('.'));
    throw badRequest(`${names.join(', ')} is/are not required and should not be sent`, names[0]);
  }
  throw badRequest(issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined);
}
