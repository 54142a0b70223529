import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../../server/transports/trpc/router';
import type { Language } from '../../../shared/languages';
import type { useMessages } from '../../i18n';

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

/** What a refused call means for the donor, by its code, where the server's own sentence is English. */
const FAILURE_MESSAGES = {
  CONFLICT: 'giving_failed_changed',
  NOT_FOUND: 'giving_failed_not_found',
  BAD_GATEWAY: 'giving_failed_gateway',
  TOO_MANY_REQUESTS: 'giving_failed_too_many',
} as const;

/**
 * A call's failure as a sentence for the donor: on the English page the server's own (it names
 * what happened: "This monthly gift is already cancelled"); in Tamil and Hindi the page's message
 * for its code, as the server writes English only.
 */
export function failureMessage(error: unknown, language: Language, t: ReturnType<typeof useMessages>): string {
  if (!(error instanceof TRPCClientError) || !error.data) return t('giving_unreachable');
  if (language === 'en') return error.message;
  const code = String(error.data.code);
  return t(
    Object.hasOwn(FAILURE_MESSAGES, code)
      ? FAILURE_MESSAGES[code as keyof typeof FAILURE_MESSAGES]
      : 'giving_went_wrong',
  );
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
