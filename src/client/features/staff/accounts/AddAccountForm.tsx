import { Button, Card, Group, PasswordInput, Select, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH, type StaffRole } from '../../../../shared/staff.schema';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

export function AddAccountForm() {
  const utils = staffTrpc.useUtils();
  const [role, setRole] = useState<StaffRole>('staff');
  const [tooShort, setTooShort] = useState(false);
  const add = staffTrpc.staff.accounts.add.useMutation({
    onSuccess: async (account) => {
      notifications.show({ color: 'green', message: `Account ${account.username} added` });
      await utils.staff.accounts.list.invalidate();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password'));
    setTooShort(password.length < MIN_PASSWORD_LENGTH);
    if (password.length < MIN_PASSWORD_LENGTH) return;
    add.mutate(
      { username: String(form.get('username')), displayName: String(form.get('displayName')), role, password },
      { onSuccess: () => formElement.reset() },
    );
  };

  return (
    <Card withBorder padding="sm" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="xs">
        Add an account
      </Title>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput label="Username" name="username" required autoComplete="off" autoCapitalize="none" w={180} />
        <TextInput label="Display name" name="displayName" autoComplete="off" w={200} />
        <Select
          label="Role"
          data={[
            { value: 'staff', label: 'Staff' },
            { value: 'admin', label: 'Admin (manages staff)' },
          ]}
          value={role}
          onChange={(value) => setRole((value as StaffRole | null) ?? 'staff')}
          allowDeselect={false}
          w={200}
        />
        <PasswordInput
          label="Password"
          name="password"
          required
          autoComplete="new-password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          error={tooShort ? `Must be at least ${MIN_PASSWORD_LENGTH} characters` : undefined}
          w={220}
        />
      </Group>
      <ErrorMessage error={add.error} title="Not added" />
      <Group mt="sm">
        <Button type="submit" loading={add.isPending}>
          Add account
        </Button>
      </Group>
    </Card>
  );
}
