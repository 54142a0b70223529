/** Why a staff call was refused; the kinds are tRPC's code names, so the procedures map them in one line. */
export type StaffErrorKind = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'BAD_GATEWAY';

export class StaffError extends Error {
  constructor(
    public readonly kind: StaffErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StaffError';
  }
}
