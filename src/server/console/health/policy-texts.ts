/**
 * Whether a published site-content version (its stored JSON) carries the policy pages' texts
 * (privacy, terms, refunds: the `policies` field of the site content). The one place that knows
 * where they are kept.
 */
export function policyTextsPresent(content: unknown): boolean {
  return typeof content === 'object' && content !== null && 'policies' in content && Boolean(content.policies);
}
