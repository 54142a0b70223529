import { Loader } from '@mantine/core';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { HealthList } from './HealthList';

/** The health list as the overview loads it: its own query, so a slow check never holds the figures back. */
export function HealthPanel() {
  const health = staffTrpc.staff.health.list.useQuery();
  const isAdmin = staffTrpc.staff.me.useQuery().data?.role === 'admin';
  if (health.error) return <ErrorMessage error={health.error} />;
  if (!health.data) return <Loader size="sm" aria-label="Loading the health list" />;
  return <HealthList items={health.data} isAdmin={isAdmin} />;
}
