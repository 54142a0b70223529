import type { ChangeEvent } from 'react';
import { taxLawOn } from '../../../shared/tax-law';
import { useLocalizedHref, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { CheckboxField, Note, RadioGroup, TextAreaField, TextField } from './fields';
import type { TaxReceiptValues } from './tax-receipt-values';

type TaxReceiptErrors = Partial<Record<'pan' | 'aadhaar' | 'address', string>>;

interface TaxReceiptFieldsProps {
  values: TaxReceiptValues;
  errors: TaxReceiptErrors;
  onChange: (patch: Partial<TaxReceiptValues>) => void;
}

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
  const t = useMessages();
  const href = useLocalizedHref();
  // The law in force today (when the page was rendered or loaded); each receipt follows its own gift's date.
  const law = taxLawOn(new Date());
  const year = law.act.match(/\d{4}/)?.[0] ?? '';
  return (
    <div className="stack stack-sm">
      <CheckboxField
        label={t('donate_80g_checkbox')}
        description={t('donate_80g_notice', { section: law.deductionSection, year })}
        checked={values.wants80g}
        onChange={(checked) => onChange({ wants80g: checked })}
      />
      {values.wants80g ? (
        <div className="stack stack-sm indented">
          <Note title={t('donate_why_title')}>
            <p>{t('donate_why_text', { email: contact.email })}</p>
            <p>
              {/* A new tab: the form keeps what the donor has typed. */}
              <a href={href('/privacy')} target="_blank" rel="noopener">
                {t('donate_privacy_notice_link')}
              </a>
            </p>
          </Note>
          <RadioGroup
            label={t('donate_id_kind')}
            description={t('donate_id_kind_hint')}
            value={values.idKind}
            options={[
              { value: 'pan', label: t('donate_id_pan') },
              { value: 'aadhaar', label: t('donate_id_aadhaar') },
            ]}
            onChange={(value) => onChange({ idKind: value === 'aadhaar' ? 'aadhaar' : 'pan' })}
          />
          {values.idKind === 'pan' ? (
            <TextField
              key="pan"
              label={t('donate_pan')}
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
              label={t('donate_aadhaar')}
              placeholder={t('donate_aadhaar_placeholder')}
              inputMode="numeric"
              maxLength={14}
              autoComplete="off"
              value={values.aadhaar}
              onChange={(event) => onChange({ aadhaar: event.currentTarget.value })}
              error={errors.aadhaar}
            />
          )}
          <TextAreaField
            label={t('donate_address')}
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
