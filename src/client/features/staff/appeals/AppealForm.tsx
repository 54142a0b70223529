import { Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  APPEAL_PURPOSE_CLASS_LABELS,
  APPEAL_PURPOSE_CLASSES,
  DEFAULT_BEYOND_GOAL,
} from '../../../../shared/appeals.schema';
import { ErrorMessage } from '../ErrorMessage';
import { ImageUploadField } from '../images/ImageUploadField';
import { AppealPhotosField } from './AppealPhotosField';
import { type AppealFormValues, formFieldOf } from './appeal-form';

/** The server's 400 answer as one message per form field (its `issues`, shaped by the tRPC error formatter). */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  fieldOf: (path: string) => Field,
): Partial<Record<Field, string>> {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

/**
 * An appeal as staff write it: title, the animal's story (plain paragraphs), the goal in rupees, an
 * optional end date, the statement's class, where money beyond the goal goes, photos, a video and
 * the vet's bill. The same form creates and edits; the server checks everything again.
 */
export function AppealForm({
  initial,
  submitLabel,
  saving,
  error,
  onSave,
}: {
  initial: AppealFormValues;
  submitLabel: string;
  saving: boolean;
  error: unknown;
  onSave: (values: AppealFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const set =
    <Field extends keyof AppealFormValues>(field: Field) =>
    (value: AppealFormValues[Field]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const text = (field: 'title' | 'story' | 'goalRupees' | 'endsOn' | 'beyondGoal' | 'videoUrl') => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  });
  const errors = fieldErrorsOf(error, formFieldOf);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(values);
  };
  const label = (field: keyof AppealFormValues, what: string) =>
    errors[field] ? `${what} ${errors[field]}` : undefined;

  return (
    <Card withBorder padding="sm" component="form" onSubmit={submit} noValidate aria-label="Appeal">
      <Stack gap="sm">
        <TextInput
          label="Title"
          description="What the link preview and the page say first, e.g. “Bruno was hit by a truck”"
          required
          maxLength={120}
          {...text('title')}
          error={label('title', 'Title')}
        />
        <Textarea
          label="The animal’s story"
          description="Plain text: leave an empty line between paragraphs. No HTML."
          required
          autosize
          minRows={6}
          {...text('story')}
          error={label('story', 'Story')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Goal (₹)"
            required
            inputMode="decimal"
            {...text('goalRupees')}
            error={label('goalRupees', 'Goal')}
          />
          <TextInput
            label="Last day of the appeal"
            description="Optional; gifts are taken until the end of this day (India time)"
            type="date"
            {...text('endsOn')}
            error={label('endsOn', 'End date')}
          />
          <Select
            label="Annual statement class"
            description="How its gifts are reported"
            data={APPEAL_PURPOSE_CLASSES.map((value) => ({ value, label: APPEAL_PURPOSE_CLASS_LABELS[value] }))}
            value={values.purposeClass}
            onChange={(value) => value && set('purposeClass')(value as AppealFormValues['purposeClass'])}
            allowDeselect={false}
            error={label('purposeClass', 'Class')}
          />
        </SimpleGrid>
        <TextInput
          label="Where money beyond the goal goes"
          description={`Left empty, the page says: “${DEFAULT_BEYOND_GOAL}”`}
          maxLength={500}
          {...text('beyondGoal')}
          error={label('beyondGoal', 'This')}
        />
        <AppealPhotosField
          value={values.photoImageIds}
          onChange={set('photoImageIds')}
          error={label('photoImageIds', 'Photos')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Video (optional)"
            description="A YouTube or Vimeo address"
            type="url"
            {...text('videoUrl')}
            error={label('videoUrl', 'Video')}
          />
          <ImageUploadField
            label="The vet’s bill or estimate (optional)"
            description="A photo donors can check"
            value={values.vetBillImageId}
            onChange={(id) => set('vetBillImageId')(id)}
            error={label('vetBillImageId', 'Bill')}
          />
        </SimpleGrid>
        {Boolean(error) && Object.keys(errors).length === 0 && <ErrorMessage error={error} title="Not saved" />}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
