import './my-giving-styles';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';
import type { Language } from '../../../shared/languages';
import { useLanguage } from '../../i18n';
import { usePageMeta } from '../../page-meta';
import { cssVariablesResolver, theme } from '../../theme';
import { usePageTitle } from '../../use-page-title';
import { MyGivingPage } from './MyGivingPage';

/**
 * The font a Tamil or Hindi page declares (server/transports/web/page-documents.ts LANGUAGE_FONTS: the phone's
 * own Noto, else the subset woff2, for that script's characters only). The body takes it there;
 * Mantine's headings and fields name their fonts themselves, so they are told too: without it a
 * computer with no Tamil font of its own shows the headings as empty boxes.
 */
const SCRIPT_FONTS: Partial<Record<Language, string>> = { ta: '"Noto Sans Tamil"', hi: '"Noto Sans Devanagari"' };

function themeIn(language: Language): MantineThemeOverride {
  const font = SCRIPT_FONTS[language];
  if (!font) return theme;
  const fontFamily = `${font}, ${theme.fontFamily}`;
  return { ...theme, fontFamily, headings: { ...theme.headings, fontFamily } };
}

/** The /my-giving route's chunk: a donor's own page (Mantine, the donor's tRPC calls), in its address's language. */
export function MyGivingRoute() {
  usePageTitle(usePageMeta('myGiving'));
  const language = useLanguage();
  const pageTheme = useMemo(() => themeIn(language), [language]);
  return (
    <MantineProvider theme={pageTheme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <MyGivingPage />
    </MantineProvider>
  );
}
