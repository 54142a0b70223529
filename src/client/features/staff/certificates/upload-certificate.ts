import type { CertificateUploadOutcome as UploadOutcome } from '../../../../shared/certificates.schema';

export type { UploadOutcome };

/** Sends one PDF or zip as the request body; the session cookie goes with it. */
export async function uploadCertificateFile(year: string, file: File): Promise<UploadOutcome[]> {
  const isZip = /\.zip$/i.test(file.name) || file.type === 'application/zip';
  const response = await fetch(
    `/staff/api/certificates?year=${encodeURIComponent(year)}&name=${encodeURIComponent(file.name)}`,
    { method: 'POST', headers: { 'content-type': isZip ? 'application/zip' : 'application/pdf' }, body: file },
  );
  const body = (await response.json().catch(() => ({}))) as { outcomes?: UploadOutcome[]; message?: string };
  if (!response.ok || !body.outcomes) {
    return [
      {
        file: file.name,
        result: 'refused',
        certificateId: null,
        matched: false,
        note: body.message ?? `refused (${response.status})`,
      },
    ];
  }
  return body.outcomes;
}
