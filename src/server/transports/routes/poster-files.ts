import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '../../../shared/languages';
import { posterOptionsSchema } from '../../../shared/poster.schema';
import {
  animalPoster,
  appealPoster,
  generalFundPoster,
  type PosterContent,
  renderPoster,
} from '../../papers/posters/posters';
import { DomainError } from '../../platform/core/domain-error';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import type { ImageStorage } from '../../platform/images/images';
import { requireStaff } from './require-staff';

/**
 * The console's posters, for signed-in staff, `?size=A4|A5&language=en|ta|hi`:
 * `GET /staff/api/posters/donate.pdf` (the general fund's, the donate page) and
 * `GET /staff/api/appeals/<id>/poster.pdf`, `GET /staff/api/animals/<id>/poster.pdf` (a sponsored
 * animal's). A bad size or language is a 400 naming the field; an
 * appeal that is not there a 404; one that takes no gifts a 400 saying why.
 */
export async function posterFileRoutes(
  app: FastifyInstance,
  { orm, storage, siteUrl }: { orm: Orm; storage: ImageStorage; siteUrl: string },
) {
  const send = async (
    query: unknown,
    reply: FastifyReply,
    contentOf: (em: EntityManager, language: Language) => Promise<PosterContent>,
  ) => {
    const options = posterOptionsSchema.safeParse(query);
    if (!options.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(options.error) });
    const em = orm.em.fork();
    try {
      const content = await contentOf(em, options.data.language);
      const { filename, pdf } = await renderPoster({ em, storage, siteUrl }, content, options.data);
      // Not personal: the poster names no donor, but it is the console's, so not kept by a shared cache.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    } catch (error) {
      if (error instanceof DomainError && error.issues) {
        return reply
          .code(error.kind === 'NOT_FOUND' ? 404 : 400)
          .send({ message: error.message, issues: error.issues });
      }
      throw error;
    }
  };

  app.get('/staff/api/posters/donate.pdf', { logLevel: 'warn', preHandler: requireStaff(orm) }, (request, reply) =>
    send(request.query, reply, generalFundPoster),
  );
  app.get<{ Params: { id: string } }>(
    '/staff/api/appeals/:id/poster.pdf',
    { logLevel: 'warn', preHandler: requireStaff(orm) },
    (request, reply) =>
      send(request.query, reply, (em, language) => appealPoster(em, Number(request.params.id), language)),
  );
  app.get<{ Params: { id: string } }>(
    '/staff/api/animals/:id/poster.pdf',
    { logLevel: 'warn', preHandler: requireStaff(orm) },
    (request, reply) =>
      send(request.query, reply, (em, language) => animalPoster(em, Number(request.params.id), language)),
  );
}
