import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import type { ProposalReason } from '../../../../shared/donors.schema';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { staffTrpc } from '../trpc';
import { DonorLink } from './DonorLink';

/**
 * Merging a donor's records from their page: a proposed record (why it may be the same person),
 * the merge after its preview, and undoing a merge. The page itself is DonorPage.tsx.
 */
export type DonorRecord = Extract<RouterOutputs['staff']['donors']['get'], { mergedIntoId: null }>;
export type Proposal = DonorRecord['proposals'][number];

const REASONS: { [reason in ProposalReason]: string } = {
  'tax-id': 'the same PAN or Aadhaar',
  phone: 'the same phone',
  'name-and-address': 'the same name and address',
};

export function ProposalRow({
  donorId,
  proposal,
  onMerge,
}: {
  donorId: number;
  proposal: Proposal;
  onMerge: () => void;
}) {
  const utils = staffTrpc.useUtils();
  const dismiss = staffTrpc.staff.donors.dismissProposal.useMutation({
    onSuccess: () => utils.staff.donors.get.invalidate({ id: donorId }),
  });
  const name = proposal.name ?? `Donor ${proposal.donorId}`;
  return (
    <Card withBorder padding="xs">
      <Group justify="space-between">
        <Text size="sm">
          <DonorLink id={proposal.donorId}>{name}</DonorLink> ({proposal.email ?? 'no e-mail'}), {proposal.giftCount}{' '}
          gifts, {rupees(proposal.lifetimeTotal)}: {proposal.reasons.map((reason) => REASONS[reason]).join(', ')}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" onClick={onMerge} aria-label={`Merge ${name} into this record`}>
            Merge…
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate({ donorId, otherDonorId: proposal.donorId })}
            aria-label={`Not the same person: ${name}`}
          >
            Not the same person
          </Button>
        </Group>
      </Group>
      <ErrorMessage error={dismiss.error} title="Not dismissed" />
    </Card>
  );
}

/** The merge, after its preview: which IDs each record carries, and what the statement will show. */
export function MergeModal({
  intoId,
  proposal,
  onClose,
}: {
  intoId: number;
  proposal?: Proposal;
  onClose: () => void;
}) {
  const utils = staffTrpc.useUtils();
  const [confirmed, setConfirmed] = useState(false);
  const fromId = proposal?.donorId ?? 0;
  const preview = staffTrpc.staff.donors.mergePreview.useQuery({ intoId, fromId }, { enabled: Boolean(proposal) });
  const merge = staffTrpc.staff.donors.merge.useMutation({
    onSuccess: async (result) => {
      notifications.show({ color: 'green', message: `Merged: ${result.movedGifts} gifts moved to this record` });
      setConfirmed(false);
      onClose();
      await utils.staff.donors.invalidate();
    },
  });
  return (
    <Modal opened={Boolean(proposal)} onClose={onClose} title="Merge these records?">
      {preview.data?.alreadyMerged ? (
        <Stack gap="sm">
          <Text size="sm">
            Already merged: donor {fromId}’s gifts are on this record ({preview.data.into.giftCount} kept in all).
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : preview.data ? (
        <Stack gap="sm">
          <Text size="sm">
            Every gift of {preview.data.from.name ?? `donor ${fromId}`} ({preview.data.from.giftCount} kept) moves to{' '}
            {preview.data.into.name ?? `donor ${intoId}`}. Receipts, monthly gifts, certificates and consent stay as
            they are; you can undo the merge.
          </Text>
          <Text size="sm">
            IDs: this record {preview.data.into.ids.join(', ') || 'none'}; the other{' '}
            {preview.data.from.ids.join(', ') || 'none'}.
          </Text>
          {preview.data.differentIds && (
            <Alert color="orange" title="Different PANs or Aadhaar numbers" role="alert">
              <Text size="sm">{preview.data.statementNote}</Text>
              <Checkbox
                mt="xs"
                label="I know these are one person with different IDs"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.currentTarget.checked)}
              />
            </Alert>
          )}
          <ErrorMessage error={merge.error} title="Not merged" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep apart
            </Button>
            <Button
              loading={merge.isPending}
              disabled={preview.data.differentIds && !confirmed}
              onClick={() => merge.mutate({ intoId, fromId, confirmDifferentIds: confirmed })}
            >
              Merge
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <ErrorMessage error={preview.error} />
          {!preview.error && <Loader aria-label="Loading" />}
        </>
      )}
    </Modal>
  );
}

export function UndoMerge({ donorId, merge }: { donorId: number; merge: DonorRecord['merges'][number] }) {
  const utils = staffTrpc.useUtils();
  const undo = staffTrpc.staff.donors.undoMerge.useMutation({
    onSuccess: () => utils.staff.donors.invalidate(),
  });
  return (
    <Card withBorder padding="xs">
      <Group justify="space-between">
        <Text size="sm">
          Donor {merge.fromId}, {merge.gifts} gifts, merged by {merge.mergedBy} on {indiaTime(merge.mergedAt)}{' '}
          <Badge variant="light">merge {merge.id}</Badge>
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          loading={undo.isPending}
          onClick={() => undo.mutate({ mergeId: merge.id })}
          aria-label={`Undo merge ${merge.id} into donor ${donorId}`}
        >
          Undo merge
        </Button>
      </Group>
      <ErrorMessage error={undo.error} title="Not undone" />
    </Card>
  );
}
