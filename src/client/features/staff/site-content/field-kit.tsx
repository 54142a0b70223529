/**
 * The site content form's parts: one call per field (`useField`: a line, a long text, a list, in
 * English or beside its English text in Tamil or Hindi), the list boxes, the rows of two fields and
 * the sections they sit in.
 */
import { ActionIcon, Box, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../../../shared/languages';
import type { EditableContent, TranslatedLanguage } from '../../../../shared/site-content';
import { getAt, type Issues, linesOf, type Path, paragraphsOf } from './content-paths';
import { TranslatedField } from './translations';

export interface FieldsProps {
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
export function useField({ content, issues, onChange, language }: FieldsProps) {
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
export function PairList<K extends string>(props: {
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

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}
