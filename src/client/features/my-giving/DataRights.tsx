import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmStep } from './ConfirmStep';
import { type DonorClient, failureMessage } from './donor-api';
import { Notice } from './Notice';
import { saveJsonFile } from './save-json-file';

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
      setExportError(failureMessage(failure));
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
      setErasureError(failureMessage(failure));
    } finally {
      setRequesting(false);
    }
  }

  return (
    <section aria-labelledby="data-title">
      <Title id="data-title" order={2}>
        Your data
      </Title>
      <Text mt="xs">
        You may have a copy of everything we hold about you, and ask us to erase it (Digital Personal Data Protection
        Act 2023).
      </Text>
      <Stack gap="sm" mt="md">
        <Button variant="light" c="brand.9" loading={exporting} onClick={downloadData} fullWidth>
          Download my data (JSON)
        </Button>
        {exportError ? (
          <Notice tone="error" title="Not downloaded">
            {exportError}
          </Notice>
        ) : null}
        {requested || erasureRequested ? (
          <Notice tone="done" title="We have your request to erase your data">
            {requested ? `Your request number is ${requested.id}. ` : ''}Our staff will erase your data; the receipts
            the tax law makes us keep are erased when their eight years are over.
          </Notice>
        ) : null}
        {!requested && !erasureRequested && !confirming ? (
          <Button variant="outline" color="red" onClick={() => setConfirming(true)} fullWidth>
            Ask us to erase my data
          </Button>
        ) : null}
        {!requested && !erasureRequested && confirming ? (
          <ConfirmStep
            title="Erase your data?"
            confirmLabel="Yes, erase my data"
            backLabel="Keep my data"
            busy={requesting}
            onConfirm={requestErasure}
            onBack={() => setConfirming(false)}
          >
            <Text>
              We will remove your name, e-mail, phone, address and ID number (PAN or Aadhaar) from our records, and this
              page will no longer find your gifts.
            </Text>
            <Text>
              The tax law makes us keep your receipts, and what we reported to the Income-tax Department, for eight
              years after the end of their financial year; we erase your details from them when that period ends.
            </Text>
            {hasActiveMonthly ? <Text>Erasing does not stop a monthly gift: cancel it above first.</Text> : null}
          </ConfirmStep>
        ) : null}
        {erasureError ? (
          <Notice tone="error" title="Not sent">
            {erasureError}
          </Notice>
        ) : null}
      </Stack>
    </section>
  );
}
