/**
 * Why the domain refused a call, in terms every transport maps the same way: the kinds are tRPC's
 * code names, so trpc/init.ts turns one into its tRPC error (and tRPC into its HTTP status), and
 * app.ts gives a Fastify route's the same status through tRPC's own table.
 */
export type DomainErrorKind = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'BAD_GATEWAY';

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}
