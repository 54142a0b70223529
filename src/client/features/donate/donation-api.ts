import type {
  CreateDonationOutput,
  CreateSubscriptionOutput,
  DonationInput,
  VerifyPaymentInput,
} from '../../../shared/donation.schema';

/** The three calls of the donor flow; tRPC in the app, stubs in component tests. */
export interface DonationApi {
  createDonation(input: DonationInput): Promise<CreateDonationOutput>;
  createSubscription(input: DonationInput): Promise<CreateSubscriptionOutput>;
  verifyPayment(input: VerifyPaymentInput): Promise<unknown>;
}
