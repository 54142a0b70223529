import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../../../../server/transports/trpc/router';
import { formatIndiaDate } from '../../../../shared/financial-year';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

type Figures = RouterOutputs['staff']['retention']['figures'];
type Retained = Figures['thisYear']['overall'];

const percent = (retained: Retained) => (retained.rate === null ? '—' : `${Math.round(retained.rate * 1000) / 10} %`);
const of = (retained: Retained) => `${retained.retained} of ${retained.donors}`;

const RATES = [
  ['overall', 'Retention'],
  ['firstTime', 'First-time donors'],
  ['repeat', 'Repeat donors'],
] as const;

/**
 * The overview's retention panel (staff.retention.figures): the three rates of the Fundraising
 * Effectiveness Project, this financial year to date against last year to the same day and whole.
 */
export function RetentionPanel() {
  const figures = staffTrpc.staff.retention.figures.useQuery({});
  if (figures.error) return <ErrorMessage error={figures.error} title="Retention could not be read" />;
  if (!figures.data) return null;
  const { thisYear, lastYearToDate, lastYear } = figures.data;
  const lastDay = formatIndiaDate(new Date(new Date(lastYearToDate.upTo).getTime() - 1));
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="retention-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="retention-heading">
            Donors who give again
          </Title>
          <Anchor component={Link} to="/staff/segments" size="sm">
            Who gave last year, not this year
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {RATES.map(([key, label]) => (
            <Card key={key} withBorder padding="xs" role="group" aria-label={`${label} ${thisYear.year}`}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text fw={700} size="xl">
                {percent(thisYear[key])}
              </Text>
              <Text size="xs">
                {thisYear.year} to date: {of(thisYear[key])} of {thisYear.cohortYear}’s donors
              </Text>
              <Text size="xs">
                {lastYear.year} to {lastDay}: {percent(lastYearToDate[key])} ({of(lastYearToDate[key])})
              </Text>
              <Text size="xs">
                {lastYear.year}, whole year: {percent(lastYear[key])} ({of(lastYear[key])})
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <List size="xs" c="dimmed" spacing={2}>
          <List.Item>
            Retention: of the donors who gave in {thisYear.cohortYear}, the share who have given again in{' '}
            {thisYear.year} (this financial year, 1 April to today, India time).
          </List.Item>
          <List.Item>
            First-time donors: the same, of those whose first gift ever was in {thisYear.cohortYear}. Repeat donors: of
            those who gave in {thisYear.cohortYear} and in some year before it.
          </List.Item>
          <List.Item>
            These are the Fundraising Effectiveness Project’s definitions (sector medians about 43 %, 19 % and 69 %). A
            donor is a person: merged records count once; every mode of gift counts, for what was kept after refunds.
            The year is not over, so it is set beside last year to the same day as well as last year whole.
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}
