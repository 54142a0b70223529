import { Button, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLanguage, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { ConfirmStep } from './ConfirmStep';
import { type DonorClient, type DonorMonthlyGift, failureMessage } from './donor-api';
import { formatDay, formatRupees } from './format';
import { Notice } from './Notice';
import { authoriseNewMandate } from './new-mandate-checkout';
import { WRAPPING_BUTTON } from './wrapping-button';

type Step = 'amount' | 'cancel-end' | 'cancel-now' | null;
type Said = { tone: 'done' | 'error'; title: string; text: string } | null;

/**
 * What a donor may do with one monthly gift, by what Razorpay allows (the server says which, per
 * gift): change the amount from the next payment (a UPI mandate's through a new mandate, said before
 * they start), pause or resume, cancel at the end of the month paid or now (each after a confirm
 * step), use another card or UPI account (a new mandate). Every answer is said on the card.
 */
export function MonthlyGiftActions({
  gift,
  client,
  reload,
}: {
  gift: DonorMonthlyGift;
  client: DonorClient;
  reload: () => Promise<void>;
}) {
  const t = useMessages();
  const language = useLanguage();
  const { trust, meta } = useSiteContent();
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const [rupeesTyped, setRupeesTyped] = useState<string | number>('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const rupees = formatRupees(gift.amount);

  /** Runs one call; what it answers is said, the list read again; a refusal is said in the page's language. */
  async function act(call: () => Promise<Said>) {
    setBusy(true);
    setSaid(null);
    try {
      const answer = await call();
      setStep(null);
      await reload();
      setSaid(answer);
    } catch (failure) {
      setSaid({ tone: 'error', title: t('giving_action_failed'), text: failureMessage(failure, language, t) });
    } finally {
      setBusy(false);
    }
  }

  /** A new mandate started on the server, authorised in Razorpay's checkout; the old one then ends with its month. */
  async function authorise(created: Parameters<typeof authoriseNewMandate>[0]): Promise<Said> {
    const outcome = await authoriseNewMandate(created, {
      name: trust.name,
      description: t('giving_new_mandate_checkout'),
      themeColor: meta.themeColor,
    });
    if (outcome === 'dismissed')
      return { tone: 'error', title: t('giving_action_failed'), text: t('giving_new_mandate_dismissed') };
    await client.donor.confirmNewMandate.mutate();
    return { tone: 'done', title: t('giving_new_mandate_done_title'), text: t('giving_new_mandate_done_text') };
  }

  function changeAmount() {
    const value = Number(rupeesTyped);
    if (!Number.isInteger(value) || value < 1) {
      setAmountError(t('giving_amount_invalid'));
      return;
    }
    setAmountError(null);
    return act(async () => {
      const answer = await client.donor.changeMonthlyAmount.mutate({ subscriptionId: gift.id, amount: value * 100 });
      if (answer.path === 'new_mandate') return authorise(answer.newMandate);
      const date = answer.from ? formatDay(answer.from, language) : '';
      return {
        tone: 'done',
        title: t('giving_amount_changed_title'),
        text: t('giving_amount_changed_text', { rupees: formatRupees(answer.amount), date }),
      };
    });
  }

  const subscriptionId = gift.id;
  return (
    <Stack gap="xs" mt="sm">
      {gift.canChangeAmount && step !== 'amount' ? (
        <Button variant="light" onClick={() => setStep('amount')} styles={WRAPPING_BUTTON}>
          {t('giving_amount_submit')}
        </Button>
      ) : null}
      {gift.canChangeAmount && step === 'amount' ? (
        <Stack gap="xs">
          <NumberInput
            label={t('giving_amount_label')}
            value={rupeesTyped}
            onChange={setRupeesTyped}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            inputMode="numeric"
            error={amountError}
          />
          <Text size="sm">
            {gift.amountNeedsNewMandate ? t('giving_amount_note_upi') : t('giving_amount_note_card')}
          </Text>
          <Button loading={busy} onClick={changeAmount} styles={WRAPPING_BUTTON}>
            {t('giving_amount_submit')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => setStep(null)} styles={WRAPPING_BUTTON}>
            {t('giving_monthly_confirm_back')}
          </Button>
        </Stack>
      ) : null}
      {gift.canPause && step === null ? (
        <Button
          variant="outline"
          loading={busy}
          onClick={() =>
            act(async () => {
              await client.donor.pauseMonthly.mutate({ subscriptionId });
              return { tone: 'done', title: t('giving_paused_title'), text: t('giving_paused_text') };
            })
          }
          styles={WRAPPING_BUTTON}
        >
          {t('giving_pause')}
        </Button>
      ) : null}
      {gift.canResume && step === null ? (
        <Button
          loading={busy}
          onClick={() =>
            act(async () => {
              await client.donor.resumeMonthly.mutate({ subscriptionId });
              return { tone: 'done', title: t('giving_resumed_title'), text: t('giving_resumed_text') };
            })
          }
          styles={WRAPPING_BUTTON}
        >
          {t('giving_resume')}
        </Button>
      ) : null}
      {gift.canReplaceMandate && step === null ? (
        <Button
          variant="subtle"
          loading={busy}
          onClick={() =>
            act(async () => authorise((await client.donor.newMandate.mutate({ subscriptionId })).newMandate))
          }
          styles={WRAPPING_BUTTON}
        >
          {t('giving_new_mandate')}
        </Button>
      ) : null}
      {gift.canCancelAtCycleEnd && step === null ? (
        <Button variant="outline" color="red" onClick={() => setStep('cancel-end')} styles={WRAPPING_BUTTON}>
          {t('giving_cancel_at_end')}
        </Button>
      ) : null}
      {step === 'cancel-end' ? (
        <ConfirmStep
          title={t('giving_cancel_at_end_confirm_title')}
          confirmLabel={t('giving_monthly_confirm_yes')}
          backLabel={t('giving_monthly_confirm_back')}
          busy={busy}
          onConfirm={() =>
            act(async () => {
              await client.donor.cancelMonthlyAtCycleEnd.mutate({ subscriptionId });
              return { tone: 'done', title: t('giving_monthly_cancelled_title'), text: t('giving_cancel_at_end_done') };
            })
          }
          onBack={() => setStep(null)}
        >
          <Text>{t('giving_cancel_at_end_confirm_text', { rupees })}</Text>
        </ConfirmStep>
      ) : null}
      {gift.canCancel && step === null ? (
        <Button variant="outline" color="red" onClick={() => setStep('cancel-now')} styles={WRAPPING_BUTTON}>
          {t('giving_monthly_cancel')}
        </Button>
      ) : null}
      {step === 'cancel-now' ? (
        <ConfirmStep
          title={t('giving_monthly_confirm_title')}
          confirmLabel={t('giving_monthly_confirm_yes')}
          backLabel={t('giving_monthly_confirm_back')}
          busy={busy}
          onConfirm={() =>
            act(async () => {
              await client.donor.cancelMonthly.mutate({ subscriptionId });
              return {
                tone: 'done',
                title: t('giving_monthly_cancelled_title'),
                text: t('giving_monthly_cancelled_text'),
              };
            })
          }
          onBack={() => setStep(null)}
        >
          <Text>{t('giving_monthly_confirm_text', { rupees })}</Text>
        </ConfirmStep>
      ) : null}
      {said ? (
        <Notice tone={said.tone} title={said.title}>
          {said.text}
        </Notice>
      ) : null}
    </Stack>
  );
}
