import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../platform/db/orm';
import { servedImageFiles } from '../../platform/images/image-file-cache';
import { CONTENT_TYPES, parseImageFileName } from '../../platform/images/image-files';
import { findImageFile, type ImageStorage } from '../../platform/images/images';
import { withoutDocumentOnlyHeaders } from '../../platform/security/security-headers';

/** The bytes at an address never change (it names their hash): browsers and CDNs keep them a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * `GET /images/<hash>-<width>.<avif|webp|jpg>`: a photo's variant, or its JPEG master at its own
 * width, from PostgreSQL or IMAGE_DIR. 404 for anything else, not cached for long (it may be a
 * photo whose upload is finishing on another instance). The files served lately are sent from
 * memory (platform/images/image-file-cache.ts): a shared appeal's photo is its page's LCP.
 */
export async function imageFileRoutes(app: FastifyInstance, { orm, storage }: { orm: Orm; storage: ImageStorage }) {
  app.get<{ Params: { file: string } }>('/images/:file', { logLevel: 'warn' }, async (request, reply) => {
    const file = parseImageFileName(request.params.file);
    const notFound = () =>
      reply.code(404).header('cache-control', 'public, max-age=60').send({ message: 'No such image' });
    if (!file) return notFound();
    const etag = `"${request.params.file}"`;
    const revalidating = request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag) ?? false;
    const held = servedImageFiles.get(request.params.file);
    const found = held
      ? { data: held }
      : await findImageFile(orm.em.fork(), storage, file, { withData: !revalidating });
    if (!found) return notFound();
    if (found.data && !held) servedImageFiles.set(request.params.file, found.data);
    // A file, not a document: the pages' CSP and the like stay on the pages.
    withoutDocumentOnlyHeaders(reply);
    reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag);
    if (revalidating) return reply.code(304).send();
    return reply.header('content-type', CONTENT_TYPES[file.format]).send(found.data);
  });
}
