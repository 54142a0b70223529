import { Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable } from 'mantine-datatable';
import { statementPurposeInputSchema } from '../../../../shared/annual.schema';
import { ErrorMessage } from '../ErrorMessage';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';

type DonationType = (typeof statementPurposeInputSchema.shape.donationType.options)[number];

/** The form's donation types, as the portal names them (statement-layout.json). */
const TYPE_LABELS: Record<DonationType, string> = {
  others: 'Others',
  corpus: 'Corpus',
  'specific-grant': 'Specific grant',
};
const TYPE_OPTIONS = statementPurposeInputSchema.shape.donationType.options.map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

/**
 * Each purpose's donation type on the statement: admins class them (the server refuses others),
 * staff see them. A change applies to every export from then on, past years included.
 */
export function StatementPurposes() {
  const utils = staffTrpc.useUtils();
  const me = staffTrpc.staff.me.useQuery();
  const purposes = staffTrpc.staff.statement.purposes.useQuery();
  const setPurpose = staffTrpc.staff.statement.setPurpose.useMutation({
    onSuccess: async (saved) => {
      notifications.show({ color: 'green', message: `“${saved.purpose}” is now ${TYPE_LABELS[saved.donationType]}` });
      await Promise.all([utils.staff.statement.purposes.invalidate(), utils.staff.statement.summary.invalidate()]);
    },
  });
  const isAdmin = me.data?.role === 'admin';

  return (
    <Stack gap="xs" component="section" aria-labelledby="purposes-heading">
      <Title order={2} size="h4" id="purposes-heading">
        Donation type by purpose
      </Title>
      <Text size="sm" c="dimmed">
        {isAdmin
          ? 'Gifts are reported as Others unless their purpose is marked as corpus or a specific grant. A change applies to every download from now on.'
          : 'Gifts are reported as Others unless their purpose is marked as corpus or a specific grant. Only an admin can change these.'}
      </Text>
      <ErrorMessage error={purposes.error} />
      <ErrorMessage error={setPurpose.error} title="Not saved" />
      <DataTable
        aria-label="Purposes"
        {...TABLE_PROPS}
        minHeight={120}
        fetching={purposes.isFetching}
        records={purposes.data ?? []}
        idAccessor="purpose"
        noRecordsText="No purposes on any receipt yet"
        columns={[
          { accessor: 'purpose' },
          {
            accessor: 'donationType',
            title: 'Donation type',
            width: 220,
            render: (row) =>
              isAdmin ? (
                <Select
                  aria-label={`Donation type of ${row.purpose}`}
                  data={TYPE_OPTIONS}
                  value={row.donationType}
                  allowDeselect={false}
                  disabled={setPurpose.isPending}
                  size="xs"
                  onChange={(value) =>
                    value &&
                    value !== row.donationType &&
                    setPurpose.mutate({ purpose: row.purpose, donationType: value as DonationType })
                  }
                />
              ) : (
                TYPE_LABELS[row.donationType]
              ),
          },
        ]}
      />
    </Stack>
  );
}
