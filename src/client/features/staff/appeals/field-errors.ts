/** The server's 400 answer as one message per form field (its `issues`, shaped by the tRPC error formatter). */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  fieldOf: (path: string) => Field,
): Partial<Record<Field, string>> {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}
