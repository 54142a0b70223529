import { Box, Button, Card, List, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/languages';
import type { TranslatedLanguage } from '../../../../shared/site-content';

/**
 * The Site content page's languages: which language's fields the form shows, each Tamil or Hindi
 * field with its English text beside it, and what each language still lacks. A text not translated
 * is not an error: the pages show the English one, and the page says so.
 */

/** The languages as the console's staff read them (the switch names each in itself). */
export const LANGUAGE_IN_ENGLISH: Record<Language, string> = { en: 'English', ta: 'Tamil', hi: 'Hindi' };

/** The element id of a translated field, for the summary's links to it. */
export const translationFieldId = (language: TranslatedLanguage, path: string) =>
  `translation-${language}-${path.replaceAll('.', '-')}`;

/** Which language's fields the form shows: English (every field), or Tamil or Hindi (their texts only). */
export function LanguageSwitch({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  return (
    <Box
      // Stays in reach while scrolling a long form on a phone, under the console's header.
      style={{
        position: 'sticky',
        top: 'var(--app-shell-header-offset, 0px)',
        zIndex: 3,
        background: 'var(--mantine-color-body)',
        paddingBlock: 'var(--mantine-spacing-xs)',
      }}
    >
      <Text id="content-language-label" size="sm" fw={500} mb={4}>
        Language of the fields
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby="content-language-label"
        value={value}
        onChange={(next) => onChange(next as Language)}
        data={LANGUAGES.map((language) => ({
          value: language,
          label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
        }))}
      />
    </Box>
  );
}

/**
 * A text in Tamil or Hindi: its input marked with the language (`lang`, so a screen reader and a
 * phone's keyboard take it as such), the English text under it (not as a placeholder: a grey English
 * text in an empty box reads as written), and whether the pages show the English one for want of it.
 */
export function TranslatedField(props: {
  language: TranslatedLanguage;
  path: string;
  label: string;
  english: string;
  /** What the English field says of itself ({deduction}, where a text is used). */
  hint?: string;
  value: string;
  error?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const { language, english, value } = props;
  const missing = value.trim() === '';
  const common = {
    id: translationFieldId(language, props.path),
    label: `${props.label} (${LANGUAGE_IN_ENGLISH[language]})`,
    description: (
      <>
        {missing && (
          <Text span size="xs" fw={700} c="var(--mantine-color-text)">
            Missing — English shown.{' '}
          </Text>
        )}
        English: <span lang="en">{english}</span>
        {props.hint && ` ${props.hint}`}
      </>
    ),
    value,
    error: props.error,
    lang: language,
    onChange: (event: { currentTarget: { value: string } }) => props.onChange(event.currentTarget.value),
  };
  return props.multiline ? <Textarea autosize minRows={2} {...common} /> : <TextInput {...common} />;
}

/** Per language, how many texts it lacks (shown in English meanwhile), and which: each a link to its field. */
export function MissingTranslations(props: {
  missing: Record<TranslatedLanguage, string[]>;
  total: number;
  onShow: (language: TranslatedLanguage, path: string) => void;
}) {
  const entries = Object.entries(props.missing) as [TranslatedLanguage, string[]][];
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="translations-summary">
      <Title id="translations-summary" order={2} size="h4" mb="xs">
        Tamil and Hindi
      </Title>
      <Stack gap="xs">
        {entries.map(([language, paths]) => (
          <Box key={language}>
            <Text size="sm" fw={500}>
              {paths.length === 0
                ? `${LANGUAGE_IN_ENGLISH[language]}: every text translated (${props.total})`
                : `${LANGUAGE_IN_ENGLISH[language]}: ${paths.length} of ${props.total} ${
                    paths.length === 1 ? 'text' : 'texts'
                  } missing — shown in English`}
            </Text>
            {paths.length > 0 && (
              <details>
                <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
                  Which {LANGUAGE_IN_ENGLISH[language]} texts are missing
                </summary>
                <List size="sm" spacing={2} mt={4} listStyleType="none" withPadding={false}>
                  {paths.map((path) => (
                    <List.Item key={path}>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={4}
                        onClick={() => props.onShow(language, path)}
                        styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                      >
                        {path}
                      </Button>
                    </List.Item>
                  ))}
                </List>
              </details>
            )}
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
