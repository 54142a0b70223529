import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/** Renders inside Mantine (transitions and portals off) with the site's toast container. */
export function render(ui: ReactNode) {
  return testingLibraryRender(
    <MantineProvider theme={theme} env="test">
      <Notifications limit={1} autoClose={5000} />
      {ui}
    </MantineProvider>,
  );
}
