import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { staffTrpc } from '../trpc';

export type ErasureRow = inferRouterOutputs<AppRouter>['staff']['erasure']['list'][number];

/** Asks before erasing: what goes now, what the tax law keeps until its period ends. It cannot be undone. */
export function CompleteErasureModal({ request, onClose }: { request: ErasureRow | undefined; onClose: () => void }) {
  const utils = staffTrpc.useUtils();
  const complete = staffTrpc.staff.erasure.complete.useMutation({
    onSuccess: async (outcome) => {
      const kept = outcome.receiptsKept
        ? ` ${outcome.receiptsKept} ${outcome.receiptsKept === 1 ? 'receipt is' : 'receipts are'} kept until ${indiaTime(outcome.retainedUntil)}.`
        : '';
      const stopped = outcome.monthlyGiftsCancelled
        ? ` ${outcome.monthlyGiftsCancelled} monthly ${outcome.monthlyGiftsCancelled === 1 ? 'gift was' : 'gifts were'} cancelled at Razorpay.`
        : '';
      notifications.show({
        color: 'green',
        message: `Erasure request ${outcome.requestId} completed.${stopped}${kept} The donor has been told by mail.`,
      });
      onClose();
      await utils.staff.erasure.list.invalidate();
    },
    // Refused (a colleague completed it meanwhile): the list shows how things stand now.
    onError: () => utils.staff.erasure.list.invalidate(),
  });
  const preview = staffTrpc.staff.erasure.preview.useQuery(
    { id: request?.id ?? 0 },
    { enabled: Boolean(request), retry: false },
  );
  const reach = preview.data;
  const { reset } = complete;
  // A new request to confirm starts without the last one's error.
  useEffect(() => {
    if (request) reset();
  }, [request, reset]);

  return (
    <Modal opened={Boolean(request)} onClose={onClose} title="Complete this erasure?" size="lg">
      {request && (
        <Stack gap="sm">
          <Text size="sm">
            Erasure for <strong>{request.email}</strong>, asked {indiaTime(request.requestedAt)}. This cannot be undone.
          </Text>
          {reach ? (
            <Text size="sm" data-testid="erasure-reach">
              It reaches{' '}
              {reach.donorIds.length
                ? `their whole donor record (${reach.donorIds.length === 1 ? 'donor' : 'donors'} ${reach.donorIds.join(', ')})`
                : 'their address (no donor record)'}
              : {reach.gifts} {reach.gifts === 1 ? 'gift' : 'gifts'}
              {reach.unpaidCheckouts
                ? ` and ${reach.unpaidCheckouts} unpaid ${reach.unpaidCheckouts === 1 ? 'checkout' : 'checkouts'}`
                : ''}
              , given as {reach.names.join(', ') || 'no name'} from {reach.emails.join(', ')}.
              {reach.applications.length
                ? ` And ${reach.applications.length} ${reach.applications.length === 1 ? 'application' : 'applications'} (${reach.applications.map((application) => `${application.kind} ${application.id}, ${application.status}`).join('; ')}), deleted with their steps.`
                : ''}
            </Text>
          ) : null}
          <ErrorMessage error={preview.error} title="What it reaches could not be read" />
          <Text size="sm">
            Their monthly gifts are cancelled at Razorpay first, so nothing more is charged (if Razorpay cannot be
            reached, nothing is erased and you can try again later). Then one last mail tells the donor what was
            stopped, erased and kept.
          </Text>
          <Text size="sm" fw={600}>
            Anonymised now
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>name, e-mail, phone, address and PAN or Aadhaar on all their donations;</List.Item>
            <List.Item>their contact messages and the mails sent to them (mail still waiting is not sent);</List.Item>
            <List.Item>
              the trust’s copies of their certificates of donation (deleted: the Income-tax portal keeps them);
            </List.Item>
            <List.Item>their details in payment notifications and in the audit trail;</List.Item>
            <List.Item>
              their applications to adopt, foster, volunteer or partner (deleted, with their steps).
            </List.Item>
          </List>
          <Text size="sm" fw={600}>
            Kept until the retention period ends
          </Text>
          <Text size="sm">
            Their receipts, and what the statement of donations reports, keep the donor’s details as the tax law
            requires: for eight years from the end of each receipt’s financial year. A scheduled job anonymises them
            when that period ends.
          </Text>
          <ErrorMessage error={complete.error} title="Not completed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button color="red" loading={complete.isPending} onClick={() => complete.mutate({ id: request.id })}>
              Erase this donor
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
