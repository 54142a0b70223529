import type { FastifyInstance } from 'fastify';
import {
  recordSponsorUnsubscribe,
  SPONSOR_UNSUBSCRIBE_PATH,
  verifySponsorUnsubscribeToken,
} from '../../animals/sponsors/sponsor-updates';
import type { Orm } from '../../platform/db/orm';
import { stopLinkMessages } from './stop-link-messages';
import { paragraph } from './stop-link-page';
import { stopButton, stopLinkRoutes } from './stop-link-routes';

/**
 * Stopping an animal's updates to its sponsor (animals/sponsors/sponsor-updates.ts), through the
 * stop link's routes (./stop-link-routes.ts), as an appeal's are stopped. The gift itself goes on.
 */
export async function sponsorUnsubscribeRoutes(
  app: FastifyInstance,
  { orm, personalDataKey }: { orm: Orm; personalDataKey: Buffer },
) {
  const animalName = async (animalId: number) => {
    const [animal] = await orm.em
      .fork()
      .execute<{ name: string }[]>('select name from animals where id = ?', [animalId]);
    return animal?.name ?? 'this animal';
  };

  await stopLinkRoutes(app, orm, {
    path: SPONSOR_UNSUBSCRIBE_PATH,
    verify: (token) => verifySponsorUnsubscribeToken(token, personalDataKey),
    pageChoices: ['updates'],
    async ask(target, language) {
      const m = stopLinkMessages(language).sponsor;
      const name = await animalName(target.animalId);
      return {
        title: m.askTitle(name),
        body: `${paragraph(m.askBody(name))}
<form method="post">${stopButton('updates', m.button(name))}</form>`,
      };
    },
    async stop(target, _choice, language) {
      const m = stopLinkMessages(language);
      await recordSponsorUnsubscribe(orm.em.fork(), target.hash, target.animalId);
      const name = await animalName(target.animalId);
      return { title: m.unsubscribed, body: paragraph(m.sponsor.stopped(name)) };
    },
  });
}
