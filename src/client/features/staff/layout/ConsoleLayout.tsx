import { AppShell, Burger, Button, Center, Group, Loader, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { signOut } from '../auth/session-api';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { NAV_ITEMS } from './nav-items';

/** Every signed-in page: a header with the sign-out, a navbar that folds away on a phone, the page. */
export function ConsoleLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const me = staffTrpc.staff.me.useQuery();
  const router = useRouter();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const leave = async () => {
    await signOut();
    queryClient.clear();
    await router.navigate({ to: '/staff/login', search: {} });
  };

  if (!me.data) {
    return (
      <Center component="main" mih="100vh" p="md">
        {me.error ? <ErrorMessage error={me.error} /> : <Loader aria-label="Loading" />}
      </Center>
    );
  }
  const staff = me.data;
  const isActive = (to: string) =>
    to === '/staff' ? pathname === '/staff' || pathname === '/staff/' : pathname.startsWith(to);

  return (
    <>
      <a href="#staff-main" className="skip-link">
        Skip to content
      </a>
      <AppShell
        header={{ height: 52 }}
        navbar={{ width: 210, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
              />
              <Text fw={700} c="brand.9">
                Staff console
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" visibleFrom="xs" truncate>
                {staff.displayName || staff.username}
              </Text>
              <Button size="xs" variant="default" onClick={leave}>
                Sign out
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Console">
          {NAV_ITEMS.filter((item) => !item.admin || staff.role === 'admin').map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              activeOptions={{ exact: item.to === '/staff' }}
              label={item.label}
              active={isActive(item.to)}
              aria-current={isActive(item.to) ? 'page' : undefined}
              onClick={close}
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main id="staff-main" tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
