/** Signing in and out are plain routes (they set and clear the session cookie), not procedures. */

export interface SignInResult {
  ok: boolean;
  message?: string;
}

export async function signIn(username: string, password: string): Promise<SignInResult> {
  const response = await fetch('/staff/api/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return { ok: false, message: body.message ?? `Sign-in failed (${response.status})` };
}

export async function signOut(): Promise<void> {
  await fetch('/staff/api/sign-out', { method: 'POST' });
}

/** Where to go after signing in: only a console path, never another site (`//evil.example`). */
export function safeRedirect(target: string | undefined): string {
  return target && /^\/staff(\/|$|\?)/.test(target) && !target.startsWith('/staff/login') ? target : '/staff';
}
