import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Fragment, useState } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { indiaTime } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { money } from './money';
import { SettlementLines } from './SettlementLines';
import { Unsettled } from './Unsettled';

type SettlementList = inferRouterOutputs<AppRouter>['staff']['settlements']['list'];
type Settlement = SettlementList['settlements'][number];

const FIGURES = [
  ['gross', 'Gross'],
  ['fee', 'Razorpay fee'],
  ['tax', 'GST on the fee'],
  ['adjustments', 'Adjustments'],
  ['net', 'Net credited'],
] as const;

function SettlementRow({ settlement }: { settlement: Settlement }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>{indiaTime(settlement.settledAt)}</Table.Td>
        <Table.Td>
          <Text span ff="monospace" size="sm">
            {settlement.utr ?? '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {settlement.id}
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          {settlement.awaitingReport ? (
            <Badge color="yellow" variant="light">
              Report awaited
            </Badge>
          ) : (
            `${settlement.payments} / ${settlement.refunds}`
          )}
        </Table.Td>
        {FIGURES.map(([key]) => (
          <Table.Td key={key} ta="right">
            {money(settlement[key])}
          </Table.Td>
        ))}
        <Table.Td>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the lines of ${settlement.utr ?? settlement.id}`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Lines'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {settlement.net !== settlement.reportedNet && (
        <Table.Tr>
          <Table.Td colSpan={9}>
            <Text size="sm" c="red">
              Razorpay credited {money(settlement.reportedNet)}; its lines add up to {money(settlement.net)}. Ask
              Razorpay about the difference.
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
      {open && (
        <Table.Tr>
          <Table.Td colSpan={9} bg="var(--mantine-color-gray-0)">
            <SettlementLines id={settlement.id} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/**
 * Razorpay's transfers to the trust's bank: each settlement's date, UTR, the payments and refunds
 * in it, gross, Razorpay's fee, the GST on it, adjustments and the net credited, all summed from
 * the same lines as the accountant's CSV; and the payments captured but not settled yet.
 */
export function SettlementsPage() {
  useStaffTitle('Settlements');
  const utils = staffTrpc.useUtils();
  const [year, setYear] = useState<string | null>(null);
  const list = staffTrpc.staff.settlements.list.useQuery(
    { year: year ?? undefined },
    { placeholderData: keepPreviousData },
  );
  const fetchNow = staffTrpc.staff.settlements.fetch.useMutation({
    onSuccess: async (report) => {
      notifications.show({
        color: 'green',
        message:
          report.settlements + report.withEntries === 0
            ? 'Razorpay has nothing new'
            : `${report.settlements} new ${report.settlements === 1 ? 'settlement' : 'settlements'}, lines of ${report.withEntries}`,
      });
      await utils.staff.settlements.invalidate();
    },
  });
  const data = list.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Razorpay settlements
      </Title>
      <ErrorMessage error={list.error} />
      <ErrorMessage error={fetchNow.error} title="Razorpay did not answer" />
      {!data && !list.error && <Loader aria-label="Loading" />}
      {data && (
        <>
          <Group align="end">
            <Select
              label="Financial year"
              description="April to March, by the day Razorpay settled"
              data={data.years}
              value={data.year}
              onChange={(value) => value && setYear(value)}
              allowDeselect={false}
              w={240}
            />
            <Button component="a" href={`/staff/api/settlements.csv?year=${data.year}`} download c="white">
              Download for the accountant (CSV)
            </Button>
            <Button variant="light" loading={fetchNow.isPending} onClick={() => fetchNow.mutate()}>
              Ask Razorpay now
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
            {FIGURES.map(([key, label]) => (
              <Figure key={key} label={label} value={money(data.totals[key])} />
            ))}
          </SimpleGrid>
          {data.settlements.some((settlement) => settlement.awaitingReport) && (
            <Alert color="yellow" variant="light" title="Some reports are awaited">
              Razorpay has not yet given the payments in a settlement marked “Report awaited”: its net credited, fee and
              GST are Razorpay’s totals, and its gross is left out until the report comes (the daily fetch asks again).
            </Alert>
          )}
          <Table.ScrollContainer minWidth={960}>
            <Table striped withTableBorder verticalSpacing={4} aria-label={`Settlements of ${data.year}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Settled on</Table.Th>
                  <Table.Th>UTR</Table.Th>
                  <Table.Th ta="right">Payments / refunds</Table.Th>
                  {FIGURES.map(([key, label]) => (
                    <Table.Th key={key} ta="right">
                      {label}
                    </Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>Lines</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.settlements.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={9}>
                      <Text size="sm" c="dimmed">
                        No settlement in {data.year}.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.settlements.map((settlement) => (
                  <SettlementRow key={settlement.id} settlement={settlement} />
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>
                    {data.totals.settlements} {data.totals.settlements === 1 ? 'settlement' : 'settlements'}
                  </Table.Th>
                  {FIGURES.map(([key]) => (
                    <Table.Th key={key} ta="right">
                      {money(data.totals[key])}
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Unsettled unsettled={data.unsettled} />
        </>
      )}
    </Stack>
  );
}
