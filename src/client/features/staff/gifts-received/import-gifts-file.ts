import type { ImportOutcome } from '../../../../shared/offline-gift.schema';

/** Sends the CSV as the request body (the session cookie goes with it); `confirm` writes the new rows. */
export async function importGiftsFile(file: File, confirm: boolean): Promise<ImportOutcome> {
  const response = await fetch(`/staff/api/offline-gifts/import${confirm ? '?confirm=1' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as Partial<ImportOutcome> & { message?: string };
  if (!response.ok || !body.rows) throw new Error(body.message ?? `The import was refused (${response.status})`);
  return body as ImportOutcome;
}
