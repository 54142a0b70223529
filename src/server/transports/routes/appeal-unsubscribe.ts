import type { FastifyInstance } from 'fastify';
import { recordUnsubscribe, UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from '../../gifts/appeals/unsubscribe-token';
import type { Orm } from '../../platform/db/orm';
import { stopLinkMessages } from './stop-link-messages';
import { paragraph } from './stop-link-page';
import { stopButton, stopLinkRoutes } from './stop-link-routes';

/**
 * Unsubscribing from appeal updates (gifts/appeals/unsubscribe-token.ts), through the stop link's
 * routes (./stop-link-routes.ts). The page asks "Stop updates about <appeal>" or "Stop all appeal
 * updates"; a mail client's one-click stops that appeal's updates only. An old token, naming no
 * appeal, stops them all.
 */
export async function appealUnsubscribeRoutes(
  app: FastifyInstance,
  { orm, personalDataKey }: { orm: Orm; personalDataKey: Buffer },
) {
  const appealTitle = async (appealId: number | null) => {
    if (appealId === null) return null;
    const [appeal] = await orm.em
      .fork()
      .execute<{ title: string }[]>('select title from appeals where id = ?', [appealId]);
    return appeal?.title ?? null;
  };
  await stopLinkRoutes(app, orm, {
    path: UNSUBSCRIBE_PATH,
    verify: (token) => verifyUnsubscribeToken(token, personalDataKey),
    pageChoices: ['appeal', 'all'],
    async ask(target, language) {
      const m = stopLinkMessages(language);
      const title = await appealTitle(target.appealId);
      return {
        title: m.appeal.askTitle,
        body: `${paragraph(`${m.appeal.which} ${m.appeal.rest}`)}
<form method="post">
${title === null ? '' : stopButton('appeal', m.appeal.stopOne(title))}
${stopButton('all', m.appeal.stopAll, false)}
</form>`,
      };
    },
    async stop(target, choice, language) {
      const m = stopLinkMessages(language);
      const appealId = choice === 'all' ? null : target.appealId;
      await recordUnsubscribe(orm.em.fork(), target.hash, appealId);
      const title = await appealTitle(appealId);
      return {
        title: m.unsubscribed,
        body: paragraph(`${title === null ? m.appeal.stoppedAll : m.appeal.stoppedOne(title)} ${m.appeal.rest}`),
      };
    },
  });
}
