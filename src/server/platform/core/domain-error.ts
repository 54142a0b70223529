/**
 * Why the domain refused a call, in terms every transport maps the same way: the kinds are tRPC's
 * code names, so transports/trpc/init.ts turns one into its tRPC error (and tRPC into its HTTP status), and
 * app.ts gives a Fastify route's the same status through tRPC's own table.
 */
export type DomainErrorKind = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'BAD_GATEWAY';

export class DomainError extends Error {
  /** The input field the refusal is about (`appealId`): answered as `issues: [{ path, message }]`, as zod's are. */
  public readonly field: string | undefined;

  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
    options?: { cause?: unknown; field?: string },
  ) {
    super(message, options);
    this.name = 'DomainError';
    this.field = options?.field;
  }

  /** The refusal as the field issues a 400 carries, or undefined when it names no field. */
  get issues(): { path: string; message: string }[] | undefined {
    return this.field === undefined ? undefined : [{ path: this.field, message: this.message }];
  }
}
