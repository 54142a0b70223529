import { Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ApplicationKind, ApplicationStatus } from '../../../shared/applications';
import { useMessages } from '../../i18n';
import type { DonorClient } from '../my-giving/donor-api';
import { Notice } from '../my-giving/Notice';

type Own = Awaited<ReturnType<DonorClient['donor']['applications']['query']>>[number];

const KIND_KEYS = {
  adopt: 'applicant_kind_adopt',
  foster: 'applicant_kind_foster',
  volunteer: 'applicant_kind_volunteer',
  partner: 'applicant_kind_partner',
} as const satisfies Record<ApplicationKind, string>;

const STATUS_KEYS = {
  new: 'applicant_status_new',
  contacted: 'applicant_status_contacted',
  'home-visit': 'applicant_status_home_visit',
  approved: 'applicant_status_approved',
  completed: 'applicant_status_completed',
  declined: 'applicant_status_declined',
  withdrawn: 'applicant_status_withdrawn',
} as const satisfies Record<ApplicationStatus, string>;

/** The India day of an ISO time, as the page's other dates: 29/11/2026. */
const indiaDay = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

/**
 * An applicant's "my data": their applications to adopt, foster, volunteer or partner, opened by the
 * same signed link as a donor's gifts (one page for what the trust holds about a person). Nothing
 * shows for someone who never applied.
 */
export function OwnApplications({ client }: { client: DonorClient }) {
  const t = useMessages();
  const [own, setOwn] = useState<Own[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    client.donor.applications
      .query()
      .then(setOwn)
      .catch(() => setFailed(true));
  }, [client]);
  if (failed)
    return (
      <Notice tone="error" title={t('applicant_not_loaded')}>
        {null}
      </Notice>
    );
  if (!own || own.length === 0) return null;
  return (
    <section aria-labelledby="applications-title">
      <Title id="applications-title" order={2}>
        {t('applicant_title')}
      </Title>
      <Text mt="xs">{t('applicant_intro')}</Text>
      <Stack gap="sm" mt="md">
        {own.map((application) => (
          <Card key={application.id} withBorder padding="sm" data-testid="own-application">
            <Text fw={600}>
              {t(KIND_KEYS[application.kind])}
              {application.animalName ? ` · ${t('applicant_for_animal', { animal: application.animalName })}` : ''}
            </Text>
            <Text size="sm">
              {t(STATUS_KEYS[application.status])} · {t('applicant_sent_on', { date: indiaDay(application.createdAt) })}
            </Text>
          </Card>
        ))}
      </Stack>
    </section>
  );
}
