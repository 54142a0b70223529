import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from 'react';

/**
 * How the site's links move between pages. Two ways: the router's (the staff console's app, the dev
 * server, and after the first in-site link on a hydrated page) and the standalone page's
 * (src/client/page-shell.tsx), which renders one page without the router and opens the router's app
 * only when a link asks for another page. The links themselves are the same plain anchors either
 * way, so server and browser render them identically.
 */
export interface SiteNavigation {
  /** The path of the page shown: its links are marked aria-current. */
  pathname: string;
  /** Shows `href` (a path, maybe with a #section) without reloading the page. */
  go(href: string): void;
}

const SiteNavigationContext = createContext<SiteNavigation>({ pathname: '/', go: () => {} });
export const SiteNavigationProvider = SiteNavigationContext.Provider;
export const useSiteNavigation = () => useContext(SiteNavigationContext);

export function scrollToSection(section: string): void {
  document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the site (`/donate`) or a section of the home page (`/#about`). */
  href: string;
  children: ReactNode;
  /** Runs before navigating, e.g. to close the menu (whose modal makes the page inert). */
  beforeNavigate?: () => void;
  /** Marks the link aria-current when its path is the page shown (never for sections). */
  markCurrent?: boolean;
}

/** A link inside the site: a plain anchor that navigates without reloading (plain clicks only). */
export function SiteLink({ href, children, beforeNavigate, markCurrent, ...anchorProps }: SiteLinkProps) {
  const navigation = useSiteNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    event.preventDefault();
    beforeNavigate?.();
    navigation.go(href);
  };
  const current = markCurrent && navigation.pathname === href ? 'page' : undefined;
  return (
    <a {...anchorProps} href={href} aria-current={current} onClick={onClick}>
      {children}
    </a>
  );
}
