import { Badge, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { AccountEmailModal } from './AccountEmailModal';
import { AddAccountForm } from './AddAccountForm';
import { ResetPasswordModal } from './ResetPasswordModal';

/** Admins only (the server answers 403 to anyone else, shown as a message). */
export function AccountsPage() {
  useStaffTitle('Staff accounts');
  const utils = staffTrpc.useUtils();
  const accounts = staffTrpc.staff.accounts.list.useQuery();
  const [resetting, setResetting] = useState<{ id: number; username: string }>();
  const [mailing, setMailing] = useState<{ id: number; username: string; email: string | null }>();
  const setDisabled = staffTrpc.staff.accounts.setDisabled.useMutation({
    onSuccess: () => utils.staff.accounts.list.invalidate(),
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Staff accounts
      </Title>
      <ErrorMessage error={accounts.error ?? setDisabled.error} />
      {accounts.isLoading && <Loader aria-label="Loading" />}
      {accounts.data && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder verticalSpacing={4} aria-label="Staff accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Username</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Last sign-in (IST)</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    {account.username}{' '}
                    {account.disabled && (
                      <Badge size="sm" color="gray" c="gray.9" variant="light">
                        disabled
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{account.displayName || '—'}</Table.Td>
                  <Table.Td>{account.role}</Table.Td>
                  <Table.Td>{account.email ?? '—'}</Table.Td>
                  <Table.Td>{indiaTime(account.lastSignInAt ? String(account.lastSignInAt) : null)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        color={account.disabled ? 'green' : 'red'}
                        loading={setDisabled.isPending && setDisabled.variables?.id === account.id}
                        onClick={() => setDisabled.mutate({ id: account.id, disabled: !account.disabled })}
                        aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.username}`}
                      >
                        {account.disabled ? 'Enable' : 'Disable'}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setResetting(account)}
                        aria-label={`Reset password of ${account.username}`}
                      >
                        Reset password
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setMailing(account)}
                        aria-label={`Set the e-mail address of ${account.username}`}
                      >
                        E-mail
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {accounts.data && <AddAccountForm />}
      <ResetPasswordModal account={resetting} onClose={() => setResetting(undefined)} />
      <AccountEmailModal account={mailing} onClose={() => setMailing(undefined)} />
    </Stack>
  );
}
