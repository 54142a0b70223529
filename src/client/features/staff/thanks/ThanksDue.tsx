import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { THANKS_DUE_HOURS } from '../../../../shared/thanks.schema';
import { staffTrpc } from '../trpc';

/** The overview's line: gifts waiting for a thank-you call, and how many longer than two days. */
export function ThanksDue() {
  const due = staffTrpc.staff.thanks.overdue.useQuery();
  if (!due.data || due.data.open === 0) return null;
  const { open, overdue } = due.data;
  return (
    <Alert color={overdue > 0 ? 'red' : 'blue'} title="Thank-you calls">
      {open} {open === 1 ? 'gift waits' : 'gifts wait'} for a thank-you call
      {overdue > 0 ? `, ${overdue} of them for more than ${THANKS_DUE_HOURS} hours` : ''}.{' '}
      <Anchor component={Link} to="/staff/thanks" size="sm">
        Open the thank-you queue
      </Anchor>
    </Alert>
  );
}
