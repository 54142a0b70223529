import { Alert, Anchor, Badge, Button, Card, FileInput, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ImportOutcome, ImportRowOutcome } from '../../../../shared/offline-gift.schema';
import { ErrorMessage } from '../ErrorMessage';
import { Figure } from '../Figure';
import { rupees } from '../format';
import { importGiftsFile } from './import-gifts-file';

const RESULT_LABELS: Record<ImportRowOutcome['result'], { label: string; color: string }> = {
  new: { label: 'New', color: 'blue' },
  recorded: { label: 'Already recorded', color: 'gray' },
  refused: { label: 'Refused', color: 'red' },
};

/**
 * Many gifts at once from a spreadsheet saved as CSV: choosing the file shows every row with its
 * problems and writes nothing; "Record" writes the new valid rows, all together. Importing the same
 * file again writes nothing twice.
 */
export function ImportGifts({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const send = async (chosen: File, confirm: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      setOutcome(await importGiftsFile(chosen, confirm));
      if (confirm) onImported();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setOutcome(undefined);
    if (chosen) void send(chosen, false);
  };
  const shown = outcome?.rows.filter((row) => row.result !== 'new' || outcome.confirmed || row.problems.length > 0);

  return (
    <Card withBorder padding="md" aria-labelledby="import-title" component="section">
      <Stack gap="sm">
        <Text id="import-title" fw={700} size="lg">
          Import from a spreadsheet
        </Text>
        <Text size="sm">
          One row a gift, with the columns of the{' '}
          <Anchor href="/staff/api/offline-gifts/template.csv">template (CSV)</Anchor>. Save the sheet as CSV and choose
          it: every row is checked first, and nothing is recorded until you confirm.
        </Text>
        <FileInput
          label="CSV file"
          placeholder={busy ? 'Checking…' : 'Choose a file'}
          accept="text/csv,.csv"
          value={file}
          onChange={choose}
          disabled={busy}
          clearable
          maw={420}
        />
        <ErrorMessage error={error} title="Not imported" />
        {outcome && outcome.fileProblems.length > 0 && (
          <Alert color="red" title="This file cannot be imported" role="alert">
            <Stack gap={2}>
              {outcome.fileProblems.map((problem) => (
                <Text key={`${problem.line}-${problem.column}-${problem.message}`} size="sm">
                  Line {problem.line}
                  {problem.column ? `, column ${problem.column}` : ''}: {problem.message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {outcome && outcome.fileProblems.length === 0 && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Figure label="Rows" value={String(outcome.counts.rows)} />
              <Figure
                label={outcome.confirmed ? 'Recorded now' : 'New, to record'}
                value={String(outcome.confirmed ? outcome.counts.written : outcome.counts.new)}
              />
              <Figure label="Already recorded" value={String(outcome.counts.recorded)} />
              <Figure label="Refused" value={String(outcome.counts.refused)} />
            </SimpleGrid>
            {outcome.confirmed ? (
              <Alert color="green" role="status" title={`${outcome.counts.written} gifts recorded`}>
                Their receipts are issued and mailed to the donors who gave an e-mail address. Rows refused above were
                not recorded: correct them in the sheet and import it again (rows already recorded are skipped).
              </Alert>
            ) : (
              <Group>
                <Button onClick={() => file && send(file, true)} loading={busy} disabled={outcome.counts.new === 0}>
                  Record {outcome.counts.new} new {outcome.counts.new === 1 ? 'gift' : 'gifts'}
                </Button>
                {outcome.counts.refused > 0 && (
                  <Text size="sm" c="red.8">
                    {outcome.counts.refused} refused {outcome.counts.refused === 1 ? 'row is' : 'rows are'} left out.
                  </Text>
                )}
              </Group>
            )}
            {shown && shown.length > 0 && <ImportRows rows={shown} />}
          </>
        )}
      </Stack>
    </Card>
  );
}

function ImportRows({ rows }: { rows: ImportRowOutcome[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Rows of the file" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Donor</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Problems or receipt</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>
                <Badge color={RESULT_LABELS[row.result].color} variant="light">
                  {RESULT_LABELS[row.result].label}
                </Badge>
              </Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.mode}</Table.Td>
              <Table.Td>{row.receivedOn}</Table.Td>
              <Table.Td ta="right">{row.amount === null ? '' : rupees(row.amount)}</Table.Td>
              <Table.Td>
                {row.problems.length > 0
                  ? row.problems.map((problem) => (
                      <Text key={`${problem.column}-${problem.message}`} size="sm" c="red.8">
                        {problem.column ? `${problem.column}: ` : ''}
                        {problem.message}
                      </Text>
                    ))
                  : row.receiptNumber && (
                      <Anchor href={`/staff/donations/${row.donationId}`} size="sm">
                        {row.receiptNumber}
                      </Anchor>
                    )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
