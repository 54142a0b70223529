/** The header navigation, in this order; Donate is the button. */
export type NavItem =
  | { kind: 'route'; label: string; to: '/' | '/donate'; button?: boolean }
  | { kind: 'section'; label: string; section: string };

export const NAV_ITEMS: readonly NavItem[] = [
  { kind: 'route', label: 'Home', to: '/' },
  { kind: 'section', label: 'About', section: 'about' },
  { kind: 'section', label: 'Services', section: 'services' },
  { kind: 'section', label: 'Impact', section: 'impact' },
  { kind: 'route', label: 'Donate', to: '/donate', button: true },
  { kind: 'section', label: 'Contact', section: 'contact' },
];
