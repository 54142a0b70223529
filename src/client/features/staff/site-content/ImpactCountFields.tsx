import { Group, Select, Stack, Text } from '@mantine/core';
import {
  countsSince,
  IMPACT_COUNT_KINDS,
  IMPACT_COUNT_LABELS,
  type ImpactCountKind,
} from '../../../../shared/impact-counts';
import type { ImpactFigure } from '../../../../shared/site-content';
import { DateField } from '../DateField';
import type { Path } from './content-paths';

const TYPED = 'typed';
const OPTIONS = [
  { value: TYPED, label: 'The number typed above' },
  ...IMPACT_COUNT_KINDS.map((kind) => ({ value: kind, label: IMPACT_COUNT_LABELS[kind] })),
];

/**
 * Per figure, what the home page shows: the number typed (the default) or a count from the animal
 * records since a day staff choose (the page says "since" that day in its language).
 */
export function ImpactCountFields({
  figures,
  issues,
  onChange,
}: {
  figures: readonly ImpactFigure[];
  issues: Record<string, string>;
  onChange: (path: Path, value: unknown) => void;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Each figure can show the number typed, or count from the animal records.
      </Text>
      {figures.map((figure, index) => {
        const path: Path = ['impact', 'figures', index, 'count'];
        const kind = figure.count?.of;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: figures have no id; their place is their name here.
          <Group key={index} gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={`Figure ${index + 1}: shows`}
              data={OPTIONS}
              value={kind ?? TYPED}
              allowDeselect={false}
              style={{ flex: '1 1 16rem' }}
              error={issues[`impact.figures.${index}.count.of`]}
              onChange={(picked) =>
                onChange(
                  path,
                  !picked || picked === TYPED
                    ? undefined
                    : { of: picked as ImpactCountKind, ...(figure.count?.since ? { since: figure.count.since } : {}) },
                )
              }
            />
            {kind && countsSince(kind) ? (
              <DateField
                label="Counting since"
                required
                value={figure.count?.since}
                style={{ flex: '0 1 11rem' }}
                error={issues[`impact.figures.${index}.count.since`]}
                onChange={(since) => onChange(path, { of: kind, ...(since ? { since } : {}) })}
              />
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
