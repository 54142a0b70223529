import { Badge, Button, Card, Code, CopyButton, Group, List, Table, Text, Title } from '@mantine/core';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import type { SettingsView } from './settings-form';

/** The webhook to add in Razorpay (its address to copy, the events to tick) and the last deliveries received. */
export function WebhookCard({ webhook }: { webhook: SettingsView['webhook'] }) {
  const deliveries = staffTrpc.staff.settings.webhookDeliveries.useQuery();
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        Webhook
      </Title>
      <Text size="sm">In Razorpay’s dashboard (Account & Settings → Webhooks), add a webhook with this URL:</Text>
      <Group gap="xs" my="xs" wrap="nowrap" align="flex-start">
        <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{webhook.url}</Code>
        <CopyButton value={webhook.url}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">the webhook secret saved above, and these events ticked:</Text>
      <List size="sm" my="xs" spacing={2}>
        {webhook.events.map((event) => (
          <List.Item key={event}>
            <Code>{event}</Code>
          </List.Item>
        ))}
      </List>
      <Title order={3} size="h5" mt="sm" mb="xs">
        Last deliveries
      </Title>
      <ErrorMessage error={deliveries.error} />
      {deliveries.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          None received yet.
        </Text>
      )}
      {deliveries.data && deliveries.data.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Received</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Signature</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((delivery, index) => (
                // Newest first, refetched whole: the position is the row's identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  <Table.Td>{new Date(delivery.receivedAt).toLocaleString('en-IN')}</Table.Td>
                  <Table.Td>{delivery.eventType ?? '(unknown)'}</Table.Td>
                  <Table.Td>
                    {delivery.verified ? (
                      <Badge color="green">verified</Badge>
                    ) : delivery.namesOwnPayment ? (
                      // It names one of the trust's paid payments: Razorpay, signing with another secret.
                      <Text size="sm" c="red" fw={600}>
                        refused: signed with another secret — check the webhook secret
                      </Text>
                    ) : (
                      // The address is public: anyone may post to it. Nothing to change.
                      <Text size="sm" c="dimmed">
                        refused: not signed by Razorpay (someone else’s request; harmless)
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Button mt="xs" size="compact-sm" variant="subtle" onClick={() => deliveries.refetch()}>
        Refresh
      </Button>
    </Card>
  );
}
