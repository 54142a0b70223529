import {
  Anchor,
  Badge,
  Card,
  Checkbox,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { RouterOutputs } from '../../../server/transports/trpc/router';
import { APPLICATION_WAITING_DAYS } from '../../../shared/application-work.schema';
import { APPLICATION_KINDS, APPLICATION_STATUSES } from '../../../shared/applications';
import { ErrorMessage } from '../staff/ErrorMessage';
import { staffTrpc } from '../staff/trpc';
import { useStaffTitle } from '../staff/use-staff-title';
import { KIND_LABELS, STATUS_COLOURS, STATUS_LABELS, waitingFor } from './application-words';
import { type ApplicationsSearch, listInputOf } from './applications-search';

type Row = RouterOutputs['staff']['applications']['list']['rows'][number];

/** One application as a card: readable on a phone, the whole card a link to its page. */
function ApplicationCard({ row, now }: { row: Row; now: number }) {
  const open = !['completed', 'declined', 'withdrawn'].includes(row.status);
  const wanted =
    row.animalName ??
    (row.wantedSpecies ? `any ${row.wantedSpecies === 'either' ? 'dog or cat' : row.wantedSpecies}` : null);
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="application-card"
      renderRoot={(props) => <Link {...props} to="/staff/applications/$id" params={{ id: String(row.id) }} />}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} truncate>
          {row.name}
        </Text>
        <Badge color={STATUS_COLOURS[row.status]} variant="light" c="dark.7" style={{ flexShrink: 0 }}>
          {STATUS_LABELS[row.status]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" truncate>
        {KIND_LABELS[row.kind]}
        {wanted ? ` · ${wanted}` : ''} · {row.email}
      </Text>
      <Text size="sm">
        {open ? `Waiting ${waitingFor(row.statusAt, now)}` : `Closed ${waitingFor(row.statusAt, now)} ago`}
        {row.assignedTo ? ` · with ${row.assignedTo}` : ' · not assigned'} · no. {row.id}
      </Text>
    </Card>
  );
}

/** Applications to adopt, foster, volunteer and partner: by kind and status, newest first, searched by name or e-mail. */
export function ApplicationsPage() {
  useStaffTitle('Applications');
  const search = useSearch({ from: '/staff/console/applications' }) as ApplicationsSearch;
  const navigate = useNavigate({ from: '/staff/applications' });
  const input = listInputOf(search);
  const [typed, setTyped] = useState(input.search);
  const set = (changes: Partial<ApplicationsSearch>) =>
    navigate({
      search: (previous: ApplicationsSearch) => ({ ...previous, page: undefined, ...changes }),
      replace: true,
    });
  // The address follows the typed text once typing pauses.
  const searchFor = useDebouncedCallback((text: string) => set({ q: text.trim() || undefined }), 300);
  const list = staffTrpc.staff.applications.list.useQuery(input, { placeholderData: keepPreviousData });
  const now = Date.now();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Applications
        </Title>
        <Anchor component={Link} to="/staff/application-mails" size="sm">
          Application mails
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Select
          label="Kind"
          value={input.kind ?? 'all'}
          onChange={(value) => set({ kind: value === 'all' || !value ? undefined : value })}
          data={[
            { value: 'all', label: 'All kinds' },
            ...APPLICATION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
          ]}
          allowDeselect={false}
        />
        <Select
          label="Status"
          value={input.status ?? 'all'}
          onChange={(value) => set({ status: value === 'all' || !value ? undefined : value })}
          data={[
            { value: 'all', label: 'Any status' },
            { value: 'open', label: 'Open (not closed)' },
            ...APPLICATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
          ]}
          allowDeselect={false}
        />
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
          maxLength={100}
          style={{ gridColumn: 'span 2' }}
        />
      </SimpleGrid>
      <Checkbox
        label={`Only those waiting over ${APPLICATION_WAITING_DAYS} days`}
        checked={input.waiting}
        onChange={(event) => set({ waiting: event.currentTarget.checked || undefined })}
      />
      <ErrorMessage error={list.error} />
      <Text size="sm" aria-live="polite">
        {list.data
          ? `${list.data.total.toLocaleString('en-IN')} ${list.data.total === 1 ? 'application' : 'applications'}, newest first`
          : 'Loading…'}
      </Text>
      <Stack gap="xs" style={{ opacity: list.isFetching ? 0.6 : 1 }}>
        {list.data?.rows.map((row) => (
          <ApplicationCard key={row.id} row={row} now={now} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={input.page}
          onChange={(page) => navigate({ search: (previous: ApplicationsSearch) => ({ ...previous, page }) })}
          size="sm"
        />
      )}
    </Stack>
  );
}
