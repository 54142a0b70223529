import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';

interface SectionLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  section: string;
  children: ReactNode;
  /** Runs before scrolling, e.g. to close the menu. Return a promise to scroll once it settles. */
  onNavigate?: () => void;
}

export function scrollToSection(section: string): void {
  document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * A link to a section of the home page (`/#about`) that scrolls smoothly to it, from any page.
 * A plain anchor rather than the router's Link: a section is never "the current route", so it is
 * never marked active, and server and browser render it identically whatever the URL hash.
 */
export function SectionLink({ section, children, onNavigate, ...anchorProps }: SectionLinkProps) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (onNavigate) {
      onNavigate();
      return;
    }
    goToSection(router, section);
  };
  return (
    <a {...anchorProps} href={`/#${section}`} onClick={onClick}>
      {children}
    </a>
  );
}

export function goToSection(router: ReturnType<typeof useRouter>, section: string): void {
  const onHome = router.state.location.pathname === '/';
  void router
    .navigate({ to: '/', hash: section, hashScrollIntoView: { behavior: 'smooth', block: 'start' } })
    .then(() => {
      if (onHome) scrollToSection(section);
    });
}
