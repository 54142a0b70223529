import { AppShell, Burger, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { signOut } from '../auth/session-api';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { ConsoleNav } from './ConsoleNav';

/** Every signed-in page: a header with the sign-out, a navbar that folds away on a phone, the page. */
export function ConsoleLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const me = staffTrpc.staff.me.useQuery();
  const router = useRouter();
  const queryClient = useQueryClient();

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

  return (
    <>
      <a href="#staff-main" className="skip-link">
        Skip to content
      </a>
      <AppShell
        header={{ height: 52 }}
        navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
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
        <ConsoleNav isAdmin={staff.role === 'admin'} onNavigate={close} />
        <AppShell.Main id="staff-main" tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
