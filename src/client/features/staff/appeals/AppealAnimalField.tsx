import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { staffTrpc } from '../trpc';

/**
 * The animal the appeal is for, picked by name from the animal records (`staff.animals.list`, the
 * first 50 matching what is typed); cleared, the appeal names none.
 */
export function AppealAnimalField({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const chosen = staffTrpc.staff.animals.get.useQuery({ id: value ?? 0 }, { enabled: value !== null });
  const found = staffTrpc.staff.animals.list.useQuery({ search: debounced.trim() || undefined });
  const options = new Map((found.data?.rows ?? []).map((row) => [String(row.id), `${row.name} (${row.slug})`]));
  if (value !== null && chosen.data) options.set(String(value), `${chosen.data.fields.name} (${chosen.data.slug})`);
  return (
    <Select
      label="The animal (optional)"
      description="Its record under Animals: the animal’s page lists the appeal, and the appeal links the animal’s public page"
      placeholder="Type a name"
      searchable
      clearable
      nothingFoundMessage="No animal by that name"
      data={[...options].map(([id, label]) => ({ value: id, label }))}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(picked) => onChange(picked === null ? null : Number(picked))}
      error={error}
    />
  );
}
