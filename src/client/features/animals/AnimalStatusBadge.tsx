import { Badge } from '@mantine/core';
import type { AnimalStatus } from '../../../shared/animals';
import { STATUS_COLORS, STATUS_LABELS } from './labels';

export function AnimalStatusBadge({ status }: { status: AnimalStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" c="dark.7">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
