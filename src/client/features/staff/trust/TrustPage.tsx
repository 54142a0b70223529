import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { inferRouterInputs } from '@trpc/server';
import { type FormEvent, useEffect, useState } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { DateField } from '../DateField';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';

type TrustDetails = inferRouterInputs<AppRouter>['staff']['trust']['update'];
type Field = keyof TrustDetails;

const FIELDS: { name: Field; label: string; description?: string; type?: 'date'; multiline?: boolean }[] = [
  {
    name: 'name',
    label: "Trust's name",
    description: "Shown on the website's header and footer, in the payment window, in mails and on new receipts",
  },
  { name: 'address', label: 'Address', multiline: true },
  { name: 'pan', label: "Trust's PAN", description: 'Like ABCDE1234F' },
  { name: 'registration80g', label: '80G registration number (URN)' },
  { name: 'approvedOn', label: '80G approved on', type: 'date' },
  { name: 'validity', label: '80G validity', description: 'As the approval states it, e.g. AY 2022-23 to AY 2026-27' },
  { name: 'signatoryName', label: 'Authorised signatory' },
  { name: 'signatoryTitle', label: "Signatory's title" },
  { name: 'receiptPrefix', label: 'Receipt number prefix', description: 'Capital letters or digits, e.g. CART' },
];

/** The server's 400 answer as one message per field (its `issues`, shaped by the tRPC error formatter). */
function fieldErrorsOf(error: unknown): Partial<Record<Field, string>> {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** The trust's legal details printed on every new receipt: admins only (the server refuses others). */
export function TrustPage() {
  useStaffTitle('Trust details');
  const utils = staffTrpc.useUtils();
  const saved = staffTrpc.staff.trust.get.useQuery();
  const [draft, setDraft] = useState<TrustDetails>();
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const update = staffTrpc.staff.trust.update.useMutation({
    onSuccess: (details) => {
      notifications.show({ color: 'green', message: 'Trust details saved' });
      utils.staff.trust.get.setData(undefined, details);
    },
  });
  const fieldErrors = fieldErrorsOf(update.error);
  const setField = (name: Field, value: string) => setDraft((current) => current && { ...current, [name]: value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft) update.mutate(draft);
  };

  return (
    <Stack gap="md" maw={820}>
      <Title order={1} size="h2">
        Trust details
      </Title>
      <Alert color="blue" variant="light" title="Printed on every new receipt">
        Receipts already issued keep the details they were issued with: a change here applies only to receipts issued
        after it.
      </Alert>
      <ErrorMessage error={saved.error} />
      {saved.isLoading && <Loader aria-label="Loading" />}
      {draft && (
        <Card withBorder padding="sm" component="form" onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELDS.map(({ name, label, description, type, multiline }) => {
              const props = {
                label,
                description,
                name,
                required: true,
                value: draft[name],
                error: fieldErrors[name],
                onChange: (event: { currentTarget: { value: string } }) => setField(name, event.currentTarget.value),
              };
              if (type === 'date') {
                const { onChange: _text, ...common } = props;
                return <DateField key={name} {...common} onChange={(value) => setField(name, value)} />;
              }
              return multiline ? (
                <Textarea key={name} {...props} autosize minRows={2} />
              ) : (
                <TextInput key={name} {...props} />
              );
            })}
          </SimpleGrid>
          {update.error && Object.keys(fieldErrors).length === 0 && (
            <ErrorMessage error={update.error} title="Not saved" />
          )}
          <Group mt="sm">
            <Button type="submit" loading={update.isPending}>
              Save trust details
            </Button>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
