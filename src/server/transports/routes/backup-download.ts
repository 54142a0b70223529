import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backupDownloadSchema } from '../../../shared/backups.schema';
import { audit } from '../../platform/audit/audit';
import { downloadableBackups } from '../../platform/backups/backup-list';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { actorOf } from '../../platform/staff/staff-actor';
import { requireStaff, staffOf } from './require-staff';

/**
 * `GET /staff/api/backups/<name>`: a backup's file, streamed, for admins (it holds every donor's
 * personal data), in the audit trail. The name must be a backup's name and one of the files in the
 * backup folder: nothing of the request is ever a path.
 */
export async function backupDownloadRoutes(app: FastifyInstance, options: { orm: Orm; dir: string }) {
  app.get<{ Params: { name: string } }>(
    '/staff/api/backups/:name',
    {
      logLevel: 'warn',
      preHandler: requireStaff(options.orm, {
        admin: 'Only an admin may download a backup: it holds every donor’s data',
      }),
    },
    async (request, reply) => {
      const parsed = backupDownloadSchema.safeParse(request.params);
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
      const listed = await downloadableBackups(options.dir);
      const name = listed.find((file) => file === parsed.data.name);
      if (!name)
        return reply.code(404).send({ message: `${parsed.data.name} is not among the backups on this server` });
      const file = join(options.dir, name);
      const { size } = await stat(file);
      await audit(options.orm.em.fork(), actorOf(staffOf(request)), 'backup_downloaded', { name, bytes: size });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
