import './staff-styles';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { cssVariablesResolver, theme } from '../../theme';
import { createStaffQueryClient, createStaffTrpcClient, staffTrpc } from './trpc';

/** The console's chunk root: Mantine, the tRPC client and the one reaction to an ended session. */
export function StaffRoot() {
  const router = useRouter();
  const [queryClient] = useState(() =>
    createStaffQueryClient(() => {
      const { pathname, searchStr } = router.state.location;
      if (pathname === '/staff/login') return;
      queryClient.clear();
      void router.navigate({ to: '/staff/login', search: { redirect: `${pathname}${searchStr}` } });
    }),
  );
  const [trpcClient] = useState(createStaffTrpcClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <staffTrpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Notifications position="bottom-right" />
          <Outlet />
        </QueryClientProvider>
      </staffTrpc.Provider>
    </MantineProvider>
  );
}
