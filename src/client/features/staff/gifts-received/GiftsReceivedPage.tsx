import { Stack, Text, Title } from '@mantine/core';
import { staffTrpc } from '../trpc';
import { useStaffTitle } from '../use-staff-title';
import { ImportGifts } from './ImportGifts';
import { RecordGiftForm } from './RecordGiftForm';

/**
 * Gifts that never touch the website (cheques, drafts, bank transfers, cash, gifts in kind): one at
 * a time as they come, or many from the office's spreadsheet. Each gets its receipt from the same
 * series as online gifts; a cheque that bounces is marked on its donation's page.
 */
export function GiftsReceivedPage() {
  useStaffTitle('Gifts received');
  const me = staffTrpc.staff.me.useQuery();
  const utils = staffTrpc.useUtils();
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} size="h2">
        Gifts received outside the website
      </Title>
      <Text size="sm">
        Cheques, drafts, bank transfers, cash and gifts in kind. A cheque the bank returns is marked bounced on its
        donation’s page, which cancels its receipt.
      </Text>
      <RecordGiftForm isAdmin={me.data?.role === 'admin'} />
      <ImportGifts onImported={() => void utils.staff.donations.invalidate()} />
    </Stack>
  );
}
