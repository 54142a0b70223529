import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../../shared/images';
import { imageAltSchema } from '../../../shared/images.schema';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { type ImageStorage, storeImage } from '../../platform/images/images';
import { actorOf } from '../../platform/staff/staff-actor';
import { refuseCrossSite } from './refuse-cross-site';
import { requireStaff, staffOf } from './require-staff';

const TOO_LARGE = `The photo is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: send a smaller one`;

/**
 * `POST /staff/api/images`: one photo as `multipart/form-data`, with the fields `alt` (what it
 * shows, required) and `file`. Answers `{ image, created }`: 201 with the new photo, 200 with the one
 * already kept when the same photo comes again. Every refusal is a 400 that says why.
 *
 * @fastify/multipart is registered in this plugin's scope only: no other route reads multipart
 * (and platform/security/json-only.ts lets it through to this path alone).
 */
export async function imageUploadRoutes(
  app: FastifyInstance,
  { orm, storage, siteUrl }: { orm: Orm; storage: ImageStorage; siteUrl: string },
) {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 5, headerPairs: 50 },
  });
  const errors = app.multipartErrors;

  app.post(
    '/staff/api/images',
    { onRequest: refuseCrossSite(siteUrl), preHandler: requireStaff(orm), logLevel: 'warn' },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply.code(400).send({ message: 'Send the photo as multipart/form-data, with the fields alt and file' });
      }
      let alt: string | undefined;
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file') bytes = data;
          } else if (part.fieldname === 'alt') {
            alt = String(part.value);
          }
        }
      } catch (error) {
        if (error instanceof errors.RequestFileTooLargeError) return reply.code(400).send({ message: TOO_LARGE });
        if (error instanceof errors.FilesLimitError) {
          return reply.code(400).send({ message: 'Send one photo at a time' });
        }
        if (error instanceof errors.PartsLimitError || error instanceof errors.FieldsLimitError) {
          return reply.code(400).send({ message: 'Send only the fields alt and file' });
        }
        throw error;
      }
      const parsedAlt = imageAltSchema.safeParse(alt ?? '');
      if (!parsedAlt.success) {
        const issues = fieldIssues(parsedAlt.error).map((issue) => ({ ...issue, path: 'alt' }));
        return reply.code(400).send({ message: issues[0]?.message ?? 'Describe the photo', issues });
      }
      if (!bytes) return reply.code(400).send({ message: 'Choose a photo to upload (the field file)' });
      const result = await storeImage(
        orm.em.fork(),
        { storage, actor: actorOf(staffOf(request)) },
        { bytes, alt: parsedAlt.data },
      );
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
}
