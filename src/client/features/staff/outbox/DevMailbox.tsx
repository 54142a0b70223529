import { Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';

/**
 * What the in-process SMTP server received (SMTP_URL unset outside production), so the whole flow
 * can be read without a mail server. Nothing shows when the site sends through a real one.
 */
export function DevMailbox() {
  const mailbox = staffTrpc.staff.mailbox.list.useQuery();
  const [viewing, setViewing] = useState<number>();
  if (mailbox.error) return <ErrorMessage error={mailbox.error} />;
  if (!mailbox.data?.available) return null;

  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Development mailbox
        </Title>
        <Button size="xs" variant="default" loading={mailbox.isFetching} onClick={() => mailbox.refetch()}>
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {mailbox.data.inUse
          ? 'No SMTP server is set up: every message the site sends arrives here instead of a donor’s inbox.'
          : 'Mail now goes to the SMTP server set in Settings. What this development mailbox received before is listed here.'}
      </Text>
      <DataTable
        aria-label="Development mailbox"
        {...TABLE_PROPS}
        idAccessor="index"
        records={mailbox.data.messages}
        noRecordsText="Nothing received yet"
        columns={[
          { accessor: 'receivedAt', title: 'Received (IST)', noWrap: true, render: (row) => indiaTime(row.receivedAt) },
          { accessor: 'to', title: 'To' },
          {
            accessor: 'subject',
            render: (row) => (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setViewing(row.index)}
                aria-label={`Read message: ${row.subject ?? '(no subject)'}`}
              >
                {row.subject ?? '(no subject)'}
              </Button>
            ),
          },
          { accessor: 'attachments', render: (row) => row.attachments.join(', ') },
        ]}
      />
      <Modal
        opened={viewing !== undefined}
        onClose={() => setViewing(undefined)}
        title="Message"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {viewing !== undefined && <MailboxMessage index={viewing} />}
      </Modal>
    </Stack>
  );
}

function MailboxMessage({ index }: { index: number }) {
  const message = staffTrpc.staff.mailbox.get.useQuery({ index });
  if (message.error) return <ErrorMessage error={message.error} />;
  if (!message.data) return <Loader aria-label="Loading" />;
  const { subject, from, to, receivedAt, text, attachments } = message.data;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <strong>Subject:</strong> {subject ?? '(no subject)'}
        <br />
        <strong>From:</strong> {from}
        <br />
        <strong>To:</strong> {to}
        <br />
        <strong>Received:</strong> {indiaTime(receivedAt)}
        {attachments.length > 0 && (
          <>
            <br />
            <strong>Attachments:</strong> {attachments.map((a) => `${a.filename} (${a.size} bytes)`).join(', ')}
          </>
        )}
      </Text>
      <Card withBorder padding="sm">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text}
        </Text>
      </Card>
    </Stack>
  );
}
