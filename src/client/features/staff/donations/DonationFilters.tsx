import { Button, Group, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { PURPOSES } from '../../../../shared/donation.schema';
import { DONATION_STATUSES, DONATION_TYPES } from '../../../../shared/donation-states';
import { GIFT_MODE_LABELS, GIFT_MODES } from '../../../../shared/gift-modes';
import { DateField } from '../DateField';
import type { DonationsSearch } from './donations-search';

type Patch = Partial<DonationsSearch>;

/** A typed field that updates the URL once typing pauses, not on every key. */
function useDebouncedField(value: string, apply: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const [settled] = useDebouncedValue(draft, 400);
  // Only a newly settled draft writes the URL; the URL's value and `apply` are read as they are then.
  const latest = useRef({ value, apply });
  latest.current = { value, apply };
  // A link, the back button or "Clear filters" changes the URL: the field follows.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.apply(settled);
  }, [settled]);
  return [draft, setDraft] as const;
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function DonationFilters({ search, onChange }: { search: DonationsSearch; onChange: (patch: Patch) => void }) {
  const [query, setQuery] = useDebouncedField(asText(search.q), (q) => onChange({ q: q || undefined }));
  const [min, setMin] = useDebouncedField(asText(search.min), (value) =>
    onChange({ min: value ? Number(value) : undefined }),
  );
  const [max, setMax] = useDebouncedField(asText(search.max), (value) =>
    onChange({ max: value ? Number(value) : undefined }),
  );
  const status = asText(search.status).split(',').filter(Boolean);

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        description="Name, e-mail, phone, #id, cheque no. or UTR, order, payment or subscription id"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        w={{ base: '100%', sm: 300 }}
      />
      <MultiSelect
        label="Status"
        data={[...DONATION_STATUSES]}
        value={status}
        onChange={(value) => onChange({ status: value.length ? value.join(',') : undefined })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Type"
        data={[...DONATION_TYPES]}
        value={search.type ?? null}
        onChange={(value) => onChange({ type: value ?? undefined })}
        clearable
        w={{ base: '48%', xs: 130 }}
      />
      <Select
        label="Purpose"
        data={Object.entries(PURPOSES).map(([value, label]) => ({ value, label }))}
        value={search.purpose ?? null}
        onChange={(value) => onChange({ purpose: value ?? undefined })}
        clearable
        w={{ base: '48%', xs: 190 }}
      />
      <Select
        label="Mode"
        data={GIFT_MODES.map((value) => ({ value, label: GIFT_MODE_LABELS[value] }))}
        value={search.mode ?? null}
        onChange={(value) => onChange({ mode: value ?? undefined })}
        clearable
        w={{ base: '48%', xs: 190 }}
      />
      <DateField
        label="From"
        value={asText(search.from)}
        onChange={(value) => onChange({ from: value || undefined })}
        w={{ base: '48%', xs: 170 }}
      />
      <DateField
        label="To"
        value={asText(search.to)}
        onChange={(value) => onChange({ to: value || undefined })}
        w={{ base: '48%', xs: 170 }}
      />
      <NumberInput
        label="Min ₹"
        value={min}
        onChange={(value) => setMin(String(value))}
        min={0}
        allowNegative={false}
        hideControls
        w={{ base: '48%', xs: 110 }}
      />
      <NumberInput
        label="Max ₹"
        value={max}
        onChange={(value) => setMax(String(value))}
        min={0}
        allowNegative={false}
        hideControls
        w={{ base: '48%', xs: 110 }}
      />
      <Button
        variant="subtle"
        onClick={() =>
          onChange({
            q: undefined,
            status: undefined,
            type: undefined,
            purpose: undefined,
            mode: undefined,
            from: undefined,
            to: undefined,
            min: undefined,
            max: undefined,
          })
        }
      >
        Clear filters
      </Button>
    </Group>
  );
}
