import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/languages';
import { localizedPath } from '../../../../shared/locale-paths';
import { POLICY_PAGES, POLICY_TOKENS, type PolicyPageName } from '../../../../shared/policy-pages';
import { DEDUCTION_TOKEN, type EditableContent, type TranslatedLanguage } from '../../../../shared/site-content';
import type { SITE_CONTENT_PREVIEW_PAGES } from '../../../../shared/site-content.schema';
import {
  missingTranslations,
  TRANSLATED_LANGUAGES,
  translatableTexts,
} from '../../../../shared/site-content-languages';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { ImageUploadField } from '../images/ImageUploadField';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import {
  LANGUAGE_IN_ENGLISH,
  LanguageSwitch,
  MissingTranslations,
  TranslatedField,
  translationFieldId,
} from './translations';

type Path = (string | number)[];
type Issues = Record<string, string>;

/**
 * A copy of `value` with the field at `path` set, making the objects and lists on the way that are
 * not there yet (a language's first text). A list keeps its places: the items before a new one are
 * '' (a text) or {} (an item's texts), "not translated", so each stays beside its English item.
 */
function setAt<T>(value: T, [key, ...rest]: Path, field: unknown): T {
  if (key === undefined) return field as T;
  const container = value ?? (typeof key === 'number' ? [] : {});
  const current = (container as Record<string | number, unknown>)[key];
  const next = setAt(current, rest, field);
  if (Array.isArray(container)) {
    const length = Math.max(container.length, (key as number) + 1);
    const hole = typeof next === 'string' ? '' : {};
    return Array.from({ length }, (_, index) => (index === key ? next : (container[index] ?? hole))) as T;
  }
  return { ...(container as object), [key]: next } as T;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)?.[key], value);
}

/** The server's 400 answer as one message per field path (`impact.figures.0.value`). */
function issuesOf(error: unknown): Issues {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** Paragraphs typed in one box, a blank line between them. */
const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

interface FieldsProps {
  content: EditableContent;
  issues: Issues;
  onChange: (path: Path, value: unknown) => void;
  /** English: every field; Tamil or Hindi: that language's version of each text, the English one beside it. */
  language: Language;
}

/**
 * The form's fields, bound to the content by path; a field's error is the server's issue at its
 * path. In Tamil or Hindi, the same calls give that language's field for each text (its path under
 * `translations.<language>`), so both forms have the same order and labels.
 */
function useField({ content, issues, onChange, language }: FieldsProps) {
  const translation = (path: Path, label: string, multiline: boolean, hint?: string) => {
    const lang = language as TranslatedLanguage;
    const name = path.join('.');
    return (
      <TranslatedField
        key={name}
        language={lang}
        path={name}
        label={label}
        hint={hint}
        english={String(getAt(content, path) ?? '')}
        value={String(getAt(content.translations?.[lang], path) ?? '')}
        error={issues[`translations.${lang}.${name}`]}
        multiline={multiline}
        onChange={(value) => onChange(['translations', lang, ...path], value)}
      />
    );
  };
  const translating = language !== DEFAULT_LANGUAGE;
  const line = (path: Path, label: string, description?: string) =>
    translating ? (
      translation(path, label, false, description)
    ) : (
      <TextInput
        key={path.join('.')}
        label={label}
        description={description}
        value={String(getAt(content, path) ?? '')}
        error={issues[path.join('.')]}
        onChange={(event) => onChange(path, event.currentTarget.value)}
      />
    );
  const long = (path: Path, label: string, description?: string) =>
    translating ? (
      translation(path, label, true, description)
    ) : (
      <Textarea
        key={path.join('.')}
        label={label}
        description={description}
        autosize
        minRows={2}
        value={String(getAt(content, path) ?? '')}
        error={issues[path.join('.')]}
        onChange={(event) => onChange(path, event.currentTarget.value)}
      />
    );
  /**
   * A list typed in one box: the box keeps what is typed (blank lines too), the content gets the
   * list. Translated, a field per item, so each translation stays beside its English item.
   */
  const list = (path: Path, label: string, kind: 'paragraphs' | 'lines', description: string) =>
    translating ? (
      <Stack gap="sm" key={path.join('.')}>
        {(getAt(content, path) as string[]).map((_, index) =>
          translation(
            [...path, index],
            `${label}: ${kind === 'paragraphs' ? 'paragraph' : 'line'} ${index + 1}`,
            kind === 'paragraphs',
          ),
        )}
      </Stack>
    ) : (
      <ListBox
        key={path.join('.')}
        label={label}
        description={description}
        items={getAt(content, path) as string[]}
        kind={kind}
        error={Object.entries(issues).find(([issuePath]) => issuePath.startsWith(path.join('.')))?.[1]}
        onChange={(items) => onChange(path, items)}
      />
    );
  /** Translated, the text of each row of a PairList (what a figure counts, what a gift does). */
  const rowTexts = (path: Path, key: string, label: string) =>
    (getAt(content, path) as Record<string, string>[]).map((_, index) =>
      translation([...path, index, key], `${label} ${index + 1}`, false),
    );
  return { line, long, list, rowTexts, translating };
}

function ListBox(props: {
  label: string;
  description: string;
  items: string[];
  kind: 'paragraphs' | 'lines';
  error?: string;
  onChange: (items: string[]) => void;
}) {
  const separator = props.kind === 'paragraphs' ? '\n\n' : '\n';
  const [text, setText] = useState(props.items.join(separator));
  return (
    <Textarea
      label={props.label}
      description={props.description}
      autosize
      minRows={3}
      value={text}
      error={props.error}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setText(value);
        props.onChange(props.kind === 'paragraphs' ? paragraphsOf(value) : linesOf(value));
      }}
    />
  );
}

