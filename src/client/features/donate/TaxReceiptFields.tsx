import { Alert, Checkbox, Group, InputBase, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { deductionName, taxLawOn } from '../../../shared/tax-law';
import { useSiteContent } from '../../site-content-context';
import type { TaxReceiptValues } from './tax-receipt-values';

/** The law in force today (when the page was built or loaded); each receipt follows its own gift's date. */
const DEDUCTION_NOTICE = `To claim a deduction under ${deductionName(taxLawOn(new Date()))}`;

type TaxReceiptErrors = Partial<Record<'pan' | 'aadhaar' | 'address', string>>;

interface TaxReceiptFieldsProps {
  values: TaxReceiptValues;
  errors: TaxReceiptErrors;
  onChange: (patch: Partial<TaxReceiptValues>) => void;
}

/** Mantine's dimmed grey (gray 6) is 3.3:1 on white, below WCAG AA; gray 7 is 7:1. */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * Upper-cases the PAN as it is typed. Writing the input's value moves the caret to the end, so it
 * is put back where it was: a donor correcting one letter mid-way is not thrown to the end.
 */
function upperCased(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.currentTarget;
  const { selectionStart, selectionEnd } = input;
  input.value = input.value.toUpperCase();
  input.setSelectionRange(selectionStart, selectionEnd);
  return input.value;
}

/**
 * The optional 80G details: a checkbox, and only once it is ticked the ID number, the postal
 * address and why they are asked for (the Digital Personal Data Protection Act 2023 wants the
 * purpose and how long they are kept said plainly before they are given).
 */
export function TaxReceiptFields({ values, errors, onChange }: TaxReceiptFieldsProps) {
  const { contact } = useSiteContent();
  return (
    <Stack gap="sm">
      <Checkbox
        label="I want an 80G tax receipt"
        description={DEDUCTION_NOTICE}
        styles={READABLE_DESCRIPTION}
        checked={values.wants80g}
        onChange={(event) => onChange({ wants80g: event.currentTarget.checked })}
      />
      {values.wants80g ? (
        <Stack gap="sm" pl={{ base: 0, xs: 'lg' }}>
          <Alert role="note" color="brand" variant="light" p="sm" title="Why we ask for these">
            <Text size="sm">
              We report your gift, with your PAN or Aadhaar and address, to the Income-tax Department: that report is
              what gives you your deduction. We use them for nothing else, keep your ID number encrypted, and keep them
              for eight years, as the tax law requires. To see or correct them, or with any concern, write to{' '}
              {contact.email}.
            </Text>
          </Alert>
          <Radio.Group
            label="Your ID number"
            description="Your deduction needs one of them; without it, the receipt is only an acknowledgement."
            styles={READABLE_DESCRIPTION}
            value={values.idKind}
            onChange={(value) => onChange({ idKind: value === 'aadhaar' ? 'aadhaar' : 'pan' })}
          >
            <Group mt="xs">
              <Radio value="pan" label="PAN" />
              <Radio value="aadhaar" label="Aadhaar (if you have no PAN)" />
            </Group>
          </Radio.Group>
          {values.idKind === 'pan' ? (
            <TextInput
              label="Your PAN"
              placeholder="ABCDE1234F"
              maxLength={10}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              value={values.pan}
              onChange={(event) => onChange({ pan: upperCased(event) })}
              error={errors.pan}
            />
          ) : (
            <TextInput
              label="Your Aadhaar number"
              placeholder="12 digits"
              inputMode="numeric"
              maxLength={14}
              autoComplete="off"
              value={values.aadhaar}
              onChange={(event) => onChange({ aadhaar: event.currentTarget.value })}
              error={errors.aadhaar}
            />
          )}
          {/* InputBase as a textarea: Mantine's Textarea would bring its autosize code into the chunk. */}
          <InputBase
            component="textarea"
            multiline
            label="Postal address"
            withAsterisk
            aria-required
            autoComplete="street-address"
            rows={3}
            value={values.address}
            onChange={(event) => onChange({ address: event.currentTarget.value })}
            error={errors.address}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
