import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { LEFT_CARE_STATUSES } from '../../../shared/animals';
import { AppealLink } from '../staff/appeals/AppealLink';
import { ErrorMessage } from '../staff/ErrorMessage';
import { indiaDay } from '../staff/format';
import { staffTrpc } from '../staff/trpc';
import { useStaffTitle } from '../staff/use-staff-title';
import { AnimalForm } from './AnimalForm';
import { AnimalStatusBadge } from './AnimalStatusBadge';
import { AnimalTimeline } from './AnimalTimeline';
import { animalInputOf, formValuesOf } from './animal-form';
import { INTAKE_LABELS, NEED_LABELS, SEX_LABELS, SPECIES_LABELS, YES_NO_LABELS } from './labels';
import { MoveForm } from './MoveForm';
import { SponsorshipPanel } from './SponsorshipPanel';
import { Vaccinations } from './Vaccinations';

/**
 * One animal's console page: its record (edited whole), its status and the form that moves it, its
 * vaccinations, the appeals naming it, and its timeline.
 */
export function AnimalPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const animalId = Number(id);
  const utils = staffTrpc.useUtils();
  const animal = staffTrpc.staff.animals.get.useQuery({ id: animalId }, { enabled: Number.isInteger(animalId) });
  useStaffTitle(animal.data ? animal.data.fields.name : 'Animal');
  const [editing, setEditing] = useState(false);
  const changed = async () => {
    await utils.staff.animals.get.invalidate({ id: animalId });
    await utils.staff.animals.list.invalidate();
  };
  const edit = staffTrpc.staff.animals.edit.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Record saved' });
      setEditing(false);
      await changed();
    },
  });

  if (!animal.data) return <ErrorMessage error={animal.error} />;
  const { fields, status, statusOn, slug } = animal.data;
  const publicPage = status === 'adoptable' || status === 'reserved' || status === 'adopted';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {fields.name}
          </Title>
          <Group gap="xs">
            <AnimalStatusBadge status={status} />
            <Text size="sm">since {indiaDay(statusOn)}</Text>
          </Group>
          {publicPage && (
            <Anchor href={`/adopt/${slug}`} size="sm" target="_blank">
              Its public page: /adopt/{slug}
            </Anchor>
          )}
        </Stack>
        {!editing && (
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit the record
          </Button>
        )}
      </Group>
      {editing ? (
        <AnimalForm
          initial={formValuesOf(fields)}
          submitLabel="Save the record"
          saving={edit.isPending}
          error={edit.error}
          onSave={(values) => edit.mutate({ id: animalId, fields: animalInputOf(values) })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Card withBorder padding="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
            <Text size="sm">
              {SPECIES_LABELS[fields.species]}, {SEX_LABELS[fields.sex].toLowerCase()}
              {fields.bornOn ? `, born ${fields.bornEstimated ? 'about ' : ''}${indiaDay(fields.bornOn)}` : ''}
            </Text>
            <Text size="sm">
              Came in {indiaDay(fields.intakeOn)}: {INTAKE_LABELS[fields.intakeKind].toLowerCase()}
              {fields.locality ? `, ${fields.locality}` : ''}
            </Text>
            {(fields.colour || fields.markings) && (
              <Text size="sm">{[fields.colour, fields.markings].filter(Boolean).join('; ')}</Text>
            )}
            <Text size="sm">
              {fields.sterilised
                ? `Sterilised${fields.sterilisedOn ? ` on ${indiaDay(fields.sterilisedOn)}` : ''}`
                : 'Not sterilised'}
            </Text>
            <Text size="sm">
              Dogs: {YES_NO_LABELS[fields.goodWithDogs]} · Cats: {YES_NO_LABELS[fields.goodWithCats]} · Children:{' '}
              {YES_NO_LABELS[fields.goodWithChildren]} · House-trained: {YES_NO_LABELS[fields.houseTrained]}
            </Text>
            {fields.specialNeeds.length > 0 && (
              <Text size="sm">Needs: {fields.specialNeeds.map((need) => NEED_LABELS[need]).join(', ')}</Text>
            )}
          </SimpleGrid>
          {fields.oneLine && (
            <Text size="sm" mt="xs" fs="italic">
              {fields.oneLine}
            </Text>
          )}
        </Card>
      )}
      {LEFT_CARE_STATUSES.includes(status) && (
        <Text size="sm">This animal has left the trust’s care; it can only come back into care.</Text>
      )}
      <MoveForm animalId={animalId} status={status} intakeOn={fields.intakeOn} onMoved={changed} />
      {(status === 'resident' || status === 'in-care' || animal.data.sponsorMonthlyAmount !== null) && (
        <SponsorshipPanel
          animalId={animalId}
          name={fields.name}
          status={status}
          monthlyAmount={animal.data.sponsorMonthlyAmount}
          onChanged={changed}
        />
      )}
      <Vaccinations animalId={animalId} vaccinations={animal.data.vaccinations} onChanged={changed} />
      <Card withBorder padding="sm">
        <Title order={2} size="h4" mb="xs">
          Appeals for {fields.name}
        </Title>
        {animal.data.appeals.length === 0 ? (
          <Text size="sm">None yet: an appeal names its animal on the appeal’s form.</Text>
        ) : (
          <List size="sm">
            {animal.data.appeals.map((appeal) => (
              <List.Item key={appeal.id}>
                <AppealLink id={appeal.id}>{appeal.title}</AppealLink> ({appeal.status})
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      <AnimalTimeline entries={animal.data.timeline} />
    </Stack>
  );
}
