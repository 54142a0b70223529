import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { OFFSITE_PASSPHRASE_MIN, offsiteSetupSchema } from '../../../../shared/backups.schema';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';

type FieldErrors = Partial<Record<string, string>>;

/**
 * The S3-compatible bucket the backups are copied to, and the passphrase they are encrypted for.
 * The secret is never shown back (its last four characters only); the passphrase is never stored.
 */
export function OffsiteSetupForm() {
  const utils = staffTrpc.useUtils();
  const current = staffTrpc.staff.backups.offsite.get.useQuery();
  const [errors, setErrors] = useState<FieldErrors>({});
  const test = staffTrpc.staff.backups.offsite.test.useMutation({
    onSuccess: () =>
      notifications.show({ color: 'green', message: 'The bucket works: a test file was written, read and deleted' }),
  });
  const save = staffTrpc.staff.backups.offsite.save.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Saved: the next backup is copied off the machine' });
      await Promise.all([utils.staff.backups.offsite.get.invalidate(), utils.staff.backups.list.invalidate()]);
    },
  });

  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const input = {
      endpoint: text('endpoint'),
      region: text('region'),
      bucket: text('bucket'),
      accessKeyId: text('accessKeyId'),
      secretAccessKey: text('secretAccessKey') || undefined,
      passphrase: text('passphrase') || undefined,
    };
    const parsed = offsiteSetupSchema.safeParse(input);
    const found: FieldErrors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!current.data && !input.secretAccessKey) found.secretAccessKey = 'is required';
    if (input.passphrase && input.passphrase !== text('passphraseAgain'))
      found.passphraseAgain = 'must be the same passphrase';
    setErrors(found);
    return Object.keys(found).length === 0 ? input : undefined;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = read(event.currentTarget);
    if (!input) return;
    if (!current.data && !input.passphrase) {
      setErrors({ passphrase: 'is required to set up the copies' });
      return;
    }
    save.mutate(input);
  };
  const runTest = (form: HTMLFormElement | null) => {
    const input = form && read(form);
    if (!input) return;
    const { passphrase: _unused, ...bucket } = input;
    test.mutate(bucket);
  };

  const stored = current.data;
  return (
    <Card withBorder padding="sm" component="form" onSubmit={submit} noValidate id="offsite-setup">
      <Title order={2} size="h4" mb="xs">
        Copies off the machine
      </Title>
      <Text size="sm" mb="sm">
        After each backup its encrypted copy goes to a bucket of an S3-compatible storage (AWS S3, Cloudflare R2,
        Backblaze B2, MinIO). The copies are encrypted for a passphrase that this server never keeps: write it down and
        keep it apart (a password manager, a sealed envelope with a trustee). Without it no copy can be restored.
      </Text>
      {current.isLoading && <Text size="sm">Loading…</Text>}
      <ErrorMessage error={current.error ?? test.error ?? save.error} title="The bucket could not be used" />
      {current.data !== undefined && (
        <Stack gap="xs" key={stored?.updatedAt ?? 'new'}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label="Endpoint"
              name="endpoint"
              defaultValue={stored?.endpoint}
              placeholder="https://s3.ap-south-1.amazonaws.com"
              error={errors.endpoint}
              required
              w={320}
            />
            <TextInput
              label="Region"
              name="region"
              defaultValue={stored?.region ?? ''}
              placeholder="ap-south-1 (R2: auto)"
              error={errors.region}
              required
              w={160}
            />
            <TextInput
              label="Bucket"
              name="bucket"
              defaultValue={stored?.bucket}
              error={errors.bucket}
              required
              w={220}
            />
          </Group>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label="Access key ID"
              name="accessKeyId"
              defaultValue={stored?.accessKeyId}
              autoComplete="off"
              error={errors.accessKeyId}
              required
              w={260}
            />
            <PasswordInput
              label="Secret access key"
              name="secretAccessKey"
              autoComplete="off"
              description={stored ? `Stored, ending …${stored.secretLast4}; leave empty to keep it` : undefined}
              error={errors.secretAccessKey}
              w={300}
            />
          </Group>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <PasswordInput
              label={stored ? 'New passphrase (leave empty to keep the current one)' : 'Passphrase'}
              name="passphrase"
              autoComplete="new-password"
              description={`At least ${OFFSITE_PASSPHRASE_MIN} characters; a few unrelated words are easiest`}
              error={errors.passphrase}
              w={320}
            />
            <PasswordInput
              label="The passphrase again"
              name="passphraseAgain"
              autoComplete="new-password"
              error={errors.passphraseAgain}
              w={260}
            />
          </Group>
          {stored && (
            <Alert color="gray" variant="light">
              A new passphrase applies to the copies made from now on: the earlier ones still need the passphrase they
              were made with.
            </Alert>
          )}
          <Group gap="xs">
            <Button variant="default" loading={test.isPending} onClick={(event) => runTest(event.currentTarget.form)}>
              Test
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
