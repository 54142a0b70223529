import { z } from 'zod';
import { statementYearInputSchema } from './annual.schema';

/** Staff give an unmatched certificate its donor by hand. */
export const certificateAssignInputSchema = z.object({
  id: z.number().int().positive(),
  email: z.email().trim().max(254),
  donorName: z.string().trim().min(1).max(200),
});

/** Staff confirm matched certificates of a year for delivery (mail, or the list to print). */
export const certificateSendInputSchema = statementYearInputSchema.extend({
  ids: z.array(z.number().int().positive()).min(1).max(5_000),
});

/** What became of one uploaded file: `stored` with its match or its reason, a `duplicate`, or `refused`. */
export interface CertificateUploadOutcome {
  file: string;
  result: 'stored' | 'duplicate' | 'refused';
  certificateId: number | null;
  matched: boolean;
  note: string;
}
