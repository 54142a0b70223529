import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { staffEmailSchema } from '../../../../shared/staff.schema';

/**
 * One e-mail address (or none: empty), checked with the server's own schema before it is sent;
 * `onSave` gets the normalised address or null.
 */
export function EmailForm({
  initial,
  saving,
  onSave,
  label = 'E-mail address',
}: {
  initial: string | null;
  saving: boolean;
  onSave: (email: string | null) => void;
  label?: string;
}) {
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = staffEmailSchema.safeParse(String(new FormData(event.currentTarget).get('email') ?? ''));
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    setProblem(undefined);
    onSave(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={label}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={initial ?? ''}
          description="Where the health list's alerts go (admins). Empty for none."
          error={problem}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </Group>
    </form>
  );
}
