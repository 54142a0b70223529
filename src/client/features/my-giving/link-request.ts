import type { Language } from '../../../shared/languages';

/**
 * What `POST /api/my-giving/link` answered, as the form shows it (in the page's language: the
 * server's sentences are English, so the form says its own).
 */
export type LinkRequestOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid' }
  | { kind: 'refused'; reason: 'unreachable' | 'wait' | 'failed' };

/**
 * Asks for a fresh link to be mailed in the page's language (the mail, and the page its link
 * opens); the answer is the same whether or not the address gave.
 */
export async function requestDonorLink(email: string, language: Language): Promise<LinkRequestOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/my-giving/link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, language }),
    });
  } catch {
    return { kind: 'refused', reason: 'unreachable' };
  }
  if (response.ok) return { kind: 'sent' };
  if (response.status === 400) return { kind: 'invalid' };
  if (response.status === 429) return { kind: 'refused', reason: 'wait' };
  return { kind: 'refused', reason: 'failed' };
}
