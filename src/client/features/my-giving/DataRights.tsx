import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLanguage, useMessages } from '../../i18n';
import { ConfirmStep } from './ConfirmStep';
import { type DonorClient, failureMessage } from './donor-api';
import { NewsConsentSwitch } from './NewsConsentSwitch';
import { Notice } from './Notice';
import { saveJsonFile } from './save-json-file';
import { WRAPPING_BUTTON } from './wrapping-button';

/**
 * The donor's rights under the Digital Personal Data Protection Act 2023: a copy of their data, and
 * erasure (asked here, completed by the staff), with what the tax law makes the trust keep.
 */
export function DataRights({
  client,
  erasureRequested,
  hasActiveMonthly,
}: {
  client: DonorClient;
  erasureRequested: boolean;
  hasActiveMonthly: boolean;
}) {
  const t = useMessages();
  const language = useLanguage();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [requested, setRequested] = useState<{ id: number } | null>(null);
  const [erasureError, setErasureError] = useState<string | null>(null);

  async function downloadData() {
    setExporting(true);
    setExportError(null);
    try {
      const data = await client.donor.exportData.query();
      saveJsonFile(data, `my-data-${data.exportedAt.slice(0, 10)}.json`);
    } catch (failure) {
      setExportError(failureMessage(failure, language, t));
    } finally {
      setExporting(false);
    }
  }

  async function requestErasure() {
    setRequesting(true);
    setErasureError(null);
    try {
      setRequested(await client.donor.requestErasure.mutate());
      setConfirming(false);
    } catch (failure) {
      setErasureError(failureMessage(failure, language, t));
    } finally {
      setRequesting(false);
    }
  }

  return (
    <section aria-labelledby="data-title">
      <Title id="data-title" order={2}>
        {t('giving_data_title')}
      </Title>
      <Text mt="xs">{t('giving_data_intro')}</Text>
      <Stack gap="sm" mt="md">
        <NewsConsentSwitch client={client} />
        <Button
          variant="light"
          c="brand.9"
          loading={exporting}
          onClick={downloadData}
          fullWidth
          styles={WRAPPING_BUTTON}
        >
          {t('giving_data_download')}
        </Button>
        {exportError ? (
          <Notice tone="error" title={t('giving_data_not_downloaded')}>
            {exportError}
          </Notice>
        ) : null}
        {requested || erasureRequested ? (
          <Notice tone="done" title={t('giving_erasure_requested_title')}>
            {requested ? `${t('giving_erasure_request_number', { id: String(requested.id) })} ` : ''}
            {t('giving_erasure_requested_text')}
          </Notice>
        ) : null}
        {!requested && !erasureRequested && !confirming ? (
          <Button variant="outline" color="red" onClick={() => setConfirming(true)} fullWidth styles={WRAPPING_BUTTON}>
            {t('giving_erasure_ask')}
          </Button>
        ) : null}
        {!requested && !erasureRequested && confirming ? (
          <ConfirmStep
            title={t('giving_erasure_confirm_title')}
            confirmLabel={t('giving_erasure_confirm_yes')}
            backLabel={t('giving_erasure_confirm_back')}
            busy={requesting}
            onConfirm={requestErasure}
            onBack={() => setConfirming(false)}
          >
            <Text>{t('giving_erasure_what')}</Text>
            <Text>{t('giving_erasure_kept')}</Text>
            {hasActiveMonthly ? <Text>{t('giving_erasure_monthly')}</Text> : null}
          </ConfirmStep>
        ) : null}
        {erasureError ? (
          <Notice tone="error" title={t('giving_not_sent')}>
            {erasureError}
          </Notice>
        ) : null}
      </Stack>
    </section>
  );
}
