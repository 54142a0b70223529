import {
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PURPOSES } from '../../../../shared/donation-rules';
import { GIFT_MODE_LABELS, OFFLINE_GIFT_MODES } from '../../../../shared/gift-modes';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../../shared/languages';
import { indiaToday, type OfflineGiftMode, REFERENCE_LABELS } from '../../../../shared/offline-gift.schema';
import { DateField } from '../DateField';
import { ErrorMessage } from '../ErrorMessage';
import { staffTrpc } from '../trpc';
import { GiftRecorded } from './GiftRecorded';
import { emptyGift, errorsOf, fieldsOfMode, type GiftFormValues, giftInputOf } from './gift-form';

const MODE_OPTIONS = OFFLINE_GIFT_MODES.map((mode) => ({
  value: mode,
  label: mode === 'bank-transfer' ? 'Bank transfer' : GIFT_MODE_LABELS[mode],
}));
const PURPOSE_OPTIONS = Object.entries(PURPOSES).map(([value, label]) => ({ value, label }));

/**
 * One gift received outside the website, as the office has it in hand: the mode first (it decides
 * which reference the form asks for), the donor, the amount and the day it came.
 */
export function RecordGiftForm({ isAdmin }: { isAdmin: boolean }) {
  const [values, setValues] = useState(() => emptyGift(indiaToday()));
  // A gift may name a published or closed appeal (a cheque can come after it closed), never a draft.
  const appeals = staffTrpc.staff.appeals.list.useQuery();
  const appealOptions = (appeals.data ?? [])
    .filter((appeal) => appeal.status !== 'draft')
    .map((appeal) => ({
      value: String(appeal.id),
      label: appeal.status === 'closed' ? `${appeal.title} (closed)` : appeal.title,
    }));
  const record = staffTrpc.staff.offlineGifts.record.useMutation({
    onSuccess: () => setValues((current) => ({ ...emptyGift(current.receivedOn), mode: current.mode })),
  });
  const { fields: errors, other } = errorsOf(record.error);
  const set =
    <K extends keyof GiftFormValues>(key: K) =>
    (value: GiftFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof GiftFormValues) => ({
    value: String(values[key]),
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value as never),
  });
  const date = (key: 'receivedOn' | 'instrumentDate') => ({
    value: values[key],
    error: errors[key],
    onChange: (value: string) => set(key)(value),
  });
  const shown = new Set(fieldsOfMode(values.mode));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    record.mutate(giftInputOf(values) as never);
  };
  const done = record.data;

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate aria-labelledby="record-gift-title">
      <Stack gap="sm">
        <Text id="record-gift-title" fw={700} size="lg">
          Record a gift
        </Text>
        <Chip.Group multiple={false} value={values.mode} onChange={(mode) => set('mode')(mode as OfflineGiftMode)}>
          <Group gap="xs" role="radiogroup" aria-label="How the gift came">
            {MODE_OPTIONS.map((option) => (
              <Chip key={option.value} value={option.value} type="radio">
                {option.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {values.mode === 'kind' && (
          <Text size="sm" c="dimmed">
            A gift in kind gets an acknowledgement, not a tax receipt: it gives no deduction. Enter the trust’s estimate
            of its value.
          </Text>
        )}
        {values.mode === 'cash' && (
          <Text size="sm" c="dimmed">
            Cash above ₹2,000 in one gift gives no deduction: its receipt says so, and the statement leaves it out.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Donor’s name" required name="name" {...text('name')} />
          <TextInput
            label="E-mail"
            type="email"
            name="email"
            description="The receipt is mailed here"
            {...text('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            name="phone"
            required={values.mode !== 'cash'}
            description={values.mode === 'cash' ? 'Optional for walk-in cash' : undefined}
            {...text('phone')}
          />
          <TextInput
            label={values.mode === 'kind' ? 'Estimated value (₹)' : 'Amount (₹)'}
            required
            inputMode="decimal"
            name="amount"
            {...text('amountRupees')}
          />
          <DateField label="Date received" required name="receivedOn" {...date('receivedOn')} />
          <Select
            label="Purpose"
            placeholder="General"
            data={PURPOSE_OPTIONS}
            value={values.purpose || null}
            onChange={(value) => set('purpose')(value ?? '')}
            error={errors.purpose}
            clearable
          />
          {appealOptions.length > 0 && (
            <Select
              label="Appeal (optional)"
              placeholder="None"
              data={appealOptions}
              value={values.appealId || null}
              onChange={(value) => set('appealId')(value ?? '')}
              error={errors.appealId}
              clearable
            />
          )}
          <Select
            label="Donor’s language"
            description="The receipt mail is in it; the receipt prints it beside English"
            data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            value={values.language}
            onChange={(value) => set('language')((value ?? 'en') as GiftFormValues['language'])}
            allowDeselect={false}
            error={errors.language}
          />
          <Select
            label="In memory or in honour of someone?"
            data={[
              { value: 'none', label: 'No' },
              { value: 'memory', label: 'In memory of' },
              { value: 'honour', label: 'In honour of' },
            ]}
            value={values.tributeKind || 'none'}
            onChange={(value) =>
              set('tributeKind')((value === 'none' || !value ? '' : value) as GiftFormValues['tributeKind'])
            }
            allowDeselect={false}
            error={errors.tributeKind}
          />
          {values.tributeKind && (
            <>
              <Select
                label="A person or an animal"
                data={[
                  { value: 'person', label: 'A person' },
                  { value: 'animal', label: 'An animal' },
                ]}
                value={values.tributeOf}
                onChange={(value) => set('tributeOf')((value ?? 'person') as GiftFormValues['tributeOf'])}
                allowDeselect={false}
              />
              <TextInput label="Name of the person or animal" required {...text('tributeName')} />
              <TextInput label="Message (optional)" description="Printed on the receipt" {...text('tributeMessage')} />
            </>
          )}
          {shown.has('reference') && (
            <TextInput
              label={REFERENCE_LABELS[values.mode]}
              name="reference"
              required={values.mode !== 'cash'}
              {...text('reference')}
            />
          )}
          {shown.has('bank') && (
            <TextInput label="Bank" name="bank" required={values.mode !== 'bank-transfer'} {...text('bank')} />
          )}
          {shown.has('instrumentDate') && (
            <DateField
              label={values.mode === 'cheque' ? 'Date on the cheque' : 'Date on the draft'}
              required
              name="instrumentDate"
              {...date('instrumentDate')}
            />
          )}
        </SimpleGrid>
        {shown.has('kindDescription') && (
          <Textarea label="What was given" required autosize minRows={2} {...text('kindDescription')} />
        )}
        {values.mode !== 'kind' && (
          <Checkbox
            label="The donor wants a receipt with PAN or Aadhaar (for the deduction)"
            checked={values.wants80g}
            onChange={(event) => set('wants80g')(event.currentTarget.checked)}
          />
        )}
        {values.wants80g && values.mode !== 'kind' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="ID"
              data={[
                { value: 'pan', label: 'PAN' },
                { value: 'aadhaar', label: 'Aadhaar' },
              ]}
              value={values.idKind}
              onChange={(value) => set('idKind')((value as 'pan' | 'aadhaar') ?? 'pan')}
              allowDeselect={false}
            />
            <TextInput label={values.idKind === 'pan' ? 'PAN' : 'Aadhaar number'} required {...text('idNumber')} />
            <Textarea label="Postal address" required autosize minRows={2} {...text('address')} />
          </SimpleGrid>
        )}
        {isAdmin && (
          <Checkbox
            label="Record it in a closed year (the year’s statement is due or filed: revise it)"
            checked={values.allowClosedYear}
            onChange={(event) => set('allowClosedYear')(event.currentTarget.checked)}
          />
        )}
        {other && <ErrorMessage error={other} title="Not recorded" />}
        {Object.keys(errors).length > 0 && (
          <Text c="red.8" size="sm" role="alert">
            Not recorded: correct the fields marked above.
          </Text>
        )}
        {done && !record.error && <GiftRecorded done={done} />}
        <Group>
          <Button type="submit" loading={record.isPending}>
            Record the gift and issue its receipt
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
