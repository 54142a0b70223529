/**
 * Replaces, anywhere in a JSON value, each string that is or contains one of the donor's personal
 * values (e-mail, name, phone; compared without case) by `replacement`. Counts what it replaced.
 */
export function scrubJson(
  value: unknown,
  personal: string[],
  replacement: string,
): { value: unknown; replaced: number } {
  const needles = personal.map((item) => item.toLowerCase()).filter((item) => item.length >= 3);
  let replaced = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const lower = node.toLowerCase();
      if (needles.some((needle) => lower === needle || lower.includes(needle))) {
        replaced += 1;
        return replacement;
      }
      return node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    }
    return node;
  };
  return { value: walk(value), replaced };
}
