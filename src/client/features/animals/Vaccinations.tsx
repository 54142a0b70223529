import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { fieldErrorsOf } from '../staff/appeals/field-errors';
import { DateField } from '../staff/DateField';
import { ErrorMessage } from '../staff/ErrorMessage';
import { indiaDay } from '../staff/format';
import { staffTrpc } from '../staff/trpc';

interface Vaccination {
  id: number;
  givenOn: string;
  vaccine: string;
  batch: string;
  recordedBy: string;
}

/** The vaccinations given (day, vaccine, batch): one added at a time, one recorded by mistake removed. */
export function Vaccinations({
  animalId,
  vaccinations,
  onChanged,
}: {
  animalId: number;
  vaccinations: Vaccination[];
  onChanged: () => Promise<void>;
}) {
  const [givenOn, setGivenOn] = useState(indiaToday());
  const [vaccine, setVaccine] = useState('');
  const [batch, setBatch] = useState('');
  const add = staffTrpc.staff.animals.addVaccination.useMutation({
    onSuccess: async () => {
      setVaccine('');
      setBatch('');
      await onChanged();
    },
  });
  const remove = staffTrpc.staff.animals.removeVaccination.useMutation({ onSuccess: onChanged });
  const errors = fieldErrorsOf(add.error, (path) => path);
  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Vaccinations
        </Title>
        {vaccinations.length === 0 ? (
          <Text size="sm">None recorded.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Given</Table.Th>
                  <Table.Th>Vaccine</Table.Th>
                  <Table.Th>Batch</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vaccinations.map((shot) => (
                  <Table.Tr key={shot.id}>
                    <Table.Td>{indiaDay(shot.givenOn)}</Table.Td>
                    <Table.Td>{shot.vaccine}</Table.Td>
                    <Table.Td>{shot.batch || '—'}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${shot.vaccine} of ${indiaDay(shot.givenOn)}`}
                        loading={remove.isPending && remove.variables?.id === shot.id}
                        onClick={() => remove.mutate({ animalId, id: shot.id })}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ErrorMessage error={remove.error} />
        <form
          aria-label="Add a vaccination"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ animalId, givenOn, vaccine, batch });
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateField label="Given on" required value={givenOn} onChange={setGivenOn} error={errors.givenOn} w={160} />
            <TextInput
              label="Vaccine"
              required
              maxLength={80}
              value={vaccine}
              onChange={(event) => setVaccine(event.currentTarget.value)}
              error={errors.vaccine}
              style={{ flex: '1 1 10rem' }}
            />
            <TextInput
              label="Batch"
              maxLength={60}
              value={batch}
              onChange={(event) => setBatch(event.currentTarget.value)}
              error={errors.batch}
              style={{ flex: '1 1 8rem' }}
            />
            <Button type="submit" variant="default" loading={add.isPending}>
              Add
            </Button>
          </Group>
          {add.error && Object.keys(errors).length === 0 && <ErrorMessage error={add.error} title="Not added" />}
        </form>
      </Stack>
    </Card>
  );
}
