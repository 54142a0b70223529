import type { FastifyRequest } from 'fastify';
import type { InFlightWork } from '../../platform/core/in-flight';
import type { ImageStorage } from '../../platform/images/images';
import type { DonationBudget } from '../../platform/security/donation-budget';
import type { ServerDependencies } from '../../wiring/composition-root';
import type { AppealPagesHandle } from '../web/appeal-pages';
import type { SitePagesHandle } from '../web/site-pages';

/** The parts of the server a procedure may use; each procedure passes on only what it needs. */
export interface ProcedureDependencies
  extends Pick<
    ServerDependencies,
    | 'orm'
    | 'gateway'
    | 'plans'
    | 'razorpay'
    | 'cipher'
    | 'donorLinks'
    | 'receiptLinks'
    | 'mailer'
    | 'settings'
    | 'backups'
    | 'health'
  > {
  /** The server's count of calls still running, which shutdown waits for; callers outside a server have none. */
  inFlight?: InFlightWork;
  /** The creates' per-client and per-e-mail limits, spent by HTTP callers only (platform/security/create-guard.ts). */
  budget?: DonationBudget;
  /** The public origin: staff calls that change state must come from it (platform/staff/origin.ts). */
  siteUrl?: string;
  /** DATA_ENCRYPTION_KEY: decrypts donors' ID numbers for the statement and signs donors' links (donors/). */
  personalDataKey?: Buffer;
  /** IMAGE_DIR: where photos' files are, when not in PostgreSQL (images/). */
  imageStorage?: ImageStorage;
  /** The site's pages, with the built site: rendered again at once on a publication, and a draft's preview. */
  sitePages?: SitePagesHandle;
  /** Appeals' rendered pages, forgotten when staff change an appeal, so its page shows the change at once. */
  appealPages?: AppealPagesHandle;
}

/** What a procedure call sees: the server's parts and, over HTTP, the request that made the call. */
export interface ProcedureContext extends ProcedureDependencies {
  request?: FastifyRequest;
}

/** What tests and the REST adapter call; `createContext` wraps it for the tRPC HTTP adapter. */
export function createContextInner(deps: ProcedureDependencies, request?: FastifyRequest): ProcedureContext {
  // The type is the contract: a procedure sees the parts ProcedureDependencies names, nothing more.
  return { ...deps, request };
}

/** The tRPC Fastify adapter's context factory: one context per HTTP request. */
export function createContext(deps: ProcedureDependencies) {
  return ({ req }: { req: FastifyRequest }): ProcedureContext => createContextInner(deps, req);
}
