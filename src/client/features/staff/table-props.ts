/**
 * What every console table shares. The table's scroll area takes keyboard focus, so a phone-size
 * table can be scrolled sideways with the arrow keys (and axe's scrollable-region rule holds).
 */
export const TABLE_PROPS = {
  withTableBorder: true,
  striped: true,
  minHeight: 180,
  verticalSpacing: 4,
  scrollAreaProps: { viewportProps: { tabIndex: 0 } },
} as const;
