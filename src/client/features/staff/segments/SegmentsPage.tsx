import { Button, Group, Loader, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, languageOf } from '../../../../shared/languages';
import { SEGMENT_KINDS, SEGMENT_LABELS } from '../../../../shared/segments.schema';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime, rupees } from '../format';
import { TABLE_PROPS } from '../table-props';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { SegmentMail } from './SegmentMail';
import { firstChoice, type SegmentChoice, segmentCsvHref, segmentOf, yearChoices } from './segment-choice';

/** Rows the page lists; the CSV has them all. */
const LISTED = 200;

/**
 * Who is slipping away, and any other group of donors: LYBUNT (gave last financial year, not this
 * one) and SYBUNT for any year, an appeal's donors, a year's, a total in a range. Each donor once,
 * with their phone and what they gave in the year and the three before; the totals of every row at
 * the foot, which the CSV's columns add up to; and an update mailed to those who consented to news.
 */
export function SegmentsPage() {
  useStaffTitle('Donor segments');
  const [choice, setChoice] = useState<SegmentChoice>(firstChoice);
  const segment = segmentOf(choice);
  const appeals = staffTrpc.staff.appeals.list.useQuery(undefined, { enabled: choice.kind === 'appeal' });
  const list = staffTrpc.staff.retention.segment.useQuery(
    { segment: segment ?? { kind: 'lybunt', year: choice.year }, limit: LISTED },
    { enabled: segment !== null, placeholderData: keepPreviousData },
  );
  const change = (part: Partial<SegmentChoice>) => setChoice({ ...choice, ...part });
  const data = list.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Donor segments
      </Title>
      <Group align="end" wrap="wrap">
        <Select
          label="Donors who"
          data={SEGMENT_KINDS.map((kind) => ({ value: kind, label: SEGMENT_LABELS[kind] }))}
          value={choice.kind}
          onChange={(kind) => kind && change({ kind: kind as SegmentChoice['kind'] })}
          allowDeselect={false}
          w={420}
        />
        {choice.kind === 'appeal' ? (
          <Select
            label="Appeal"
            placeholder="Choose an appeal"
            data={(appeals.data ?? []).map((appeal) => ({ value: String(appeal.id), label: appeal.title }))}
            value={choice.appealId}
            onChange={(appealId) => change({ appealId })}
            w={280}
          />
        ) : (
          <Select
            label={choice.kind === 'lybunt' || choice.kind === 'sybunt' ? 'This year' : 'Financial year'}
            description="April to March, India time"
            data={yearChoices()}
            value={choice.year}
            onChange={(year) => year && change({ year })}
            allowDeselect={false}
            w={160}
          />
        )}
        {choice.kind === 'amount' && (
          <>
            <NumberInput
              label="From (₹)"
              min={0}
              thousandSeparator=","
              value={choice.minRupees}
              onChange={(minRupees) => change({ minRupees })}
              w={140}
            />
            <NumberInput
              label="To (₹)"
              min={0}
              thousandSeparator=","
              value={choice.maxRupees}
              onChange={(maxRupees) => change({ maxRupees })}
              w={140}
            />
          </>
        )}
        {segment && (
          <Button component="a" href={segmentCsvHref(segment)} download c="white">
            Download with phone numbers (CSV)
          </Button>
        )}
      </Group>
      <ErrorMessage error={list.error} />
      {segment && !data && !list.error && <Loader aria-label="Loading" />}
      {data && (
        <>
          <Text size="sm">
            {data.totals.donors} {data.totals.donors === 1 ? 'donor' : 'donors'}
            {data.totals.donors > data.rows.length &&
              `; the ${data.rows.length} who gave most are listed, the CSV has all`}
            . Gifts kept, of every mode, after refunds; merged records count as one donor.
          </Text>
          <Table.ScrollContainer minWidth={1100}>
            <Table {...TABLE_PROPS} aria-label="Donors of the segment">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Language</Table.Th>
                  <Table.Th>Last gift</Table.Th>
                  <Table.Th ta="right">Last gift (₹)</Table.Th>
                  {data.years.map((year) => (
                    <Table.Th key={year} ta="right">
                      {year}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Before {data.years[3]}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={11}>
                      <Text size="sm" c="dimmed">
                        No donor in this segment.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.rows.map((row) => (
                  <Table.Tr key={row.donorId}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>
                      {row.phone && <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a>}
                    </Table.Td>
                    <Table.Td lang={LANGUAGE_TAGS[languageOf(row.language)]}>
                      {LANGUAGE_NAMES[languageOf(row.language)]}
                    </Table.Td>
                    <Table.Td>{indiaTime(row.lastGiftAt)}</Table.Td>
                    <Table.Td ta="right">{rupees(row.lastGiftAmount)}</Table.Td>
                    {row.yearTotals.map((amount, index) => (
                      <Table.Td key={data.years[index]} ta="right">
                        {amount === 0 ? '—' : rupees(amount)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{row.earlier === 0 ? '—' : rupees(row.earlier)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={5}>
                    Total, {data.totals.donors} {data.totals.donors === 1 ? 'donor' : 'donors'}
                  </Table.Th>
                  <Table.Th ta="right">{rupees(data.totals.lastGiftAmount)}</Table.Th>
                  {data.totals.yearTotals.map((amount, index) => (
                    <Table.Th key={data.years[index]} ta="right">
                      {rupees(amount)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{rupees(data.totals.earlier)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {segment && <SegmentMail segment={segment} />}
    </Stack>
  );
}
