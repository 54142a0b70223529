import { Anchor, Card, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SilentSponsors } from '../../animals/SilentSponsors';
import { ApplicationsWaiting } from '../../applications/ApplicationsWaiting';
import { DonationLink } from '../DonationLink';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { indiaTime, rupees } from '../format';
import { ThanksDue } from '../thanks/ThanksDue';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { BackupStatus } from './BackupStatus';
import { HealthPanel } from './HealthPanel';
import { MonthChart } from './MonthChart';
import { ReceivedByMode } from './ReceivedByMode';
import { RetentionPanel } from './RetentionPanel';
import { YearEndReminders } from './YearEndReminders';

const gifts = (count: number) => `${count} ${count === 1 ? 'gift' : 'gifts'}`;

function StoryLink({ id }: { id: unknown }) {
  if (typeof id !== 'number') return <>no donation found</>;
  return (
    <>
      Donation <DonationLink id={id} />
    </>
  );
}

function AttentionList({
  title,
  list,
  describe,
}: {
  title: string;
  list: { count: number; items: Record<string, unknown>[] };
  describe: (item: Record<string, unknown>) => ReactNode;
}) {
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5">
        {title} ({list.count})
      </Title>
      {list.count === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {list.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no common id field
            <List.Item key={index}>{describe(item)}</List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

const amountOf = (item: Record<string, unknown>) => (typeof item.amount === 'number' ? rupees(item.amount) : '');

export function OverviewPage() {
  useStaffTitle('Overview');
  const overview = staffTrpc.staff.overview.useQuery();
  if (overview.error) return <ErrorMessage error={overview.error} />;
  if (!overview.data) return <Loader aria-label="Loading" />;
  const { received, refunds, activeMonthlyDonors, attention, lastTwelveMonths, financialYear } = overview.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Overview
      </Title>
      <YearEndReminders />
      <ThanksDue />
      <ApplicationsWaiting count={overview.data.applicationsWaiting} />
      <HealthPanel />
      <BackupStatus backup={overview.data.backup} />
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Figure label="Received today" value={rupees(received.today.amount)} detail={gifts(received.today.count)} />
        <Figure label="This month" value={rupees(received.thisMonth.amount)} detail={gifts(received.thisMonth.count)} />
        <Figure
          label={`Financial year ${financialYear}`}
          value={rupees(received.thisFinancialYear.amount)}
          detail={gifts(received.thisFinancialYear.count)}
        />
        <Figure label="Refunds this year" value={rupees(refunds.amount)} detail={gifts(refunds.count)} />
        <Figure
          label="Active monthly donors"
          value={String(activeMonthlyDonors.count)}
          detail={`${rupees(activeMonthlyDonors.monthlyAmount)} a month`}
        />
      </SimpleGrid>
      <ReceivedByMode rows={overview.data.receivedByMode} financialYear={financialYear} />
      <RetentionPanel />
      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb="xs">
          Last 12 months
        </Title>
        <MonthChart months={lastTwelveMonths} />
      </Card>
      <Title order={2} size="h4">
        Needs attention
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <AttentionList
          title="Amount did not match"
          list={attention.amountMismatches}
          describe={(item) => (
            <>
              <StoryLink id={item.donationId} />: {String(item.outcome)} {amountOf(item)},{' '}
              {indiaTime(item.receivedAt as string)}
            </>
          )}
        />
        <AttentionList
          title="Failed after a retry"
          list={attention.failedAfterRetry}
          describe={(item) => (
            <>
              <StoryLink id={item.donationId} />: {amountOf(item)}, {String(item.attempts)} attempts,{' '}
              {indiaTime(item.createdAt as string)}
            </>
          )}
        />
        <AttentionList
          title="Pending for over a day"
          list={attention.pendingOverADay}
          describe={(item) => (
            <>
              <StoryLink id={item.donationId} />: {amountOf(item)}, {indiaTime(item.createdAt as string)}
            </>
          )}
        />
        <AttentionList
          title="Paid after the donor's erasure"
          list={attention.paidAfterErasure}
          describe={(item) => (
            <>
              <StoryLink id={item.donationId} />: {amountOf(item)}, {indiaTime(item.recordedAt as string)}.{' '}
              {String(item.note)}
            </>
          )}
        />
        <SilentSponsors animals={overview.data.silentSponsors} />
        <Card withBorder padding="sm">
          <Title order={3} size="h5">
            Monthly gifts at risk
          </Title>
          <Text size="sm" mt={4}>
            Monthly gifts whose charge failed or that Razorpay halted are on their own page, with the donor’s mail and a
            call to make:{' '}
            <Anchor component={Link} to="/staff/monthly-at-risk">
              Monthly gifts at risk
            </Anchor>
            .
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
