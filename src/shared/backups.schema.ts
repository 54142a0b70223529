import { z } from 'zod';

/** Inputs of the console's Backups page, shared with the page. */

/** A backup's file name as the server writes it (platform/backups/backup-files.ts): nothing else is ever downloaded. */
export const BACKUP_FILE_NAME = /^rescue-\d{8}-\d{6}-(nightly|manual)(-\d+)?\.backup\.gz$/;

export const backupNameSchema = z.string().regex(BACKUP_FILE_NAME, 'must be the name of a backup in the list');

/** The passphrase the copies are encrypted for: long, since a stolen copy can be guessed at offline. */
export const OFFSITE_PASSPHRASE_MIN = 12;

/** The S3-compatible bucket; a secret left empty keeps the stored one. */
export const offsiteBucketSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .url('must be the address of the storage, such as https://s3.ap-south-1.amazonaws.com')
    .refine(
      (value) => /^https?:\/\//.test(value),
      'must start with https:// (or http:// for a server on this network)',
    ),
  region: z
    .string()
    .trim()
    .min(1, 'is required (R2: auto; MinIO: us-east-1)')
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-south-1'),
  bucket: z
    .string()
    .trim()
    .min(3, 'must be 3 to 63 characters')
    .max(63, 'must be 3 to 63 characters')
    .regex(/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/, 'must be lower-case letters, digits, dots and hyphens'),
  accessKeyId: z.string().trim().min(1, 'is required').max(256),
  secretAccessKey: z.string().trim().max(256).optional(),
});
export type OffsiteBucketInput = z.infer<typeof offsiteBucketSchema>;

/** Saving the set-up: the bucket, and the passphrase when it is first set or changed. */
export const offsiteSetupSchema = offsiteBucketSchema.extend({
  passphrase: z
    .string()
    .min(OFFSITE_PASSPHRASE_MIN, `must be at least ${OFFSITE_PASSPHRASE_MIN} characters (a few words are easiest)`)
    .max(1024)
    .optional(),
});
export type OffsiteSetupInput = z.infer<typeof offsiteSetupSchema>;

/** `GET /staff/api/backups/<name>`'s one parameter. */
export const backupDownloadSchema = z.object({ name: backupNameSchema });
