import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

type CertificateRow = inferRouterOutputs<AppRouter>['staff']['certificates']['list']['certificates'][number];

/** Gives an unmatched certificate its donor by hand. */
export function AssignModal({ row, onClose }: { row: CertificateRow | undefined; onClose: () => void }) {
  const utils = staffTrpc.useUtils();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const assign = staffTrpc.staff.certificates.assign.useMutation({
    onSuccess: async () => {
      onClose();
      await utils.staff.certificates.list.invalidate();
    },
  });
  return (
    <Modal opened={Boolean(row)} onClose={onClose} title="Assign this certificate">
      {row && (
        <Stack gap="sm">
          <Text size="sm">
            {row.donorIdMasked ?? 'No ID read'} · {row.matchNote}
          </Text>
          <TextInput label="Donor's name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <TextInput
            label="Donor's e-mail"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <ErrorMessage error={assign.error} title="Not assigned" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={assign.isPending} onClick={() => assign.mutate({ id: row.id, email, donorName: name })}>
              Assign
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
