import { type FormEvent, startTransition, useEffect, useRef, useState } from 'react';
import type { VerifyPaymentOutput } from '../../../shared/donation.schema';
import { DONATION_TYPES } from '../../../shared/donation-states';
import { formatRupees } from '../../../shared/rupees';
import { useLanguage, useMessages } from '../../i18n';
import { AmountPicker } from './AmountPicker';
import { type AmountChoice, customRupeesToPaise } from './amounts';
import { carryOnLanguageSwitch, takeCarriedForm } from './carry-form';
import type { DonationApi } from './donation-api';
import { CheckboxField, RadioGroup, SelectField, TextField } from './fields';
import { type FormValues, INITIAL, purposeKeys, purposeOf } from './form-values';
import { prefillFromUrl } from './prefill-from-url';
import { ShareDonateLink } from './ShareDonateLink';
import { TaxReceiptFields } from './TaxReceiptFields';
import { ThankYouPanel } from './ThankYouPanel';
import { NO_TAX_RECEIPT, type TaxReceiptValues, taxReceiptInput } from './tax-receipt-values';
import { useToast } from './toast';
import { useDonationCheckout } from './use-donation-checkout';
import type { FieldErrors } from './validate-donation';
import { loadValidation } from './validation';

// Over 250 lines on purpose: the form's state, its submit and its fields stay one component. The
// form's parts are their own modules (the amounts, the 80G fields, the fields' markup, the checkout,
// the values); what is left reads and writes the same dozen pieces of state. Split into a hook and
// a view, each piece is named twice more in the donate page's first-load script (measured: +360 B,
// +60 B gzip), which this page's chunk is tuned against (docs/architecture.md, vite.config.ts).

