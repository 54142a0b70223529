import type { ZodError } from 'zod';

export interface FieldIssue {
  path: string;
  message: string;
}

/** Zod's issues as `{ path: 'email', message }`, the shape every 400 answer and the form show. */
export function fieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
