import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/languages';
import type { EditableContent } from '../../../../shared/site-content';
import {
  missingTranslations,
  TRANSLATED_LANGUAGES,
  translatableTexts,
} from '../../../../shared/site-content-languages';
import { ErrorMessage } from '../ErrorMessage';
import { indiaTime } from '../format';
import { PosterButton } from '../posters/PosterButton';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { ContentFields } from './ContentFields';
import { issuesOf, setAt } from './content-paths';
import { Preview } from './Preview';
import { LANGUAGE_IN_ENGLISH, LanguageSwitch, MissingTranslations, translationFieldId } from './translations';

/** A notice that something was done; its close button named, for screen readers. */
const DONE = { color: 'green', closeButtonProps: { 'aria-label': 'Close the notice' } };

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
      <Group justify="space-between">
        <Title order={1} size="h2">
          Site content
        </Title>
        {/* The donate page's poster prints what is published (its heading and what gifts do), not a draft. */}
        <PosterButton href="/staff/api/posters/donate.pdf" of="the donate page (as published)" />
      </Group>
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
