/**
 * Why a donation call was refused, in terms the API layers map to a status: the tRPC code names
 * double as the kinds, so the mapping is one line and the same for tRPC and REST.
 */
export type DonationErrorKind = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'BAD_GATEWAY';

export class DonationError extends Error {
  constructor(
    public readonly kind: DonationErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DonationError';
  }
}
