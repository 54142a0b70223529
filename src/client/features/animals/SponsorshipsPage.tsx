import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SPONSOR_SILENCE_DAYS } from '../../../shared/sponsorship';
import { ErrorMessage } from '../staff/ErrorMessage';
import { indiaTime, rupees } from '../staff/format';
import { staffTrpc } from '../staff/trpc';
import { useStaffTitle } from '../staff/use-staff-title';
import { SponsorshipPanel } from './SponsorshipPanel';
import { SponsorUpdateForm } from './SponsorUpdateForm';

/**
 * The console's sponsored animals: each with its monthly amount, how many sponsor it and when its
 * sponsors last heard from it (marked when over 45 days); open another animal, and post an update
 * to an animal's sponsors.
 */
export function SponsorshipsPage() {
  useStaffTitle('Sponsorships');
  const list = staffTrpc.staff.sponsorships.list.useQuery();
  const candidates = staffTrpc.staff.sponsorships.candidates.useQuery();
  const [chosen, setChosen] = useState<number | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const rows = list.data ?? [];
  const current = rows.find((row) => row.animalId === chosen);
  const candidate = candidates.data?.find((row) => String(row.animalId) === opening);

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Sponsorships
      </Title>
      <Text size="sm">
        Animals open for sponsorship, and those whose sponsors still give. Sponsors should hear from their animal at
        least every {SPONSOR_SILENCE_DAYS} days: post an update with a photo and a few lines.
      </Text>
      <ErrorMessage error={list.error} />
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Animal</Table.Th>
              <Table.Th>A month</Table.Th>
              <Table.Th>Sponsors</Table.Th>
              <Table.Th>Last heard</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {list.isFetching ? 'Loading…' : 'No animal is open for sponsorship yet.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.animalId}>
                <Table.Td>
                  {row.name}
                  {row.status !== 'resident' && row.status !== 'in-care' ? ` (${row.status})` : ''}
                </Table.Td>
                <Table.Td>{row.monthlyAmount === null ? 'closed' : rupees(row.monthlyAmount)}</Table.Td>
                <Table.Td>{row.sponsors}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {row.lastHeardAt ? indiaTime(row.lastHeardAt) : 'never'}
                    {row.silent && (
                      <Badge color="orange" variant="light">
                        over {SPONSOR_SILENCE_DAYS} days
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => setChosen(row.animalId)}>
                    Post an update
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {current && (
        <Card withBorder padding="sm">
          <SponsorUpdateForm
            animalId={current.animalId}
            name={current.name}
            sponsors={current.sponsors}
            onPosted={() => list.refetch()}
          />
          {current.status === 'resident' || current.status === 'in-care' ? (
            <SponsorshipPanel
              animalId={current.animalId}
              name={current.name}
              status={current.status}
              monthlyAmount={current.monthlyAmount}
            />
          ) : null}
        </Card>
      )}
      <Card withBorder padding="sm" maw={480}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Open another animal
          </Title>
          <Select
            label="A permanent resident or an animal in care"
            placeholder={candidates.data?.length === 0 ? 'None to open' : 'Choose an animal'}
            data={(candidates.data ?? []).map((row) => ({ value: String(row.animalId), label: row.name }))}
            value={opening}
            onChange={setOpening}
            searchable
          />
          {candidate && (
            <SponsorshipPanel
              key={candidate.animalId}
              animalId={candidate.animalId}
              name={candidate.name}
              status={candidate.status}
              monthlyAmount={null}
              onChanged={() => {
                setOpening(null);
                return candidates.refetch();
              }}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
