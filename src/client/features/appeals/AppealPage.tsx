import { Anchor, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { AppealOnPage } from '../../../shared/page-render';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { DonateForm } from '../donate/DonateForm';
import type { DonationApi } from '../donate/donation-api';
import { PaymentModeNotice } from '../donate/PaymentModeNotice';
import { AppealProgress } from './AppealProgress';
import { AppealVideo } from './AppealVideo';
import { indiaDate } from './appeal-data';

const MAIN_SIZES = '(min-width: 62em) 36rem, 100vw';

/** An appeal's page: its story, photos, video, figures, where money beyond the goal goes, the vet's bill, updates, and the form. */
export function AppealPage({ appeal, api }: { appeal: AppealOnPage; api: DonationApi }) {
  const [mainPhoto, ...morePhotos] = appeal.photos;
  return (
    <section className="section" aria-labelledby="appeal-title">
      <Container size="lg">
        <Title id="appeal-title" order={1}>
          {appeal.title}
        </Title>
        {appeal.status === 'closed' ? (
          <Text mt="sm" fw={700} c="red.9">
            This appeal is closed and takes no more gifts. Thank you to everyone who gave.
          </Text>
        ) : null}
        <Grid mt="md" gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {mainPhoto ? (
                <ResponsiveImage image={mainPhoto} sizes={MAIN_SIZES} loading="eager" fetchPriority="high" />
              ) : null}
              <AppealProgress appeal={appeal} />
              <div>
                {appeal.story.map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                  <Text key={index} mt="sm">
                    {paragraph}
                  </Text>
                ))}
              </div>
              {appeal.video ? <AppealVideo video={appeal.video} title={appeal.title} /> : null}
              {morePhotos.map((photo) => (
                <ResponsiveImage key={photo.id} image={photo} sizes={MAIN_SIZES} />
              ))}
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="beyond-goal-title">
                <Title id="beyond-goal-title" order={2} size="h4">
                  Beyond the goal
                </Title>
                <Text mt="xs">{appeal.beyondGoal}</Text>
              </Paper>
              {appeal.vetBill ? (
                <section aria-labelledby="vet-bill-title">
                  <Title id="vet-bill-title" order={2} size="h4" mb="xs">
                    The vet’s bill
                  </Title>
                  <ResponsiveImage image={appeal.vetBill} sizes={MAIN_SIZES} />
                </section>
              ) : null}
              {appeal.updates.length > 0 ? (
                <section aria-labelledby="updates-title">
                  <Title id="updates-title" order={2} size="h3">
                    Updates
                  </Title>
                  {appeal.updates.map((update) => (
                    <article key={update.id} style={{ marginTop: '1rem' }}>
                      <Text size="sm" c="dimmed" component="p">
                        <time dateTime={update.postedAt}>{indiaDate(update.postedAt)}</time>
                      </Text>
                      {update.text.map((paragraph, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                        <Text key={index} mt="xs">
                          {paragraph}
                        </Text>
                      ))}
                      {update.photo ? (
                        <div style={{ marginTop: '0.5rem' }}>
                          <ResponsiveImage image={update.photo} sizes={MAIN_SIZES} />
                        </div>
                      ) : null}
                    </article>
                  ))}
                </section>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {appeal.open ? (
              <>
                <PaymentModeNotice />
                <DonateForm
                  api={api}
                  appeal={{ id: appeal.id, title: appeal.title }}
                  share={{ path: `/appeals/${appeal.slug}`, text: `Help ${appeal.title}:` }}
                />
              </>
            ) : (
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="appeal-closed-title">
                <Title id="appeal-closed-title" order={2} size="h3">
                  {appeal.status === 'closed' ? 'This appeal is closed' : 'This appeal has ended'}
                </Title>
                <Text mt="sm">Our animals still need you: a gift to the general fund cares for every one of them.</Text>
                <Button component="a" href="/donate" mt="md" fullWidth size="lg">
                  Give to the general fund
                </Button>
                <Text size="sm" mt="sm">
                  Or read about <Anchor href="/">the trust’s work</Anchor>.
                </Text>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      </Container>
    </section>
  );
}
