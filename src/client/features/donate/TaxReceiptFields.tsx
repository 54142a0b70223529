import type { ChangeEvent } from 'react';
import { deductionName, taxLawOn } from '../../../shared/tax-law';
import { useSiteContent } from '../../site-content-context';
import { CheckboxField, Note, RadioGroup, TextAreaField, TextField } from './fields';
import type { TaxReceiptValues } from './tax-receipt-values';

/** The law in force today (when the page was built or loaded); each receipt follows its own gift's date. */
const DEDUCTION_NOTICE = `To claim a deduction under ${deductionName(taxLawOn(new Date()))}`;

type TaxReceiptErrors = Partial<Record<'pan' | 'aadhaar' | 'address', string>>;

interface TaxReceiptFieldsProps {
  values: TaxReceiptValues;
  errors: TaxReceiptErrors;
  onChange: (patch: Partial<TaxReceiptValues>) => void;
}

const ID_KINDS = [
  { value: 'pan', label: 'PAN' },
  { value: 'aadhaar', label: 'Aadhaar (if you have no PAN)' },
] as const;

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
    <div className="stack stack-sm">
      <CheckboxField
        label="I want an 80G tax receipt"
        description={DEDUCTION_NOTICE}
        checked={values.wants80g}
        onChange={(checked) => onChange({ wants80g: checked })}
      />
      {values.wants80g ? (
        <div className="stack stack-sm indented">
          <Note title="Why we ask for these">
            <p>
              We report your gift, with your PAN or Aadhaar and address, to the Income-tax Department: that report is
              what gives you your deduction. We use them for nothing else, keep your ID number encrypted, and keep them
              for eight years, as the tax law requires. To see or correct them, or with any concern, write to{' '}
              {contact.email}.
            </p>
          </Note>
          <RadioGroup
            label="Your ID number"
            description="Your deduction needs one of them; without it, the receipt is only an acknowledgement."
            value={values.idKind}
            options={ID_KINDS}
            onChange={(value) => onChange({ idKind: value === 'aadhaar' ? 'aadhaar' : 'pan' })}
          />
          {values.idKind === 'pan' ? (
            <TextField
              key="pan"
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
            <TextField
              key="aadhaar"
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
          <TextAreaField
            label="Postal address"
            withAsterisk
            aria-required
            autoComplete="street-address"
            rows={3}
            value={values.address}
            onChange={(event) => onChange({ address: event.currentTarget.value })}
            error={errors.address}
          />
        </div>
      ) : null}
    </div>
  );
}