/** Off-screen rather than display:none, which bots recognise and skip. */
const HONEYPOT_STYLE = { position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' } as const;

/** UPI is UPI in every language; the others are messages. */
const PAYMENT_METHODS = [
  'donate_method_credit_card',
  'donate_method_debit_card',
  'donate_method_net_banking',
  'donate_method_wallets',
] as const;

/** The appeal a gift goes to, when the form is on an appeal's page. */
export interface ChosenAppeal {
  id: number;
  title: string;
}

interface DonateFormProps {
  api: DonationApi;
  /** The appeal chosen (an appeal's page): the gift goes to it unless the donor picks the general fund. */
  appeal?: ChosenAppeal;
  /** The page the share link passes on, and the words before it (default: /donate and the site's text). */
  share?: { path: string; text: string };
}

export function DonateForm({ api, appeal, share }: DonateFormProps) {
  const t = useMessages();
  const language = useLanguage();
  const toast = useToast();
  const [values, setValues] = useState<FormValues>(INITIAL);
  const [givingTo, setGivingTo] = useState<ChosenAppeal | null>(appeal ?? null);
  // A sponsor's gift from an animal's page (its link fills the form): sent as `animal`, monthly at its amount.
  const [sponsoring, setSponsoring] = useState<{ slug: string; name: string } | null>(null);
  const [choice, setChoice] = useState<AmountChoice>(null);
  const [taxReceipt, setTaxReceipt] = useState<TaxReceiptValues>(NO_TAX_RECEIPT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [thanked, setThanked] = useState<Pick<VerifyPaymentOutput, 'receipt'> | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // The page is prerendered without a query: a link's values (a failed payment's e-mail) apply after
  // hydration. Only when there are some, and as a transition: re-rendering the whole form at once
  // right after hydration was a long task on a slow phone, for most visitors to change nothing.
  useEffect(() => {
    const carried = takeCarriedForm();
    if (carried) {
      // The same form in another language (the language switch): what the donor had typed, as it was.
      startTransition(() => {
        setValues({
          ...INITIAL,
          ...carried.values,
          donationType: DONATION_TYPES.find((type) => type === carried.values.donationType) ?? 'one-time',
          purpose: purposeOf(carried.values.purpose),
        });
        setChoice(carried.choice);
        setTaxReceipt({ ...NO_TAX_RECEIPT, ...carried.taxReceipt });
        if (carried.generalFund) setGivingTo(null);
      });
      return;
    }
    const { choice: linked, sponsoring: animal, ...fields } = prefillFromUrl(window.location.search);
    if (!linked && !animal && Object.keys(fields).length === 0) return;
    startTransition(() => {
      if (linked) setChoice(linked);
      if (animal) setSponsoring(animal);
      setValues((v) => ({ ...v, ...fields }));
    });
  }, []);

  // What the form holds now, for the language switch to carry to the other language's form.
  const latest = useRef({ values, choice, taxReceipt, generalFund: givingTo === null && appeal !== undefined });
  latest.current = { values, choice, taxReceipt, generalFund: givingTo === null && appeal !== undefined };
  useEffect(() => carryOnLanguageSwitch(() => latest.current), []);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(key === 'customAmount' ? { amount: undefined } : {}) }));
  };
  const choose = (next: AmountChoice) => {
    setChoice(next);
    setErrors((e) => ({ ...e, amount: undefined }));
  };

  const changeTaxReceipt = (patch: Partial<TaxReceiptValues>) => {
    setTaxReceipt((v) => ({ ...v, ...patch }));
    // Typing clears its own field's message; switching the ID or unticking clears all three.
    const stale = 'wants80g' in patch || 'idKind' in patch ? ['pan', 'aadhaar', 'address'] : Object.keys(patch);
    setErrors((e) => ({ ...e, ...Object.fromEntries(stale.map((key) => [key, undefined])) }));
  };

  const { processing, checkout } = useDonationCheckout(api, {
    onPaid: ({ receipt }) => {
      setValues(INITIAL);
      setChoice(null);
      setTaxReceipt(NO_TAX_RECEIPT);
      setErrors({});
      setThanked({ receipt });
    },
  });
  const closeThanks = () => {
    setThanked(null);
    // The panel had the focus: hand it to the form rather than lose it to the page's start.
    title.current?.focus();
  };

  // Set while a submit waits for the validation chunk: a second submit meanwhile is ignored, as while processing.
  const submitting = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing || submitting.current) return;
    setThanked(null);
    let amount = choice?.kind === 'preset' ? choice.paise : 0;
    if (choice?.kind === 'other') {
      const paise = customRupeesToPaise(values.customAmount);
      if (paise === null) {
        toast('invalidAmount');
        return;
      }
      amount = paise;
    }
    submitting.current = true;
    try {
      // Usually fetched since the donor first focused the form; a submit before that waits for it.
      const validation = await loadValidation().catch(() => undefined);
      if (!validation) {
        // Offline: nothing was sent, and the next submit tries the chunk again.
        toast('createFailed');
        return;
      }
      const validated = validation.validateDonation(
        {
          ...values,
          amount,
          customAmount: choice?.kind === 'other' ? values.customAmount : undefined,
          ...taxReceiptInput(taxReceipt),
          ...(givingTo ? { appealId: givingTo.id } : {}),
          ...(sponsoring && values.donationType === 'monthly' ? { animal: sponsoring.slug } : {}),
          language,
        },
        t,
        language,
      );
      if ('errors' in validated) setErrors(validated.errors);
      else await checkout(validated.data);
    } finally {
      submitting.current = false;
    }
  }

  return (
    <section className="panel panel-form" aria-labelledby="donate-form-title">
      <h2 id="donate-form-title" className="panel-title form-heading" ref={title} tabIndex={-1}>
        {t('donate_form_title')}
      </h2>
      {thanked ? <ThankYouPanel receipt={thanked.receipt} onClose={closeThanks} /> : null}
      <form noValidate onSubmit={onSubmit}>
        <div className="stack" style={{ marginTop: '1rem' }}>
          {appeal ? (
            <div data-testid="giving-to">
              {givingTo ? <input type="hidden" name="appealId" value={givingTo.id} /> : null}
              <p style={{ margin: 0, fontWeight: 500 }}>
                {`${t('donate_giving_to')} `}
                <strong>{givingTo ? givingTo.title : t('donate_general_fund')}</strong>
              </p>
              <button type="button" className="btn-link" onClick={() => setGivingTo(givingTo ? null : appeal)}>
                {givingTo ? t('donate_to_general_instead') : t('donate_to_appeal_instead', { title: appeal.title })}
              </button>
            </div>
          ) : null}
          {sponsoring && values.donationType === 'monthly' ? (
            <p data-testid="sponsoring" style={{ margin: 0, fontWeight: 600 }}>
              {t('donate_sponsoring', {
                name: sponsoring.name,
                amount: formatRupees(
                  choice?.kind === 'preset' ? choice.paise : (customRupeesToPaise(values.customAmount) ?? 0),
                ),
              })}
            </p>
          ) : null}
          <RadioGroup
            label={t('donate_type')}
            value={values.donationType}
            options={[
              { value: 'one-time', label: t('donate_type_one_time') },
              { value: 'monthly', label: t('donate_type_monthly') },
            ]}
            onChange={(value) => set('donationType', DONATION_TYPES.find((type) => type === value) ?? 'one-time')}
          />

          <AmountPicker
            choice={choice}
            customAmount={values.customAmount}
            error={errors.amount}
            onChoose={choose}
            onCustomAmount={(value) => set('customAmount', value)}
          />

          <TextField
            label={t('donate_name')}
            withAsterisk
            aria-required
            autoComplete="name"
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
          />
          <TextField
            label={t('donate_email')}
            withAsterisk
            aria-required
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <TextField
            label={t('donate_phone')}
            withAsterisk
            aria-required
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
            error={errors.phone}
          />
          <SelectField
            label={t('donate_purpose')}
            data={purposeKeys.map((value) => ({ value, label: t(`donate_purpose_${value}`) }))}
            value={values.purpose}
            onChange={(event) => set('purpose', purposeOf(event.currentTarget.value))}
            error={errors.purpose}
          />

          <TaxReceiptFields values={taxReceipt} errors={errors} onChange={changeTaxReceipt} />

          <CheckboxField
            label={t('donate_news_consent')}
            description={t('donate_news_consent_hint')}
            checked={values.newsConsent}
            onChange={(checked) => set('newsConsent', checked)}
          />

          {/* People never see or reach this field; form-filling bots fill it, and their call creates nothing. */}
          <div aria-hidden="true" style={HONEYPOT_STYLE} data-testid="honeypot">
            <label>
              Website
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={values.website ?? ''}
                onChange={(event) => set('website', event.currentTarget.value)}
              />
            </label>
          </div>

          <div>
            <p className="field-label" style={{ margin: 0 }} id="payment-methods-label">
              {t('donate_payment_methods')}
            </p>
            <ul aria-labelledby="payment-methods-label" className="payment-methods">
              <li>UPI</li>
              {PAYMENT_METHODS.map((method) => (
                <li key={method}>{t(method)}</li>
              ))}
            </ul>
          </div>

          <button type="submit" className="btn btn-filled btn-lg btn-block" disabled={processing}>
            {processing ? t('donate_processing') : t('donate_submit')}
          </button>

          <ShareDonateLink {...share} />
        </div>
      </form>
    </section>
  );
}
