/** The content edited by path: a field's place in the content and the server's issues by that place. */
export type Path = (string | number)[];
export type Issues = Record<string, string>;

/**
 * A copy of `value` with the field at `path` set, making the objects and lists on the way that are
 * not there yet (a language's first text). A list keeps its places: the items before a new one are
 * '' (a text) or {} (an item's texts), "not translated", so each stays beside its English item.
 */
export function setAt<T>(value: T, [key, ...rest]: Path, field: unknown): T {
  if (key === undefined) return field as T;
  const container = value ?? (typeof key === 'number' ? [] : {});
  const current = (container as Record<string | number, unknown>)[key];
  const next = setAt(current, rest, field);
  if (Array.isArray(container)) {
    const length = Math.max(container.length, (key as number) + 1);
    const hole = typeof next === 'string' ? '' : {};
    return Array.from({ length }, (_, index) => (index === key ? next : (container[index] ?? hole))) as T;
  }
  return { ...(container as object), [key]: next } as T;
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)?.[key], value);
}

/** The server's 400 answer as one message per field path (`impact.figures.0.value`). */
export function issuesOf(error: unknown): Issues {
  const issues = (error as { data?: { issues?: { path: string; message: string }[] } } | null)?.data?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** Paragraphs typed in one box, a blank line between them. */
export const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
