import { Alert, Badge, Button, Card, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { GIFT_MODE_LABELS } from '../../../../shared/gift-modes';
import { ErrorMessage } from '../ErrorMessage';
import { rupees } from '../format';
import { staffTrpc } from '../trpc';

type Summary = inferRouterOutputs<AppRouter>['staff']['statement']['summary'];
type Review = Summary['reviews'][number];

const ID_NAMES = { pan: 'PAN', aadhaar: 'Aadhaar' } as const;

/** "row 3" or "rows 2, 4". */
export const rowsText = (serials: number[]) => `${serials.length === 1 ? 'row' : 'rows'} ${serials.join(', ')}`;

/**
 * The warning before Part B's download while a row waits for staff to say whose it is: the rows, by
 * their serial number in the file, and the IDs masked. The file's own name then ends in NEEDS-REVIEW.
 */
export function ReviewWarning({ summary }: { summary: Summary }) {
  const waiting = summary.reviews.filter((review) => review.needsReview);
  if (waiting.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={`Part B ${rowsText(summary.rowsNeedingReview)}: needs review`} mb="sm">
      {waiting.map((review) => `${ID_NAMES[review.idKind]} ${review.idMasked}`).join(', ')}{' '}
      {waiting.length === 1 ? 'was' : 'were'} given with more than one name or e-mail address. A PAN typed on a form
      proves nothing: say below whose name and address each row carries before filing.
    </Alert>
  );
}

/**
 * Each ID whose receipts of the year carry more than one person (names apart from case, spaces,
 * punctuation and initials, or e-mail addresses), its receipts side by side: an admin chooses the
 * receipt whose name and address its rows carry.
 */
export function DonorReviews({ year, summary, isAdmin }: { year: string; summary: Summary; isAdmin: boolean }) {
  if (summary.reviews.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="reviews-heading">
      <Title order={2} size="h4" id="reviews-heading">
        One ID, more than one person
      </Title>
      <Text size="sm" c="dimmed">
        These PAN or Aadhaar numbers came with different names or e-mail addresses.{' '}
        {isAdmin
          ? 'Choose the receipt whose name and address the rows carry; a gift from anyone else later asks again.'
          : 'An admin chooses whose name and address the rows carry.'}
      </Text>
      {summary.reviews.map((review) => (
        <ReviewCard key={review.idHash} year={year} review={review} isAdmin={isAdmin} />
      ))}
    </Stack>
  );
}

function ReviewCard({ year, review, isAdmin }: { year: string; review: Review; isAdmin: boolean }) {
  const utils = staffTrpc.useUtils();
  const [chosen, setChosen] = useState<string | null>(review.chosenReceiptNumber);
  const resolve = staffTrpc.staff.statement.resolveReview.useMutation({
    onSuccess: async (saved) => {
      notifications.show({
        color: 'green',
        message: `${rowsText(review.serialNumbers)}: ${saved.receiptNumber}’s name and address`,
      });
      await utils.staff.statement.summary.invalidate();
    },
  });
  const label = `${ID_NAMES[review.idKind]} ${review.idMasked}`;
  const headingId = `review-${review.idHash}`;
  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          {label}, Part B {rowsText(review.serialNumbers)}
        </Title>
        {review.needsReview ? (
          <Badge color="red">Needs review</Badge>
        ) : (
          <Badge color="green">Resolved by {review.resolvedBy}</Badge>
        )}
      </Group>
      <ErrorMessage error={resolve.error} title="Not saved" />
      <Radio.Group value={chosen} onChange={setChosen} aria-label={`Whose name and address ${label} carries`}>
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder verticalSpacing={4} aria-label={`Receipts of ${label}`}>
            <Table.Thead>
              <Table.Tr>
                {isAdmin && <Table.Th>Use</Table.Th>}
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Date (IST)</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Mode</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {review.receipts.map((receipt) => (
                <Table.Tr key={receipt.number}>
                  {isAdmin && (
                    <Table.Td>
                      <Radio value={receipt.number} aria-label={`Use receipt ${receipt.number}`} />
                    </Table.Td>
                  )}
                  <Table.Td>{receipt.number}</Table.Td>
                  <Table.Td>{receipt.date}</Table.Td>
                  <Table.Td>{receipt.name}</Table.Td>
                  <Table.Td>{receipt.email || '—'}</Table.Td>
                  <Table.Td>{receipt.address || '—'}</Table.Td>
                  <Table.Td ta="right">{rupees(receipt.amountPaise)}</Table.Td>
                  <Table.Td>{GIFT_MODE_LABELS[receipt.mode]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      {isAdmin && (
        <Group mt="sm">
          <Button
            disabled={chosen === null || (chosen === review.chosenReceiptNumber && !review.needsReview)}
            loading={resolve.isPending}
            onClick={() => chosen && resolve.mutate({ year, idHash: review.idHash, receiptNumber: chosen })}
          >
            Use this receipt’s name and address
          </Button>
        </Group>
      )}
    </Card>
  );
}
