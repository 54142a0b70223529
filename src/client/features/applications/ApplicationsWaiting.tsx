import { Alert } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { APPLICATION_WAITING_DAYS } from '../../../shared/application-work.schema';

/** The overview's line: open applications waiting over three days in their status, linking to them. */
export function ApplicationsWaiting({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert color="orange" title="Applications waiting" data-testid="applications-waiting">
      {count} {count === 1 ? 'application has' : 'applications have'} waited over {APPLICATION_WAITING_DAYS} days for a
      next step.{' '}
      <Link to="/staff/applications" search={{ waiting: true }} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
        Open them
      </Link>
    </Alert>
  );
}
