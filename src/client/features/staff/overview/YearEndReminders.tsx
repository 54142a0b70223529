import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatIndiaDate } from '../../../../shared/financial-year';
import { staffTrpc } from '../trpc';

const day = (iso: string) => formatIndiaDate(new Date(`${iso}T12:00:00+05:30`));

/** From 1 April: the statement of the year just closed is due by 31 May; then its certificates to deliver. */
export function YearEndReminders() {
  const reminders = staffTrpc.staff.certificates.reminders.useQuery();
  const { statement, certificates } = reminders.data ?? { statement: null, certificates: null };
  if (statement) {
    return (
      <Alert color={statement.overdue ? 'red' : 'yellow'} title={`${statement.form} for ${statement.year}`}>
        The statement of donations for {statement.year} {statement.overdue ? 'was' : 'is'} due by {day(statement.dueOn)}
        .{' '}
        <Anchor component={Link} to="/staff/statement" size="sm">
          Open the annual statement
        </Anchor>
        . Once it is filed, upload the donors’ certificates from the portal.
      </Alert>
    );
  }
  if (certificates) {
    return (
      <Alert color="yellow" title={`${certificates.form} certificates for ${certificates.year}`}>
        {certificates.toDeliver} {certificates.toDeliver === 1 ? 'donor waits' : 'donors wait'} for their certificate
        {certificates.withoutMatch > 0 ? ` (${certificates.withoutMatch} without a match)` : ''}; every donor must have
        theirs by {day(certificates.dueOn)}.{' '}
        <Anchor component={Link} to="/staff/certificates" size="sm">
          Deliver them
        </Anchor>
      </Alert>
    );
  }
  return null;
}
