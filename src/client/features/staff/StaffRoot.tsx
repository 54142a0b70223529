import './staff-styles';
import { Badge, type CSSVariablesResolver, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { cssVariablesResolver, theme } from '../../theme';
import { createStaffQueryClient, createStaffTrpcClient, staffTrpc } from './trpc';

/** Mantine's dimmed grey (#868e96) is 3.3:1 on white; the console's small print uses gray 7 (8:1). */
const staffCssVariables: CSSVariablesResolver = (mantineTheme) => {
  const site = cssVariablesResolver(mantineTheme);
  return { ...site, light: { ...site.light, '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } };
};

/**
 * A badge is as wide as its word: Mantine cuts a long one ("ONE-TI…", "VERIFI…") when its cell is
 * narrow, and a status cut in half says nothing.
 */
const staffTheme = mergeThemeOverrides(theme, {
  components: {
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, minWidth: 'max-content', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    }),
  },
});

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
    <MantineProvider theme={staffTheme} cssVariablesResolver={staffCssVariables} forceColorScheme="light">
      <staffTrpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Notifications position="bottom-right" />
          <Outlet />
        </QueryClientProvider>
      </staffTrpc.Provider>
    </MantineProvider>
  );
}
