import { Anchor, Badge, Button, FileInput, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { AppRouter } from '../../../../server/transports/trpc/router';
import { formatIndiaDate } from '../../../../shared/financial-year';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { AssignModal } from './AssignModal';
import { type UploadOutcome, uploadCertificateFile } from './upload-certificate';

type CertificateRow = inferRouterOutputs<AppRouter>['staff']['certificates']['list']['certificates'][number];

const DELIVERY_COLOURS: Record<CertificateRow['delivery'], string> = {
  'not sent': 'gray',
  queued: 'blue',
  sent: 'green',
  failed: 'red',
  'to print': 'orange',
};

/**
 * The donors' certificates of a year (Form 10BE, Form 114 from 2026-27): upload what the portal
 * issued, check each match, give the unmatched ones their donor, send, and print the rest.
 */
export function CertificatesPage() {
  useStaffTitle('Certificates');
  const utils = staffTrpc.useUtils();
  const years = staffTrpc.staff.statement.years.useQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const year = chosen ?? years.data?.lastClosed ?? null;
  const list = staffTrpc.staff.certificates.list.useQuery({ year: year ?? '' }, { enabled: year !== null });
  const [outcomes, setOutcomes] = useState<UploadOutcome[]>([]);
  const [uploading, setUploading] = useState(false);
  const [assigning, setAssigning] = useState<CertificateRow>();
  // A certificate carries the donor's full PAN and address: only an admin sends one to a typed address.
  const isAdmin = staffTrpc.staff.me.useQuery().data?.role === 'admin';
  const send = staffTrpc.staff.certificates.send.useMutation({
    onSuccess: () => utils.staff.certificates.list.invalidate(),
  });
  const data = list.data;
  const matchedIds = data?.certificates.filter((row) => row.status === 'matched').map((row) => row.id) ?? [];
  const toPrint = data?.certificates.filter((row) => row.delivery === 'to print') ?? [];

  const upload = async (files: File[]) => {
    if (!year || files.length === 0) return;
    setUploading(true);
    const all: UploadOutcome[] = [];
    for (const file of files) all.push(...(await uploadCertificateFile(year, file)));
    setOutcomes(all);
    setUploading(false);
    await utils.staff.certificates.list.invalidate();
  };

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {data ? `Donors’ certificates (${data.form}), ${year}` : 'Donors’ certificates'}
      </Title>
      <ErrorMessage error={years.error ?? list.error} />
      {years.data && (
        <Select
          label="Financial year"
          data={years.data.years}
          value={year}
          onChange={setChosen}
          allowDeselect={false}
          maw={220}
        />
      )}
      {data && (
        <>
          <Text size="sm">
            Every donor must have their certificate by{' '}
            <strong>{formatIndiaDate(new Date(`${data.deadline}T12:00:00+05:30`))}</strong>. Download the certificates
            from the Income-tax portal after filing the statement, then upload the PDFs or the zip here.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Uploaded" value={String(data.summary.total)} />
            <Figure label="Sent" value={String(data.summary.sent)} />
            <Figure label="Waiting to send" value={String(data.summary.waiting + data.summary.queued)} />
            <Figure label="Without a match" value={String(data.summary.unmatched)} />
            <Figure label="Failed" value={String(data.summary.failed)} />
            <Figure label="To print" value={String(data.summary.toPrint)} />
          </SimpleGrid>
          <FileInput
            label="Upload certificates"
            description="PDFs from the portal, or the zip it gives"
            placeholder={uploading ? 'Uploading…' : 'Choose files'}
            multiple
            accept="application/pdf,application/zip,.pdf,.zip"
            disabled={uploading}
            onChange={(files) => upload(files)}
            maw={420}
          />
          {outcomes.length > 0 && (
            <Table aria-label="Upload results" withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Match</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outcomes.map((outcome) => (
                  <Table.Tr key={`${outcome.file}-${outcome.certificateId}`}>
                    <Table.Td>{outcome.file}</Table.Td>
                    <Table.Td>{outcome.result}</Table.Td>
                    <Table.Td>{outcome.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group>
            <Button
              disabled={matchedIds.length === 0}
              loading={send.isPending}
              onClick={() => year && send.mutate({ year, ids: matchedIds })}
            >
              Send {matchedIds.length} matched {matchedIds.length === 1 ? 'certificate' : 'certificates'}
            </Button>
            {toPrint.length + data.summary.failed > 0 && (
              <Button
                variant="default"
                component="a"
                href={`/staff/api/certificates/to-print.pdf?year=${encodeURIComponent(data.year)}`}
                download
              >
                Download the {toPrint.length + data.summary.failed} to post (one PDF)
              </Button>
            )}
            {toPrint.length > 0 && (
              <Button variant="default" onClick={() => window.print()}>
                Print the list of {toPrint.length} without an e-mail
              </Button>
            )}
          </Group>
          <ErrorMessage error={send.error} title="Not sent" />
          <DataTable<CertificateRow>
            aria-label="Certificates"
            {...TABLE_PROPS}
            fetching={list.isFetching}
            records={data.certificates}
            noRecordsText="No certificates uploaded for this year"
            columns={[
              { accessor: 'donorName', title: 'Donor', render: (row) => row.donorName ?? '—' },
              { accessor: 'donorIdMasked', title: 'PAN / Aadhaar', render: (row) => row.donorIdMasked ?? '—' },
              {
                accessor: 'amount',
                title: 'Amount',
                textAlign: 'right',
                render: (row) => (row.amount === null ? '—' : rupees(row.amount)),
              },
              { accessor: 'matchNote', title: 'Match' },
              { accessor: 'donorEmail', title: 'E-mail', render: (row) => row.donorEmail || '—' },
              { accessor: 'donorAddress', title: 'Postal address', render: (row) => row.donorAddress ?? '—' },
              {
                accessor: 'delivery',
                title: 'Delivery',
                render: (row) => (
                  <Badge color={DELIVERY_COLOURS[row.delivery]} variant="light">
                    {row.delivery}
                  </Badge>
                ),
              },
              {
                accessor: 'id',
                title: '',
                render: (row) => (
                  <Group gap="xs" wrap="nowrap">
                    <Anchor
                      href={`/staff/api/certificates/${row.id}.pdf`}
                      download
                      size="sm"
                      aria-label={`Download the certificate of ${row.donorName ?? row.fileName}`}
                    >
                      PDF
                    </Anchor>
                    {row.status !== 'unmatched' ? null : isAdmin ? (
                      <Button size="xs" variant="light" onClick={() => setAssigning(row)}>
                        Assign
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed">
                        Only an admin assigns it: it holds the donor’s full PAN
                      </Text>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        </>
      )}
      <AssignModal row={assigning} onClose={() => setAssigning(undefined)} />
    </Stack>
  );
}
