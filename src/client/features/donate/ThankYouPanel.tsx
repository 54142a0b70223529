import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { VerifyPaymentOutput } from '../../../shared/donation.schema';

interface ThankYouPanelProps {
  /** The receipt verification issued; null when it is not issued yet (it then comes by e-mail). */
  receipt: VerifyPaymentOutput['receipt'];
  onClose: () => void;
}

/**
 * Shown after a verified payment, beside the thank-you toast that fades: what stays on the page.
 * Focus moves to it, so a screen reader reads it and a phone scrolls it into view.
 */
export function ThankYouPanel({ receipt, onClose }: ThankYouPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);

  return (
    <Paper
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-labelledby="thank-you-title"
      withBorder
      radius="md"
      p="md"
      mt="md"
      bg="brand.0"
    >
      <Title id="thank-you-title" order={3}>
        Thank you for your donation!
      </Title>
      {receipt ? (
        <Text mt="xs">
          Your receipt number is <strong style={{ whiteSpace: 'nowrap' }}>{receipt.number}</strong>. A copy is on its
          way to your e-mail.
        </Text>
      ) : (
        <Text mt="xs">Your receipt will arrive by e-mail shortly.</Text>
      )}
      <Group mt="md" gap="sm">
        {receipt ? (
          // The site's link colour (unlayered) outranks Mantine's layered button text: white said here.
          <Button component="a" href={receipt.downloadUrl} c="white">
            Download your receipt (PDF)
          </Button>
        ) : null}
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Paper>
  );
}
