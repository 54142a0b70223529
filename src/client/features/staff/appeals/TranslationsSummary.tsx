import { Card, List, Text } from '@mantine/core';
import {
  APPEAL_TRANSLATION_LANGUAGES,
  type AppealTranslatedField,
  type AppealTranslationLanguage,
} from '../../../../shared/appeals.schema';
import type { AppealFormField, missingTranslations } from './appeal-form';

/** The languages' names in English, for the console's labels. */
export const IN_ENGLISH: Record<AppealTranslationLanguage, string> = { ta: 'Tamil', hi: 'Hindi' };
export const FIELD_NAMES: Record<AppealTranslatedField, string> = {
  title: 'title',
  story: 'story',
  beyondGoal: 'beyond-goal text',
};
export const MISSING = 'missing — English shown';

/** What each language is missing, and the server's messages about the translated texts. */
export function TranslationsSummary({
  missing,
  errors,
}: {
  missing: ReturnType<typeof missingTranslations>;
  errors: Partial<Record<AppealFormField, string>>;
}) {
  const translationErrors = APPEAL_TRANSLATION_LANGUAGES.flatMap((code) =>
    (['title', 'story', 'beyondGoal'] as const).flatMap((field) => {
      const error = errors[`translations.${code}.${field}`];
      return error ? [`${IN_ENGLISH[code]} ${FIELD_NAMES[field]} ${error}`] : [];
    }),
  );
  return (
    <Card
      withBorder
      padding="xs"
      // A summary, not a live announcement: it changes as staff type.
      role="region"
      aria-label="Translations"
    >
      <Text size="sm" fw={700}>
        Translations{' '}
        {missing.ta.length + missing.hi.length > 0 ? '(the page shows the English for what is missing)' : ''}
      </Text>
      <List size="sm" spacing={2}>
        {APPEAL_TRANSLATION_LANGUAGES.map((code) => (
          <List.Item key={code}>
            {IN_ENGLISH[code]}:{' '}
            {missing[code].length === 0 ? (
              'all given'
            ) : (
              <Text span size="sm" fw={600}>
                {missing[code].map((field) => FIELD_NAMES[field]).join(', ')} {MISSING}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {translationErrors.map((error) => (
        <Text key={error} size="sm" c="red.8">
          {error}
        </Text>
      ))}
    </Card>
  );
}