/** Rows of two fields (a figure and what it counts), added and removed. */
function PairList<K extends string>(props: {
  legend: string;
  rows: Record<K, string>[];
  fields: [K, string, string][];
  path: Path;
  issues: Issues;
  max: number;
  addLabel: string;
  onChange: (path: Path, value: unknown) => void;
  /** A row removed: what else goes with it (its translations). */
  onRemove?: (index: number) => void;
}) {
  const { rows, fields, path, issues, onChange } = props;
  const base = path.join('.');
  const empty = Object.fromEntries(fields.map(([key]) => [key, ''])) as Record<K, string>;
  return (
    <Box component="fieldset" p={0} m={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {props.legend}
      </Text>
      <Stack gap="xs">
        {issues[base] && (
          <Text c="red" size="sm">
            {issues[base]}
          </Text>
        )}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place.
          <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
            {fields.map(([key, label, width]) => (
              <TextInput
                key={key}
                label={`${label} ${index + 1}`}
                w={width}
                style={width === 'auto' ? { flex: 1 } : undefined}
                value={row[key]}
                error={issues[`${base}.${index}.${key}`]}
                onChange={(event) => onChange([...path, index, key], event.currentTarget.value)}
              />
            ))}
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove ${props.legend.toLowerCase()} ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => {
                onChange(
                  path,
                  rows.filter((_, i) => i !== index),
                );
                props.onRemove?.(index);
              }}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {rows.length < props.max && (
          <Button variant="light" size="xs" w="fit-content" onClick={() => onChange(path, [...rows, { ...empty }])}>
            {props.addLabel}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

const DEDUCTION_HINT = `Write ${DEDUCTION_TOKEN} where the text names the tax deduction: the site writes the section in force.`;

const POLICY_HINT = `Plain paragraphs. The page fills in ${POLICY_TOKENS.map((token) => `{${token}}`).join(', ')} and ${DEDUCTION_TOKEN} from the trust's details.`;
const POLICY_TITLES: Record<PolicyPageName, string> = {
  privacy: 'Privacy notice (/privacy)',
  terms: 'Terms (/terms)',
  refunds: 'Cancellations and refunds (/refunds)',
  contact: 'Contact page (/contact)',
};

function ContentFields(props: FieldsProps) {
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

/** A notice that something was done; its close button named, for screen readers. */
const DONE = { color: 'green', closeButtonProps: { 'aria-label': 'Close the notice' } };

const PREVIEW_PAGES = [
  { value: '/', label: 'Home page' },
  { value: '/donate', label: 'Donate page' },
  { value: '/privacy', label: 'Privacy notice' },
] as const;

type PreviewPage = (typeof SITE_CONTENT_PREVIEW_PAGES)[number];

/** A saved draft as a page of the site, in a language (the one being edited, until another is chosen). */
function Preview({ id, editing }: { id: number; editing: Language }) {
  const [page, setPage] = useState<'/' | '/donate'>('/');
  const [language, setLanguage] = useState<Language>(editing);
  useEffect(() => setLanguage(editing), [editing]);
  const path = localizedPath(language, page) as PreviewPage;
  const preview = staffTrpc.staff.siteContent.preview.useQuery({ id, page: path });
  const named = `${page === '/' ? 'home' : 'donate'} page${language === DEFAULT_LANGUAGE ? '' : ` in ${LANGUAGE_IN_ENGLISH[language]}`}`;
  return (
    <Card withBorder padding="sm" component="section" aria-label="Preview">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          Preview of draft {id}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            aria-label="Page previewed"
            value={page}
            onChange={(value) => setPage(value as '/' | '/donate')}
            data={PREVIEW_PAGES.map((item) => ({ ...item }))}
          />
          <SegmentedControl
            aria-label="Language previewed"
            value={language}
            onChange={(value) => setLanguage(value as Language)}
            data={[DEFAULT_LANGUAGE, ...TRANSLATED_LANGUAGES].map((value) => ({
              value,
              label: LANGUAGE_IN_ENGLISH[value],
            }))}
          />
        </Group>
      </Group>
      <ErrorMessage error={preview.error} />
      {preview.isLoading && <Loader role="status" aria-label="Loading the preview" />}
      {preview.data && (
        // Sandboxed: the page is looked at here, never run (the server sends it without scripts).
        <iframe
          title={`Preview of the ${named}`}
          sandbox=""
          srcDoc={preview.data.html}
          style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
        />
      )}
    </Card>
  );
}

/**
 * The website's texts, figures, contact details and photos: edit, save a draft, look at its
 * preview, and (admins) publish it; every server shows it within a minute, with no build. Each save
 * and publication is in the audit trail.
 */
export function SiteContentPage() {
  useStaffTitle('Site content');
  const utils = staffTrpc.useUtils();
  const isAdmin = staffTrpc.staff.me.useQuery().data?.role === 'admin';
  const state = staffTrpc.staff.siteContent.get.useQuery(undefined, { staleTime: 0 });
  const [content, setContent] = useState<EditableContent>();
  const [saved, setSaved] = useState<{ id: number; json: string }>();
  // Remounts the fields when the content is replaced as a whole (a list box keeps its own text).
  const [generation, setGeneration] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  // A missing text's link in the summary: its language's fields shown, then the field focused.
  const [focusing, setFocusing] = useState<string>();
  useEffect(() => {
    if (!focusing) return;
    const field = document.getElementById(focusing);
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
    setFocusing(undefined);
  }, [focusing]);

  const load = useCallback((next: EditableContent, draftId: number | undefined) => {
    setContent(next);
    setSaved(draftId === undefined ? undefined : { id: draftId, json: JSON.stringify(next) });
    setGeneration((value) => value + 1);
  }, []);
  useEffect(() => {
    if (state.data && !content) load(state.data.content, state.data.draft?.id);
  }, [state.data, content, load]);

  const save = staffTrpc.staff.siteContent.saveDraft.useMutation({
    onSuccess: (version, sent) => {
      setSaved({ id: version.id, json: JSON.stringify(sent) });
      notifications.show({ ...DONE, message: `Draft ${version.id} saved: look at its preview below` });
      void utils.staff.siteContent.get.invalidate();
    },
  });
  const publish = staffTrpc.staff.siteContent.publish.useMutation({
    onSuccess: (version) => {
      setConfirming(false);
      notifications.show({ ...DONE, message: `Version ${version.id} is published: the site shows it now` });
      void utils.staff.siteContent.get.invalidate();
    },
  });
  const issues = issuesOf(save.error);
  const missing = content && missingTranslations(content);
  // A refused Tamil or Hindi text is shown in its language's fields: the alert says which to open.
  const refusedIn = TRANSLATED_LANGUAGES.filter((code) =>
    Object.keys(issues).some((path) => path.startsWith(`translations.${code}.`)),
  );
  const unsaved = content !== undefined && JSON.stringify(content) !== saved?.json;
  const published = state.data?.published;
  const canPublish = saved !== undefined && !unsaved && published?.id !== saved.id;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (content) save.mutate(content);
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Site content
      </Title>
      <ErrorMessage error={state.error} />
      {state.isLoading && <Loader aria-label="Loading" />}
      {state.data && (
        <Alert color="blue" variant="light" title="What the site shows">
          {published
            ? `Version ${published.id}, published ${indiaTime(published.publishedAt)} by ${published.publishedBy}.`
            : 'Its first version: nothing has been published from here yet.'}{' '}
          Save your changes as a draft, look at the preview, then publish: every page shows it within a minute.
        </Alert>
      )}
      {content && missing && (
        <MissingTranslations
          missing={missing}
          total={translatableTexts(content).length}
          onShow={(code, path) => {
            setLanguage(code);
            setFocusing(translationFieldId(code, path));
          }}
        />
      )}
      {content && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <LanguageSwitch value={language} onChange={setLanguage} />
            <ContentFields
              key={generation}
              language={language}
              content={content}
              issues={issues}
              onChange={(path, value) => setContent((current) => current && setAt(current, path, value))}
            />
            {save.error && Object.keys(issues).length === 0 && <ErrorMessage error={save.error} title="Not saved" />}
            {Object.keys(issues).length > 0 && (
              <Alert color="red" variant="light" role="alert" title="Not saved">
                Some fields need a change: see the messages under them
                {refusedIn.length > 0 &&
                  ` (in the ${refusedIn.map((code) => LANGUAGE_IN_ENGLISH[code]).join(' and ')} fields too)`}
                .
              </Alert>
            )}
            <Group gap="sm">
              <Button type="submit" loading={save.isPending} disabled={!unsaved}>
                Save draft
              </Button>
              <Button
                variant="default"
                onClick={() => state.data && load(state.data.defaults, undefined)}
                disabled={!state.data}
              >
                Start from the first version
              </Button>
              {unsaved && <Text size="sm">Changes not saved yet</Text>}
            </Group>
          </Stack>
        </form>
      )}
      {saved && <Preview id={saved.id} editing={language} />}
      {saved && published?.id !== saved.id && (
        <Card withBorder padding="sm">
          {isAdmin ? (
            <Group gap="sm">
              <Button disabled={!canPublish} onClick={() => setConfirming(true)}>
                Publish draft {saved.id}
              </Button>
              {unsaved && <Text size="sm">Save the draft first: what is published is what the preview shows.</Text>}
            </Group>
          ) : (
            <Text size="sm">An admin publishes the draft: ask one to open this page.</Text>
          )}
          <ErrorMessage error={publish.error} title="Not published" />
        </Card>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Publish draft ${saved?.id}?`}>
        <Stack gap="sm">
          <Text size="sm">
            Every page of the site shows it within a minute, on every server. The audit trail keeps what changed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button loading={publish.isPending} onClick={() => saved && publish.mutate({ id: saved.id })}>
              Publish
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
