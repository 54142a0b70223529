import { Alert, Anchor, Badge, Button, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatBytes } from '../../../../shared/format-bytes';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { OffsiteSetupForm } from './OffsiteSetupForm';

/**
 * Admins only: the backups with their download, "Back up now" (taken off the request: the page
 * reads the progress again every few seconds while one runs) and the copies off the machine.
 */
export function BackupsPage() {
  useStaffTitle('Backups');
  const utils = staffTrpc.useUtils();
  const role = staffTrpc.staff.me.useQuery().data?.role;
  const list = staffTrpc.staff.backups.list.useQuery(undefined, {
    // The server refuses anyone else: asking would only show them a 403.
    enabled: role === 'admin',
    refetchInterval: (query) => (query.state.data?.run.running ? 3000 : false),
  });
  const backUpNow = staffTrpc.staff.backups.backUpNow.useMutation({
    onSettled: () => utils.staff.backups.list.invalidate(),
  });
  const run = list.data?.run;
  const offsite = list.data?.offsite;

  if (role === undefined) return <Loader aria-label="Loading" />;
  if (role !== 'admin') {
    // The buttons would only meet a 403 (the nav hides the page, but a link or the address bar reaches it).
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Backups
        </Title>
        <Alert color="blue" variant="light">
          Backups are kept by the admins: ask one to take or download a backup.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Backups
      </Title>
      <ErrorMessage error={list.error ?? backUpNow.error} />
      <Group gap="sm">
        <Button onClick={() => backUpNow.mutate()} loading={backUpNow.isPending} disabled={Boolean(run?.running)}>
          Back up now
        </Button>
        {run?.running && (
          <Text size="sm" role="status">
            <Loader size="xs" mr={6} />
            {run.running.step} (started {indiaTime(run.running.startedAt)})…
          </Text>
        )}
      </Group>
      {run?.last && !run.running && (
        <Alert
          color={run.last.error ? 'red' : run.last.offsiteError ? 'orange' : 'green'}
          variant="light"
          title={`Last ${run.last.kind} backup on this server, ${indiaTime(run.last.finishedAt)}`}
        >
          {run.last.error
            ? `It failed: ${run.last.error}`
            : `Taken: ${run.last.file}.${run.last.offsiteError ? ` Its copy off the machine failed: ${run.last.offsiteError}` : ''}`}
        </Alert>
      )}
      {offsite && (
        <Text size="sm">
          Off the machine:{' '}
          {!offsite.configured
            ? 'not set up (below). Until then the backups are only on this server’s disk.'
            : offsite.lastError
              ? `the last copy failed (${indiaTime(offsite.lastErrorAt)}): ${offsite.lastError} It is tried again after the next backup.`
              : offsite.lastCopiedAt
                ? `last copied ${indiaTime(offsite.lastCopiedAt)} as ${offsite.lastCopiedKey}.`
                : 'set up; nothing copied yet.'}
        </Text>
      )}
      {list.isLoading && <Loader aria-label="Loading" />}
      {list.data && (
        <Text size="sm" c="dimmed" hiddenFrom="md">
          The table is wider than the screen: swipe it sideways to see every column.
        </Text>
      )}
      {list.data && (
        // The scrollbar always shows: a table cut at the screen's edge says there is more.
        <Table.ScrollContainer minWidth={760} scrollAreaProps={{ type: 'always', offsetScrollbars: 'x' }}>
          <Table striped withTableBorder verticalSpacing={4} aria-label="Backups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Taken (IST)</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>SHA-256</Table.Th>
                <Table.Th>Off the machine</Table.Th>
                <Table.Th>File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.backups.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>No backup yet.</Table.Td>
                </Table.Tr>
              )}
              {list.data.backups.map((backup) => (
                <Table.Tr key={`${backup.name}-${backup.takenAt}`}>
                  <Table.Td>{indiaTime(backup.takenAt)}</Table.Td>
                  <Table.Td>{backup.kind}</Table.Td>
                  <Table.Td>{formatBytes(backup.sizeBytes)}</Table.Td>
                  <Table.Td>
                    <Code title={backup.sha256}>{backup.sha256.slice(0, 12)}…</Code>
                  </Table.Td>
                  <Table.Td>
                    {backup.offsiteCopiedAt ? (
                      indiaTime(backup.offsiteCopiedAt)
                    ) : (
                      <Badge size="sm" color="gray" c="gray.9" variant="light">
                        not copied
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {backup.onDisk ? (
                      <Anchor href={`/staff/api/backups/${encodeURIComponent(backup.name)}`} download={backup.name}>
                        Download
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        removed (past its retention)
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OffsiteSetupForm />
    </Stack>
  );
}
