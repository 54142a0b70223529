import { Fragment, type ReactNode } from 'react';

/** A placeholder's stand-in while the message is said (private-use characters: no message holds them). */
const mark = (name: string) => `\uE000${name}\uE001`;

/**
 * A message whose placeholders hold markup (a link, a `<strong>`), in the word order of its
 * language: `withNodes((slot) => t('appeal_read_about', { link: slot('link') }), { link: <a …/> })`.
 */
export function withNodes(
  say: (slot: (name: string) => string) => string,
  nodes: Record<string, ReactNode>,
): ReactNode {
  const parts = say(mark).split(/\uE000(\w+)\uE001/);
  return parts.map((part, index) =>
    // Odd parts are the placeholders' names, even parts the text between them.
    index % 2 === 1 ? <Fragment key={part}>{nodes[part]}</Fragment> : part,
  );
}
