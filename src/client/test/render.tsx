import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Language } from '../../shared/languages';
import { pageContentOf, siteContent } from '../../shared/site-content';
import { ALL_MESSAGES } from '../all-messages';
import { LanguageProvider } from '../i18n';
import { SiteContentProvider } from '../site-content-context';
import { theme } from '../theme';

/** Renders inside Mantine (transitions and portals off) with the site's toast container, in a language (English). */
export function render(ui: ReactNode, language: Language = 'en') {
  return testingLibraryRender(
    <MantineProvider theme={theme} env="test">
      <SiteContentProvider value={pageContentOf(siteContent)}>
        <LanguageProvider language={language} messages={ALL_MESSAGES[language]}>
          <Notifications limit={1} autoClose={5000} />
          {ui}
        </LanguageProvider>
      </SiteContentProvider>
    </MantineProvider>,
  );
}
