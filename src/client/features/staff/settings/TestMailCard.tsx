import { Alert, Button, Card, Code, Group, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { staffTrpc } from '../trpc';
import { fieldErrorsOf } from './settings-form';

/** "Send me a test mail": one message through the mail settings in force, and what the server answered. */
export function TestMailCard() {
  const [testTo, setTestTo] = useState('');
  const testMail = staffTrpc.staff.settings.sendTestMail.useMutation();
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        Send a test mail
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Sent at once with the saved mail settings (not through the outbox), and the mail server’s answer shown.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="To"
          type="email"
          placeholder="you@example.org"
          value={testTo}
          onChange={(event) => setTestTo(event.currentTarget.value)}
          error={fieldErrorsOf(testMail.error).to}
          style={{ flex: '1 1 16rem' }}
        />
        <Button variant="default" loading={testMail.isPending} onClick={() => testMail.mutate({ to: testTo })}>
          Send me a test mail
        </Button>
      </Group>
      {testMail.data && (
        <Alert
          mt="sm"
          color={testMail.data.ok ? 'green' : 'red'}
          variant="light"
          role="status"
          title={testMail.data.ok ? 'Accepted by the mail server' : testMail.data.problem}
        >
          {testMail.data.response && <Code block>{testMail.data.response}</Code>}
        </Alert>
      )}
    </Card>
  );
}
