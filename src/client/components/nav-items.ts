import type { MessageKey } from '../i18n';

/** A label of the navigation: a compiled message (messages/*.json), asked for in the page's language. */
type Label = MessageKey;

/** The header navigation, in this order; Donate is the button. */
export type NavItem =
  | { kind: 'route'; label: Label; to: '/' | '/donate'; button?: boolean }
  | { kind: 'section'; label: Label; section: string };

export const NAV_ITEMS: readonly NavItem[] = [
  { kind: 'route', label: 'nav_home', to: '/' },
  { kind: 'section', label: 'nav_about', section: 'about' },
  { kind: 'section', label: 'nav_services', section: 'services' },
  { kind: 'section', label: 'nav_impact', section: 'impact' },
  { kind: 'route', label: 'nav_donate', to: '/donate', button: true },
  { kind: 'section', label: 'nav_contact', section: 'contact' },
];
