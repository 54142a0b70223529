import type {
  CreateDonationOutput,
  CreateSubscriptionOutput,
  DonationInput,
  VerifyPaymentInput,
  VerifyPaymentOutput,
} from '../../../shared/donation.schema';

/** The calls of the donor flow; tRPC in the app, stubs in component tests. */
export interface DonationApi {
  /** Makes sure the checkout script is on the page (loading it again if it failed); rejects if it cannot. */
  loadCheckout(): Promise<void>;
  createDonation(input: DonationInput): Promise<CreateDonationOutput>;
  createSubscription(input: DonationInput): Promise<CreateSubscriptionOutput>;
  verifyPayment(input: VerifyPaymentInput): Promise<VerifyPaymentOutput>;
}
