import type { Knex } from '@mikro-orm/knex';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  ANIMAL_SLUG_PATTERN,
  applicationAnimalSchema,
  applicationInputSchema,
  applicationReceivedSchema,
} from '../../../../shared/application-forms.schema';
import { type ApplicationGate, guardApplication } from '../../../animals/applications/application-guard';
import { applicationAnimal, submitApplication } from '../../../animals/applications/submit-application';
import { type CounterStore, counterStore } from '../../../platform/security/counter-keys';
import { BudgetExceededError } from '../../../platform/security/donation-budget';
import type { ProcedureContext } from '../context';
import { publicProcedure, router } from '../init';

const storesByPool = new WeakMap<Knex, CounterStore>();

/** An HTTP call's limits (its address, the counters keyed with DATA_ENCRYPTION_KEY); in-process callers have none. */
function gateOf(ctx: ProcedureContext): ApplicationGate | undefined {
  const { request, personalDataKey } = ctx;
  if (!request || !personalDataKey) return undefined;
  const knex = ctx.orm.em.getConnection().getKnex();
  let counters = storesByPool.get(knex);
  if (!counters) {
    counters = counterStore(knex, personalDataKey);
    storesByPool.set(knex, counters);
  }
  return {
    counters,
    clientAddress: request.ip,
    onSweepError: (error) => request.log.warn({ err: error }, 'sweeping expired rate limit windows failed'),
  };
}

/**
 * `applications.*`: the public application forms' calls (`/apply/adopt`, `/foster`,
 * `/volunteer`, `/partner`), without a session. `submit` is also `POST /api/applications`.
 */
export const applicationFormsRouter = router({
  submit: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/applications',
        tags: ['Applications'],
        summary: 'Apply to adopt, foster, volunteer or partner',
        description:
          'Stores the application (kind adopt, foster, volunteer or partner; a partner’s organisation and offer also as a ' +
          'contact) and mails the applicant an acknowledgement in `language`. An adoption names its animal by `animal` ' +
          '(the slug of /adopt/<slug>) or the species wanted by `wantedSpecies`.',
        errorResponses: {
          400: 'Invalid input, or an animal that is not adoptable (issues name the field: `animal`)',
          413: 'Body too large',
          415: 'Body not application/json',
          429: 'Too many applications from this address or e-mail (see Retry-After)',
        },
      },
    })
    .input(applicationInputSchema)
    .output(applicationReceivedSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        const received = await guardApplication(gateOf(ctx), input, () => submitApplication(ctx.em, input));
        if (received.decoy) {
          ctx.request?.log.warn({ kind: input.kind }, 'honeypot filled: answered as a success, nothing stored');
        }
        return { id: received.id, kind: received.kind };
      } catch (error) {
        if (!(error instanceof BudgetExceededError)) throw error;
        ctx.request?.log.warn({ retryAfterSeconds: error.retryAfterSeconds }, 'application limit spent');
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message, cause: error });
      }
    }),

  /** The animal an adoption form names (`?animal=<slug>`): its name, and whether it still looks for a home. */
  animal: publicProcedure
    .input(
      z.object({
        slug: z
          .string()
          .trim()
          .max(80, 'Must be at most 80 characters')
          .regex(ANIMAL_SLUG_PATTERN, 'Must be an animal’s address'),
      }),
    )
    .output(applicationAnimalSchema.nullable())
    .query(({ ctx, input }) => applicationAnimal(ctx.em, input.slug)),
});
