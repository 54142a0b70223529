import { Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { SiteVideo } from '../../components/media';
import { useSiteContent } from '../../site-content-context';
import { OpenAppeals } from '../appeals/OpenAppeals';
import { DonateForm } from './DonateForm';
import type { DonationApi } from './donation-api';
import { PaymentModeNotice } from './PaymentModeNotice';

export function DonatePage({ api }: { api: DonationApi }) {
  const { donate } = useSiteContent();
  return (
    <section className="section" aria-labelledby="donate-title">
      <Container size="lg">
        <Title id="donate-title" order={1} ta="center">
          {donate.heading}
        </Title>
        <Text ta="center" size="lg" mt="sm" maw={680} mx="auto">
          {donate.intro}
        </Text>
        <PaymentModeNotice />
        <Grid mt="md" gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <DonateForm api={api} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="impact-card-title">
                <Title id="impact-card-title" order={2} size="h3">
                  {donate.impactTitle}
                </Title>
                <List mt="sm" spacing="xs">
                  {donate.impactItems.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items have no id, and two may name the same amount.
                    <List.Item key={index}>
                      <Text component="span" fw={700} c="brand.9">
                        {item.amount}
                      </Text>{' '}
                      {item.text}.
                    </List.Item>
                  ))}
                </List>
              </Paper>
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="rescue-card-title">
                <Title id="rescue-card-title" order={2} size="h3" mb="sm">
                  {donate.rescueTitle}
                </Title>
                <SiteVideo name="donate-video" label={donate.rescueVideoLabel} />
                {donate.rescueStory.map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                  <Text key={index} mt="sm">
                    {paragraph}
                  </Text>
                ))}
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <OpenAppeals headingLevel={2} />
    </section>
  );
}
