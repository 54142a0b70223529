/**
 * PostgreSQL refuses some text outright: a NUL character in a text column (SQLSTATE 22021; as a
 * bound parameter it breaks the wire message, 08P01 "invalid message format"), and a NUL or an
 * unpaired surrogate in jsonb (22P05). The schemas refuse control characters where they can; this
 * is the net under every path, so such input answers 400, never a 500 or an outage's 503.
 */
const UNSTORABLE_STATES = new Set(['22021', '22P05']);

export const UNSTORABLE_TEXT_MESSAGE =
  'The input contains characters that cannot be stored (a NUL character or an unpaired surrogate)';

/** True when the error, or any error it wraps, is PostgreSQL refusing the characters of a value. */
export function isUnstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_STATES.has(code)) return true;
    if (code === '08P01' && typeof message === 'string' && /invalid message format/.test(message)) return true;
    current = cause;
  }
  return false;
}
