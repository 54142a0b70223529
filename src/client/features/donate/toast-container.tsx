import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from '../../theme';

export { notifications } from '@mantine/notifications';

/**
 * Mantine's toast container with the provider it needs: the form itself is plain markup, so
 * Mantine's core comes only with this chunk (./toast.ts loads it), never in the page's first load.
 */
export function ToastContainer() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Notifications limit={1} autoClose={5000} position="top-center" />
    </MantineProvider>
  );
}
