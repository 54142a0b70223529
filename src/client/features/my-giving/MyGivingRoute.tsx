import './my-giving-styles';
import { MantineProvider } from '@mantine/core';
import { usePageMeta } from '../../page-meta';
import { cssVariablesResolver, theme } from '../../theme';
import { usePageTitle } from '../../use-page-title';
import { MyGivingPage } from './MyGivingPage';

/** The /my-giving route's chunk: a donor's own page (Mantine, the donor's tRPC calls). */
export function MyGivingRoute() {
  usePageTitle(usePageMeta('myGiving'));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <MyGivingPage />
    </MantineProvider>
  );
}
