import { Accordion, AppShell, NavLink, ScrollArea, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { HOME_ITEM, isCurrent, NAV_SECTIONS, type NavItem, sectionOf } from './nav-items';

/** The browser remembers the sections a person closed; a section added later starts open. */
const CLOSED_SECTIONS_KEY = 'staff-console:closed-nav-sections';

function PageLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate: () => void }) {
  const current = isCurrent(item.to, pathname);
  return (
    <NavLink
      component={Link}
      to={item.to}
      activeOptions={{ exact: item.to === HOME_ITEM.to }}
      label={item.label}
      active={current}
      aria-current={current ? 'page' : undefined}
      data-nav-to={item.to}
      onClick={onNavigate}
      py={6}
    />
  );
}

/**
 * The console's navbar: the overview, then the pages in sections with headings, in a column that
 * scrolls when it is taller than the window (a laptop's 657 pixels, a phone's drawer). The section
 * of the page shown opens by itself, and the page's link is scrolled into view.
 */
export function ConsoleNav({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [closed, setClosed] = useLocalStorage<string[]>({
    key: CLOSED_SECTIONS_KEY,
    defaultValue: [],
    // Read at once, so remembered sections do not first open and then fold away.
    getInitialValueInEffect: false,
  });
  const viewport = useRef<HTMLDivElement>(null);

  const sections = NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.admin || isAdmin),
  })).filter((section) => section.items.length > 0);

  const currentSection = sectionOf(pathname)?.key;
  useEffect(() => {
    if (currentSection)
      setClosed((keys) => (keys.includes(currentSection) ? keys.filter((key) => key !== currentSection) : keys));
  }, [currentSection, setClosed]);
  const currentPage = [HOME_ITEM, ...NAV_SECTIONS.flatMap((section) => section.items)].find((item) =>
    isCurrent(item.to, pathname),
  )?.to;
  const currentShown = currentSection === undefined || !closed.includes(currentSection);
  useEffect(() => {
    if (currentPage && currentShown)
      viewport.current?.querySelector(`[data-nav-to="${currentPage}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [currentPage, currentShown]);

  const opened = sections.map((section) => section.key).filter((key) => !closed.includes(key));
  const setOpened = (keys: string[]) =>
    setClosed(NAV_SECTIONS.map((section) => section.key).filter((key) => !keys.includes(key)));

  return (
    <AppShell.Navbar aria-label="Console">
      <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars viewportRef={viewport} p="xs">
        <PageLink item={HOME_ITEM} pathname={pathname} onNavigate={onNavigate} />
        <Accordion
          multiple
          value={opened}
          onChange={setOpened}
          order={2}
          chevronPosition="right"
          // At once: the page's link is scrolled into view as its section opens.
          transitionDuration={0}
          styles={{
            item: { borderBottom: 0 },
            control: { paddingInline: 'var(--mantine-spacing-xs)' },
            label: { paddingBlock: 6 },
            content: { padding: 0 },
          }}
        >
          {sections.map((section) => (
            <Accordion.Item key={section.key} value={section.key}>
              <Accordion.Control>
                <Text component="span" size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.3}>
                  {section.heading}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                {section.items.map((item) => (
                  <PageLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
                ))}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
