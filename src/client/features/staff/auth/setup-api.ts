/** The first admin's setup link (transports/routes/staff-setup.ts): plain routes, as the setup signs the admin in. */

/** Why the server refused a link: `done` once an admin exists, `replaced` when a restart printed a newer one. */
export type SetupRefusal = 'done' | 'used' | 'expired' | 'replaced' | 'unknown';

export type SetupAnswer =
  | { ok: true }
  | { ok: false; reason?: SetupRefusal; message: string; issues?: { path: string; message: string }[] };

async function post(path: string, body: unknown): Promise<SetupAnswer> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) return { ok: true };
  const answer = (await response.json().catch(() => ({}))) as Omit<Extract<SetupAnswer, { ok: false }>, 'ok'>;
  return { ...answer, ok: false, message: answer.message ?? `The server answered ${response.status}` };
}

/** Whether the link still works, asked before the trustee types anything. */
export function checkSetupLink(token: string): Promise<SetupAnswer> {
  return post('/staff/api/setup/check', { token });
}

/** Creates the first admin and signs this browser in as them. */
export function createFirstAdmin(input: {
  token: string;
  username: string;
  displayName: string;
  email: string;
  password: string;
}): Promise<SetupAnswer> {
  return post('/staff/api/setup', input);
}
