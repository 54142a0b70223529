/** What `POST /api/my-giving/link` answered, as the form shows it. */
export type LinkRequestOutcome =
  | { kind: 'sent'; message: string }
  | { kind: 'invalid'; fieldError: string }
  | { kind: 'refused'; message: string };

interface ErrorBody {
  message?: string;
  issues?: { path: string; message: string }[];
}

/** Asks for a fresh link to be mailed; the answer is the same whether or not the address gave. */
export async function requestDonorLink(email: string): Promise<LinkRequestOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/my-giving/link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  } catch {
    return { kind: 'refused', message: 'We could not reach the server. Check your connection and try again.' };
  }
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  if (response.ok) return { kind: 'sent', message: body.message ?? 'A link is on its way.' };
  if (response.status === 400) {
    const issue = body.issues?.find((item) => item.path === 'email') ?? body.issues?.[0];
    return { kind: 'invalid', fieldError: issue?.message ?? body.message ?? 'Enter a valid e-mail address' };
  }
  if (response.status === 429) {
    return { kind: 'refused', message: body.message ?? 'One link a minute: please wait a minute and try again' };
  }
  return { kind: 'refused', message: body.message ?? 'Something went wrong. Please try again in a minute.' };
}
