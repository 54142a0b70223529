import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../../server/trpc/router';

/**
 * The donor's calls (`donor.*`) through tRPC's plain client, with their link's token in the
 * `x-donor-token` header (never in a call's URL: the server logs those).
 */
export function donorClient(token: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: '/trpc', headers: () => ({ 'x-donor-token': token }) })],
  });
}

export type DonorClient = ReturnType<typeof donorClient>;
/** What the page shows: the donor's gifts, and the certificates of donation the trust has delivered. */
export type DonorGifts = Awaited<ReturnType<DonorClient['donor']['gifts']['query']>> & {
  certificates: Awaited<ReturnType<DonorClient['donor']['certificates']['query']>>;
};
export type DonorGift = DonorGifts['gifts'][number];
export type DonorMonthlyGift = DonorGifts['monthly'][number];

/** The server refused the token: altered, malformed or older than a day. */
export const isExpiredLink = (error: unknown) => error instanceof TRPCClientError && error.data?.httpStatus === 401;

/** A call's failure as a sentence for the donor. */
export function failureMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.data) return error.message;
  return 'We could not reach the server. Check your connection and try again.';
}

/*
 * The PDFs are plain downloads (a link the phone opens or saves), so the token rides in the query;
 * those two routes log at warn only, so it is never written.
 */
export const receiptPdfUrl = (receiptId: number, token: string) =>
  `/api/my-giving/receipts/${receiptId}.pdf?token=${encodeURIComponent(token)}`;

export const statementPdfUrl = (year: string, token: string) =>
  `/api/my-giving/statement.pdf?year=${encodeURIComponent(year)}&token=${encodeURIComponent(token)}`;

export const certificatePdfUrl = (certificateId: number, token: string) =>
  `/api/my-giving/certificates/${certificateId}.pdf?token=${encodeURIComponent(token)}`;

/** The page's data: both calls at once. */
export async function loadDonorPage(token: string): Promise<DonorGifts> {
  const client = donorClient(token);
  const [gifts, certificates] = await Promise.all([client.donor.gifts.query(), client.donor.certificates.query()]);
  return { ...gifts, certificates };
}
