import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApplicationKind } from '../../../shared/applications';
import { useLanguage, useLocalizedHref, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { TextField } from '../donate/fields';
import { AdoptFields } from './AdoptFields';
import { submitApplication } from './application-api';
import { CheckField } from './apply-fields';
import { type ApplyValues, formInput, INITIAL } from './form-values';
import { FosterFields, PartnerFields, VolunteerFields } from './KindFields';
import { type FieldErrors, fieldMessage, validateApplication } from './validate-application';

/** Off-screen rather than display:none, which bots recognise and skip (as the donate form's). */
const HONEYPOT_STYLE = { position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' } as const;

const REFUSALS = {
  wait: 'apply_refused_wait',
  unreachable: 'apply_refused_unreachable',
} as const;

interface ApplicationFormProps {
  kind: ApplicationKind;
  /** The adoption's named animal (its slug), while it is still looking for a home. */
  animal?: string;
  /** The server found the named animal no longer adoptable: the page says so and offers the others. */
  onAnimalGone?: () => void;
}

/**
 * One form for the four kinds: who applies (name, e-mail, mobile), the kind's own questions, the
 * privacy consent; checked with the shared schema before it is sent (the server checks the same),
 * each field's first problem under it in the page's language, the focus on the first one.
 */
export function ApplicationForm({ kind, animal, onAnimalGone }: ApplicationFormProps) {
  const t = useMessages();
  const language = useLanguage();
  const href = useLocalizedHref();
  const { contact } = useSiteContent();
  const [values, setValues] = useState<ApplyValues>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<keyof typeof REFUSALS | 'failed' | null>(null);
  const [received, setReceived] = useState<{ id: number; email: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLElement>(null);

  const set = <K extends keyof ApplyValues>(key: K, value: ApplyValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // After a refused submit, the first field with a problem takes the focus (a phone scrolls to it).
  const [focusFirstError, setFocusFirstError] = useState(0);
  useEffect(() => {
    if (focusFirstError) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);
  useEffect(() => {
    if (received) thanks.current?.focus();
  }, [received]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setRefused(null);
    const checked = validateApplication(kind, formInput(kind, values, language, animal), t, language);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setFocusFirstError((n) => n + 1);
      return;
    }
    setSending(true);
    const outcome = await submitApplication(checked.data);
    setSending(false);
    if (outcome.kind === 'received') {
      setReceived({ id: outcome.id, email: checked.data.email });
      setValues(INITIAL);
      setErrors({});
      return;
    }
    if (outcome.kind === 'refused') {
      setRefused(outcome.reason);
      return;
    }
    const serverErrors: FieldErrors = {};
    for (const issue of outcome.issues) {
      const field = issue.path.split('.')[0] as keyof FieldErrors;
      serverErrors[field] ??= fieldMessage(field, { code: 'custom', message: issue.message }, t, language);
    }
    if (serverErrors.animal) onAnimalGone?.();
    setErrors(serverErrors);
    setFocusFirstError((n) => n + 1);
  }

  if (received) {
    return (
      <section ref={thanks} tabIndex={-1} aria-labelledby="apply-thanks-title" className="thank-you" role="status">
        <h2 id="apply-thanks-title">{t('apply_thanks_title')}</h2>
        <p>{t('apply_thanks_body', { id: String(received.id), email: received.email })}</p>
        <div className="button-row">
          <button type="button" className="btn btn-outline" onClick={() => setReceived(null)}>
            {t('apply_thanks_another')}
          </button>
        </div>
      </section>
    );
  }

  const hasErrors = Object.values(errors).some(Boolean);
  const kindProps = { values, errors, set };
  return (
    <section className="panel panel-form" aria-labelledby="apply-form-title">
      <h2 id="apply-form-title" className="panel-title form-heading">
        {t('apply_form_title')}
      </h2>
      <form ref={form} noValidate onSubmit={onSubmit} aria-labelledby="apply-form-title">
        <div className="stack" style={{ marginTop: '1rem' }}>
          {hasErrors ? (
            <p className="text-alert" role="alert" style={{ margin: 0 }}>
              {errors.animal ?? t('apply_fix_fields')}
            </p>
          ) : null}
          {kind === 'adopt' ? <AdoptFields {...kindProps} askSpecies={!animal} /> : null}
          {kind === 'foster' ? <FosterFields {...kindProps} /> : null}
          {kind === 'volunteer' ? <VolunteerFields {...kindProps} /> : null}
          {kind === 'partner' ? <PartnerFields {...kindProps} /> : null}

          <h3 className="panel-title-sm apply-subtitle">{t('apply_about_you')}</h3>
          <TextField
            label={t('apply_name')}
            withAsterisk
            aria-required
            autoComplete="name"
            maxLength={100}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
          />
          <TextField
            label={t('apply_email')}
            withAsterisk
            aria-required
            type="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <TextField
            label={t('apply_phone')}
            description={t('apply_phone_hint')}
            withAsterisk
            aria-required
            type="tel"
            autoComplete="tel"
            maxLength={15}
            value={values.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
            error={errors.phone}
          />
          <CheckField
            label={t('apply_consent')}
            checked={values.consent}
            onChange={(checked) => set('consent', checked)}
            error={errors.consent}
            after={
              <p className="field-description" style={{ margin: '0.25rem 0 0' }}>
                <a href={href('/privacy')} target="_blank" rel="noopener">
                  {t('apply_privacy_link')}
                </a>
              </p>
            }
          />

          {/* People never see or reach this field; form-filling bots fill it, and their application is stored nowhere. */}
          <div aria-hidden="true" style={HONEYPOT_STYLE} data-testid="honeypot">
            <label>
              Website
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(event) => set('website', event.currentTarget.value)}
              />
            </label>
          </div>

          {refused ? (
            <p className="text-alert" role="alert" style={{ margin: 0 }}>
              {refused === 'failed' ? t('apply_refused_failed', { email: contact.email }) : t(REFUSALS[refused])}
            </p>
          ) : null}
          <button type="submit" className="btn btn-filled btn-lg btn-block" disabled={sending}>
            {sending ? t('apply_sending') : t('apply_submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
