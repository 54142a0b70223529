import { Alert, Text } from '@mantine/core';
import { formatBytes } from '../../../../shared/format-bytes';
import { indiaTime } from '../format';

/** The overview's `backup` field (server: platform/backups/backup-status.ts). */
export interface BackupStatusData {
  lastTakenAt: string | null;
  kind: string | null;
  sizeBytes: number | null;
  stale: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (iso: string, now: Date) => Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS);

const HOW = (
  <>
    The site takes one every night at 02:30; an admin takes one now, and sets up copies off the machine, under Backups.
  </>
);

/** When the last backup was taken; a red warning when none was, or it is over two days old. */
export function BackupStatus({ backup, now = new Date() }: { backup: BackupStatusData; now?: Date }) {
  if (!backup.lastTakenAt) {
    return (
      <Alert color="red" title="No backup of the database has been taken">
        Until one is, a failed disk loses every donation, receipt and the audit trail. {HOW}
      </Alert>
    );
  }
  const size = backup.sizeBytes === null ? '' : `, ${formatBytes(backup.sizeBytes)}`;
  const when = `${indiaTime(backup.lastTakenAt)} (${backup.kind ?? 'backup'}${size})`;
  if (backup.stale) {
    const days = daysAgo(backup.lastTakenAt, now);
    return (
      <Alert color="red" title={`The last backup is ${days} days old`}>
        Last backup: {when}. {HOW}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Last backup: {when}
    </Text>
  );
}
