import { Anchor, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { APPEAL_PURPOSE_CLASS_LABELS, type AppealPurposeClass } from '../../../../shared/appeals.schema';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { indiaTime, rupees } from '../format';
import { PosterButton } from '../posters/PosterButton';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { AppealForm } from './AppealForm';
import { AppealProgress, AppealStatusBadge } from './AppealsPage';
import { AppealUpdates } from './AppealUpdates';
import { appealInputOf, formValuesOf } from './appeal-form';

const MOVES = {
  publish: {
    button: 'Publish',
    title: 'Publish this appeal?',
    text: 'Its page becomes public at its address and it takes gifts. The address stays as it is, even if the title changes later.',
    done: 'Appeal published',
  },
  close: {
    button: 'Close',
    title: 'Close this appeal?',
    text: 'It takes no more gifts. Its page stays readable and says it is closed. A closed appeal cannot be opened again.',
    done: 'Appeal closed',
  },
} as const;

/** One appeal: its figures, publish or close, its story to edit, its updates (mailed to donors if asked), its gifts' CSV. */
export function AppealPage() {
  const { id } = useParams({ from: '/staff/console/appeals/$id' });
  const numericId = Number(id);
  const valid = Number.isInteger(numericId) && numericId > 0;
  const utils = staffTrpc.useUtils();
  const appeal = staffTrpc.staff.appeals.get.useQuery({ id: numericId }, { enabled: valid });
  useStaffTitle(appeal.data?.title ?? `Appeal #${id}`);
  const [confirming, setConfirming] = useState<keyof typeof MOVES>();
  const refresh = async () => {
    await utils.staff.appeals.get.invalidate({ id: numericId });
    await utils.staff.appeals.list.invalidate();
  };
  const edit = staffTrpc.staff.appeals.edit.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Appeal saved' });
      await refresh();
    },
  });
  const onMoved = async () => {
    if (confirming) notifications.show({ color: 'green', message: MOVES[confirming].done });
    setConfirming(undefined);
    await refresh();
  };
  const publish = staffTrpc.staff.appeals.publish.useMutation({ onSuccess: onMoved });
  const close = staffTrpc.staff.appeals.close.useMutation({ onSuccess: onMoved });
  const moving = confirming === 'publish' ? publish : close;

  const back = (
    <Anchor component={Link} to="/staff/appeals" size="sm">
      ← All appeals
    </Anchor>
  );
  if (!valid || appeal.error) {
    return (
      <Stack>
        {back}
        <ErrorMessage error={appeal.error ?? new Error(`“${id}” is not an appeal number`)} />
      </Stack>
    );
  }
  if (!appeal.data) return <Loader aria-label="Loading" />;
  const data = appeal.data;

  return (
    <Stack gap="md">
      {back}
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {data.title}
          </Title>
          <AppealStatusBadge status={data.status} open={data.open} />
        </Group>
        <Group gap="xs">
          {data.status === 'draft' && <Button onClick={() => setConfirming('publish')}>Publish</Button>}
          {data.status === 'published' && (
            <Button color="red" variant="light" onClick={() => setConfirming('close')}>
              Close the appeal
            </Button>
          )}
          <Button component="a" variant="default" href={`/staff/api/appeals/${data.id}/gifts.csv`} download>
            Gifts (CSV)
          </Button>
          {/* Only an appeal taking gifts: a draft's page is not public, a closed one takes no gifts. */}
          {data.open && <PosterButton href={`/staff/api/appeals/${data.id}/poster.pdf`} of="this appeal" />}
        </Group>
      </Group>
      <Text size="sm">
        Address: <code>/appeals/{data.slug}</code> (kept when the title changes; in Tamil and Hindi the same under{' '}
        <code>/ta</code> and <code>/hi</code>) · created by {data.createdBy} {indiaTime(data.createdAt)}
        {data.publishedAt ? ` · published ${indiaTime(data.publishedAt)}` : ''}
        {data.closedAt ? ` · closed ${indiaTime(data.closedAt)}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Figure label="Raised" value={rupees(data.raised)} detail={`of ${rupees(data.goal)} (${data.percent}%)`} />
        <Figure label="Donors" value={String(data.donors)} detail="a monthly donor once" />
        <Figure
          label="Days left"
          value={data.daysLeft === null ? '—' : String(data.daysLeft)}
          detail={data.endsOn ? `last day ${data.endsOn}` : 'no end date'}
        />
        <Figure
          label="Statement class"
          value={APPEAL_PURPOSE_CLASS_LABELS[data.purposeClass as AppealPurposeClass] ?? data.purposeClass}
        />
      </SimpleGrid>
      <AppealProgress row={data} />
      <ErrorMessage error={publish.error ?? close.error} title="Not changed" />
      <Title order={2} size="h4">
        Updates
      </Title>
      <AppealUpdates appealId={data.id} status={data.status} updates={data.updates} onPosted={refresh} />
      <Title order={2} size="h4">
        The appeal
      </Title>
      <AppealForm
        // A fresh form once a save has been read back, so it shows what is stored.
        key={data.updatedAt}
        initial={formValuesOf(data)}
        submitLabel="Save changes"
        saving={edit.isPending}
        error={edit.error}
        onSave={(values) => edit.mutate({ id: data.id, ...appealInputOf(values) })}
      />
      <Text size="xs" c="dimmed">
        Last changed by {data.updatedBy} {indiaTime(data.updatedAt)}
      </Text>
      <Modal
        opened={confirming !== undefined}
        onClose={() => setConfirming(undefined)}
        title={confirming && MOVES[confirming].title}
      >
        <Text size="sm">{confirming && MOVES[confirming].text}</Text>
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(undefined)}>
            Cancel
          </Button>
          <Button
            color={confirming === 'close' ? 'red' : undefined}
            loading={moving.isPending}
            onClick={() => (confirming === 'publish' ? publish : close).mutate({ id: data.id })}
          >
            {confirming && MOVES[confirming].button}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
