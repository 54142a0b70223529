import type { EntityManager } from '@mikro-orm/postgresql';
import { green, plural, red, type Verdict } from './verdicts';

/** How far back the webhook item looks. */
const WINDOW = '7 days';
/** A paid gift's webhook arrives within seconds; Razorpay retries for a day. This long it may be late. */
const GRACE = '30 minutes';

/**
 * The webhook item. A bad signature on a body that names one of the trust's own paid payments
 * (transports/routes/webhooks.ts looks them up: gifts/webhooks/webhook-deliveries.ts) means the
 * secret differs from Razorpay's: red, until a verified delivery arrives after the last such one
 * (Razorpay's own deliveries verify whenever the secret is right). So do gifts paid through the
 * checkout with no verified event at all. Any other refused POST is an outsider's noise (the URL
 * is public): counted and shown, never an alarm. Verified events are read from webhook_events
 * (only signed ones are stored) as well as the ring, which a flood of forgeries can overwrite.
 */
export async function webhooksVerdict(em: EntityManager, now: Date): Promise<Verdict> {
  const [row] = await em.execute<{ wrong_secret: string; noise: string; verified: boolean; paid: boolean }[]>(
    `with since as (select ?::timestamptz - interval '${WINDOW}' as at),
     last_verified as (select greatest(
         (select max(received_at) from webhook_deliveries where verified),
         (select max(received_at) from webhook_events where received_at > (select at from since))) as at)
     select
       (select count(*) from webhook_deliveries where received_at > (select at from since) and not verified
          and names_own_payment
          and received_at > coalesce((select at from last_verified), '-infinity')) as wrong_secret,
       (select count(*) from webhook_deliveries
         where received_at > (select at from since) and not verified and not names_own_payment) as noise,
       (select at from last_verified) > (select at from since) as verified,
       exists (select 1 from donations where status = 'paid' and mode = 'online'
         and created_at > (select at from since) and created_at <= ?::timestamptz - interval '${GRACE}') as paid`,
    [now, now],
  );
  const wrongSecret = Number(row?.wrong_secret ?? 0);
  const noise = Number(row?.noise ?? 0);
  const noiseNote =
    noise > 0
      ? ` ${plural(noise, 'request', 'requests')} from elsewhere (unsigned or wrongly signed, naming none of the trust's payments) ${noise === 1 ? 'was' : 'were'} refused in the last 7 days: the webhook address is public, and nothing is wrong.`
      : '';
  if (wrongSecret > 0) {
    return red(
      `${plural(wrongSecret, "webhook delivery for the trust's own payments", "webhook deliveries for the trust's own payments")} failed the signature check in the last 7 days, and no delivery has verified since: the webhook secret differs from Razorpay's dashboard. Copy it again into Settings.`,
      'settings',
    );
  }
  if (row?.paid && !row.verified) {
    return red(
      `Donations were paid in the last 7 days but no verified webhook arrived: add the webhook shown in Settings to Razorpay's dashboard, with the same secret.${noiseNote}`,
      'settings',
    );
  }
  return green(`Webhooks arrive and verify (or no payment needed one in the last 7 days).${noiseNote}`, 'settings');
}
