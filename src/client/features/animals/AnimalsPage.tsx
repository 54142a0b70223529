import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { RouterOutputs } from '../../../server/transports/trpc/router';
import type { AnimalStatus, Species } from '../../../shared/animals';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { ErrorMessage } from '../staff/ErrorMessage';
import { indiaDay } from '../staff/format';
import { TABLE_PROPS } from '../staff/table-props';
import { staffTrpc } from '../staff/trpc';
import { useStaffTitle } from '../staff/use-staff-title';
import { AnimalForm } from './AnimalForm';
import { AnimalLink } from './AnimalLink';
import { AnimalStatusBadge } from './AnimalStatusBadge';
import { animalInputOf, emptyAnimal } from './animal-form';
import { optionsOf, SPECIES_LABELS, STATUS_LABELS } from './labels';

type Row = RouterOutputs['staff']['animals']['list']['rows'][number];

/**
 * The animals in the trust's care and those that have left it: filtered by status, species and a
 * name (`staff.animals.list`, 50 a page, newest intake first); a new record starts in care.
 */
export function AnimalsPage() {
  useStaffTitle('Animals');
  const navigate = useNavigate();
  const utils = staffTrpc.useUtils();
  const [status, setStatus] = useState<AnimalStatus | null>(null);
  const [species, setSpecies] = useState<Species | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = staffTrpc.staff.animals.list.useQuery(
    { status: status ?? undefined, species: species ?? undefined, search: debounced.trim() || undefined, page },
    { placeholderData: (previous) => previous },
  );
  const create = staffTrpc.staff.animals.create.useMutation({
    onSuccess: async ({ id }) => {
      notifications.show({ color: 'green', message: 'Animal saved, in care' });
      await utils.staff.animals.list.invalidate();
      await navigate({ to: '/staff/animals/$id', params: { id: String(id) } });
    },
  });
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Animals
        </Title>
        {!creating && <Button onClick={() => setCreating(true)}>New animal</Button>}
      </Group>
      {creating && (
        <AnimalForm
          initial={emptyAnimal(indiaToday())}
          submitLabel="Save the animal"
          saving={create.isPending}
          error={create.error}
          onSave={(values) => create.mutate(animalInputOf(values))}
          onCancel={() => setCreating(false)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={optionsOf(STATUS_LABELS)}
          value={status}
          onChange={filtered((value) => setStatus(value as AnimalStatus | null))}
        />
        <Select
          label="Species"
          placeholder="Dogs and cats"
          clearable
          data={optionsOf(SPECIES_LABELS)}
          value={species}
          onChange={filtered((value) => setSpecies(value as Species | null))}
        />
        <TextInput
          label="Name"
          placeholder="Search by name"
          type="search"
          maxLength={60}
          value={search}
          onChange={(event) => filtered(setSearch)(event.currentTarget.value)}
        />
      </SimpleGrid>
      <ErrorMessage error={list.error} />
      <Text size="sm" aria-live="polite">
        {list.data
          ? `${list.data.total.toLocaleString('en-IN')} ${list.data.total === 1 ? 'animal' : 'animals'}`
          : 'Loading…'}
      </Text>
      <DataTable<Row>
        aria-label="Animals"
        {...TABLE_PROPS}
        highlightOnHover
        fetching={list.isFetching}
        records={list.data?.rows ?? []}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={list.data?.pageSize ?? 50}
        page={page}
        onPageChange={setPage}
        noRecordsText="No animals match"
        columns={[
          { accessor: 'name', render: (row) => <AnimalLink id={row.id}>{row.name}</AnimalLink> },
          { accessor: 'species', render: (row) => SPECIES_LABELS[row.species] },
          { accessor: 'status', render: (row) => <AnimalStatusBadge status={row.status} /> },
          { accessor: 'statusOn', title: 'Since', render: (row) => indiaDay(row.statusOn) },
          { accessor: 'intakeOn', title: 'Came in', render: (row) => indiaDay(row.intakeOn) },
        ]}
      />
    </Stack>
  );
}
