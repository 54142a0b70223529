/**
 * A button's styles whose label wraps on a narrow phone instead of being cut off: Tamil and Hindi
 * labels run longer than English ones ("Download my data (JSON)": 23 characters, 33 in Tamil).
 */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;
