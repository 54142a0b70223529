import type { ApplicationAnimal, ApplicationForm } from '../../../shared/application-forms.schema';

/** What `POST /api/applications` answered, as the form shows it (in the page's language). */
export type SubmitOutcome =
  | { kind: 'received'; id: number }
  | { kind: 'invalid'; issues: { path: string; message: string }[] }
  | { kind: 'refused'; reason: 'wait' | 'unreachable' | 'failed' };

/**
 * Sends the application to the documented REST path (the same procedure as `/trpc`): a plain
 * fetch, so the page carries no tRPC client.
 */
export async function submitApplication(application: ApplicationForm): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(application),
    });
  } catch {
    return { kind: 'refused', reason: 'unreachable' };
  }
  if (response.ok) {
    const { id } = (await response.json()) as { id: number };
    return { kind: 'received', id };
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({}))) as { issues?: { path: string; message: string }[] };
    return { kind: 'invalid', issues: body.issues ?? [] };
  }
  return { kind: 'refused', reason: response.status === 429 ? 'wait' : 'failed' };
}

/** The animal a link names (`/apply/adopt?animal=<slug>`): null when none has that address; throws when unreachable. */
export async function loadApplicationAnimal(slug: string): Promise<ApplicationAnimal | null> {
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const response = await fetch(`/trpc/applications.animal?input=${input}`);
  if (response.status === 400) return null;
  if (!response.ok) throw new Error(`applications.animal answered ${response.status}`);
  const body = (await response.json()) as { result: { data: ApplicationAnimal | null } };
  return body.result.data;
}
