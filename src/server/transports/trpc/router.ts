import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import {
  createDonationOutputSchema,
  createSubscriptionOutputSchema,
  donationInputSchema,
  verifyPaymentInputSchema,
  verifyPaymentOutputSchema,
} from '../../../shared/donation.schema';
import { sponsoredAnimalFor } from '../../animals/sponsors/sponsorship';
import { createMonthlyDonation, createOneTimeDonation } from '../../gifts/donations/create-donation';
import { verifyPayment } from '../../gifts/settlement/verify-payment';
import { guardMonthlyCreate, guardOneTimeCreate } from '../../platform/security/create-guard';
import { createCallerFactory, publicProcedure, router } from './init';
import { adoptableRouter } from './routers/adoptable';
import { appealsRouter } from './routers/appeals';
import { applicationFormsRouter } from './routers/application-forms';
import { donorRouter } from './routers/donor';
import { sponsorshipRouter } from './routers/sponsorships';
import { staffRouter } from './routers/staff';

const tags = ['Donations'];
const CREATE_ERRORS = {
  400: 'Invalid input, an appeal that takes no gifts (issues name appealId), an animal not open for sponsorship or not at its amount (issues name animal or amount), or the other path for this donation type',
  413: 'Body too large',
  415: 'Body not application/json',
  429: 'Too many donations from this address or e-mail (see Retry-After)',
  502: 'Razorpay failed; the donation is recorded as failed',
};

export const appRouter = router({
  donation: router({
    create: publicProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: '/donations',
          tags,
          summary: 'Start a one-time donation',
          description: 'Stores the donation as pending and creates its Razorpay order. Amounts are in paise.',
          errorResponses: CREATE_ERRORS,
        },
      })
      .input(donationInputSchema)
      .output(createDonationOutputSchema)
      .mutation(({ ctx, input }) =>
        guardOneTimeCreate(ctx, input, (budget) =>
          createOneTimeDonation(
            { em: ctx.em, gateway: ctx.gateway, keyId: ctx.razorpay.keyId, cipher: ctx.cipher, budget },
            input,
          ),
        ),
      ),
  }),

  subscription: router({
    create: publicProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: '/subscriptions',
          tags,
          summary: 'Start a monthly donation',
          description: 'Stores the donation as pending and creates its Razorpay subscription on a plan for the amount.',
          errorResponses: CREATE_ERRORS,
        },
      })
      .input(donationInputSchema)
      .output(createSubscriptionOutputSchema)
      .mutation(({ ctx, input }) =>
        guardMonthlyCreate(ctx, input, async (budget) =>
          createMonthlyDonation(
            {
              em: ctx.em,
              gateway: ctx.gateway,
              plans: ctx.plans,
              keyId: ctx.razorpay.keyId,
              cipher: ctx.cipher,
              budget,
            },
            input,
            // A sponsor's gift from an animal's page: that animal, open for sponsors, at its amount.
            input.animal ? await sponsoredAnimalFor(ctx.em, { slug: input.animal, amount: input.amount }) : undefined,
          ),
        ),
      ),
  }),

  payment: router({
    verify: publicProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: '/verify-payment',
          tags,
          summary: "Confirm a payment with the checkout's signature",
          description:
            'Send the fields the Razorpay checkout returned on success, plus donation_id. Repeating a success is harmless.',
          errorResponses: {
            400: 'Invalid input or signature',
            404: 'Unknown donation',
            409: "The donation's state forbids it",
            429: 'Too many requests',
          },
        },
      })
      .input(verifyPaymentInputSchema)
      .output(verifyPaymentOutputSchema)
      .mutation(async ({ ctx, input }) => {
        const verified = await verifyPayment(
          { em: ctx.em, keySecret: ctx.razorpay.keySecret, donorLinks: ctx.donorLinks, gateway: ctx.gateway },
          input,
        );
        // The donor's own gift shows on the appeal's page when they look again (this instance renders it anew).
        ctx.appealPages?.invalidate();
        return verified;
      }),

    /** Which checkout script the donate page loads, and whether to say it is a test mode. */
    config: publicProcedure
      .output(z.object({ provider: z.enum(['razorpay', 'sandbox']), checkoutScriptUrl: z.string() }))
      .query(({ ctx }) => ({ provider: ctx.razorpay.provider, checkoutScriptUrl: ctx.razorpay.checkoutScriptUrl })),
  }),

  appeals: appealsRouter,
  sponsorship: sponsorshipRouter,
  adoptable: adoptableRouter,
  applications: applicationFormsRouter,
  staff: staffRouter,
  donor: donorRouter,
});

export type AppRouter = typeof appRouter;
/** Every procedure's input and output types, for typed clients: `RouterInputs['donation']['create']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
