/**
 * PostgreSQL stores neither U+0000 nor a lone UTF-16 surrogate, in `jsonb` or in `text`: an event
 * holding `\u0000` or `\ud800` (valid JSON, signed by Razorpay) would fail to store on every retry
 * and never be applied. Each becomes U+FFFD, in keys and values, before the event is stored and
 * applied; everything else is kept as received.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what PostgreSQL refuses.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function storableString(text: string): string {
  return text.replace(UNSTORABLE, '\ufffd');
}

export function toStorableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableString(value);
  if (Array.isArray(value)) return value.map(toStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [storableString(key), toStorableJson(entry)]),
    );
  }
  return value;
}
