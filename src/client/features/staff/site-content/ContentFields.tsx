import { NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { POLICY_PAGES, POLICY_TOKENS, type PolicyPageName } from '../../../../shared/policy-pages';
import { DEDUCTION_TOKEN } from '../../../../shared/site-content';
import { TRANSLATED_LANGUAGES } from '../../../../shared/site-content-languages';
import { ImageUploadField } from '../images/ImageUploadField';
import { getAt, type Path } from './content-paths';
import { type FieldsProps, PairList, Section, useField } from './field-kit';
import { ImpactCountFields } from './ImpactCountFields';

const DEDUCTION_HINT = `Write ${DEDUCTION_TOKEN} where the text names the tax deduction: the site writes the section in force.`;

const POLICY_HINT = `Plain paragraphs. The page fills in ${POLICY_TOKENS.map((token) => `{${token}}`).join(', ')} and ${DEDUCTION_TOKEN} from the trust's details.`;
const POLICY_TITLES: Record<PolicyPageName, string> = {
  privacy: 'Privacy notice (/privacy)',
  terms: 'Terms (/terms)',
  refunds: 'Cancellations and refunds (/refunds)',
  contact: 'Contact page (/contact)',
};

/** Every section of the site content, in English or in a language's translations. */
export function ContentFields(props: FieldsProps) {
  const { content, issues, onChange } = props;
  const { line, long, list, rowTexts, translating } = useField(props);
  // A figure or gift removed in English: its translations go with it, so the rows after keep theirs.
  const removeTranslatedRow = (path: Path) => (index: number) => {
    for (const code of TRANSLATED_LANGUAGES) {
      const rows = getAt(content.translations?.[code], path);
      if (Array.isArray(rows) && index < rows.length) {
        onChange(
          ['translations', code, ...path],
          rows.filter((_, i) => i !== index),
        );
      }
    }
  };
  // A photo is the same in every language (its description is the Photos library's).
  const photo = (key: 'hero' | 'share', label: string, description: string) =>
    !translating && (
      <Stack gap="xs" key={key}>
        <ImageUploadField
          label={label}
          description={description}
          value={content.photos[key].imageId}
          error={issues[`photos.${key}.imageId`]}
          onChange={(id) => onChange(['photos', key, 'imageId'], id)}
        />
        {content.photos[key].imageId === null &&
          line(['photos', key, 'alt'], 'What the built-in picture shows', 'Read out to people who cannot see it')}
      </Stack>
    );
  return (
    <Stack gap="md">
      {translating && (
        <Text size="sm">
          Contact details, figures, amounts and photos are the same in every language: change them in English.
        </Text>
      )}
      {!translating && (
        <Section title="Contact details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {line(['contact', 'phone'], 'Phone', 'As it is shown, with +91 for a mobile: +91 98765 43210')}
            {line(['contact', 'email'], 'E-mail')}
            {line(['contact', 'address'], 'Address')}
            {line(['contact', 'instagramUrl'], 'Instagram address', 'https://www.instagram.com/…')}
            {line(['contact', 'instagramHandle'], 'Instagram name', 'As it is shown: @name')}
          </SimpleGrid>
        </Section>
      )}
      <Section title="Impact figures">
        {line(['impact', 'title'], 'Title')}
        {line(['impact', 'intro'], 'Introduction')}
        {translating ? (
          rowTexts(['impact', 'figures'], 'label', 'What it counts')
        ) : (
          <PairList
            legend="Figure"
            rows={content.impact.figures}
            fields={[
              ['value', 'Figure', '7rem'],
              ['label', 'What it counts', 'auto'],
            ]}
            path={['impact', 'figures']}
            issues={issues}
            max={8}
            addLabel="Add a figure"
            onChange={onChange}
            onRemove={removeTranslatedRow(['impact', 'figures'])}
          />
        )}
        {!translating && <ImpactCountFields figures={content.impact.figures} issues={issues} onChange={onChange} />}
      </Section>
      <Section title="Home page">
        {line(['hero', 'headline'], 'Headline')}
        {long(['hero', 'text'], 'Under the headline')}
        {photo('hero', 'Photo behind the headline', 'A wide photo: it fills the top of the page')}
        {line(['about', 'title'], 'About: title')}
        {long(['about', 'intro'], 'About: introduction')}
        {line(['about', 'storyTitle'], 'Story: title')}
        {list(['about', 'story'], 'Story', 'paragraphs', 'A blank line between paragraphs')}
        {long(['about', 'call'], 'What we need')}
        {line(['about', 'videoLabel'], 'What the video shows')}
        {line(['activities', 'title'], 'Activities: title')}
        {line(['activities', 'intro'], 'Activities: introduction')}
        {content.activities.cards.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: three cards in fixed places, each with its icon.
          <SimpleGrid key={index} cols={{ base: 1, sm: 2 }} spacing="sm">
            {line(['activities', 'cards', index, 'title'], `Activity ${index + 1}`)}
            {long(['activities', 'cards', index, 'text'], `Activity ${index + 1}: text`)}
          </SimpleGrid>
        ))}
        {line(['activities', 'provideTitle'], 'What we provide: title')}
        {list(['activities', 'provides'], 'What we provide', 'lines', 'One a line')}
      </Section>
      <Section title="Donate page">
        {line(['donate', 'heading'], 'Heading')}
        {long(['donate', 'intro'], 'Introduction', DEDUCTION_HINT)}
        {line(['donate', 'impactTitle'], 'What gifts do: title')}
        {translating ? (
          rowTexts(['donate', 'impactItems'], 'text', 'What it does')
        ) : (
          <PairList
            legend="Gift"
            rows={content.donate.impactItems}
            fields={[
              ['amount', 'Amount', '7rem'],
              ['text', 'What it does', 'auto'],
            ]}
            path={['donate', 'impactItems']}
            issues={issues}
            max={8}
            addLabel="Add a gift"
            onChange={onChange}
            onRemove={removeTranslatedRow(['donate', 'impactItems'])}
          />
        )}
        {line(['donate', 'rescueTitle'], 'Rescue story: title')}
        {list(['donate', 'rescueStory'], 'Rescue story', 'paragraphs', 'A blank line between paragraphs')}
        {line(['donate', 'rescueVideoLabel'], 'What the video shows')}
        {line(['donate', 'shareText'], 'WhatsApp message', 'Sent with the link to the donate page')}
      </Section>
      <Section title="Policy pages">
        <Text size="sm">{POLICY_HINT}</Text>
        {!translating && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {line(['policies', 'grievanceOfficer'], 'Grievance officer', 'Who answers questions about personal data')}
            <NumberInput
              label="Days to refund a mistaken gift"
              description="Working days, named on /refunds as {refundDays}"
              min={1}
              max={90}
              value={content.policies.refundDays}
              error={issues['policies.refundDays']}
              onChange={(value) =>
                onChange(['policies', 'refundDays'], typeof value === 'number' ? value : Number(value))
              }
            />
          </SimpleGrid>
        )}
        {POLICY_PAGES.map((name) => (
          <Stack gap="sm" key={name}>
            <Title order={3} size="h5">
              {POLICY_TITLES[name]}
            </Title>
            {line(['policies', name, 'title'], 'Title')}
            {long(['policies', name, 'description'], 'Description in search results and shares')}
            {content.policies[name].sections.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the sections are in fixed places; their headings change.
              <Stack gap="xs" key={index}>
                {line(['policies', name, 'sections', index, 'heading'], `Section ${index + 1}: heading`)}
                {list(
                  ['policies', name, 'sections', index, 'paragraphs'],
                  `Section ${index + 1}`,
                  'paragraphs',
                  'A blank line between paragraphs',
                )}
              </Stack>
            ))}
          </Stack>
        ))}
      </Section>
      <Section title="Footer and link previews">
        {line(['trust', 'tagline'], 'Tagline')}
        {long(['trust', 'blurb'], 'About the trust (footer)')}
        {line(['meta', 'homeTitle'], 'Home page: title in search results and shares')}
        {long(['meta', 'description'], 'Home page: description', DEDUCTION_HINT)}
        {line(['meta', 'donateTitle'], 'Donate page: title in search results and shares')}
        {long(['meta', 'donateDescription'], 'Donate page: description', DEDUCTION_HINT)}
        {photo('share', 'Photo in link previews (WhatsApp, Facebook)', 'Shown when someone shares a link to the site')}
      </Section>
    </Stack>
  );
}
