// Over 250 lines on purpose: every page, link and header of the site at two sizes, on one built site
// and one Chromium.
import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '../shared/india-time';
import { siteContent } from '../shared/site-content';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, layoutShift, waitForHydration } from './test/page-helpers';

const suite = startBrowserSuite();

describe.each(Object.entries(VIEWPORTS))('the site at %s size', (size, viewport) => {
  const phone = size === 'phone';
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  });
  afterAll(async () => context?.close());

  async function open(path: string) {
    page = await context.newPage();
    errors = collectErrors(page);
    const response = await page.goto(`${suite.server.url}${path}`);
    await waitForHydration(page);
    return response;
  }

  it('home: every section in order with the texts of the site content, hydrated without errors or shifts', async () => {
    await open('/');
    const ids = await page.$$eval('main > section', (sections) => sections.map((section) => section.id));
    expect(ids).toEqual(['home', 'about', 'services', 'impact', 'contact']);
    expect(await page.$$eval('body > #root > *', (nodes) => nodes.map((node) => node.tagName))).toEqual([
      'A',
      'HEADER',
      'MAIN',
      'FOOTER',
    ]);
    await expect(page.locator('h1').allTextContents()).resolves.toEqual(['Every Animal Deserves a Second Chance']);
    const main = page.locator('main');
    for (const text of [
      siteContent.hero.text,
      'Give Them a Second Chance at Life',
      'Our Story',
      siteContent.about.taxNotice,
      'Our Activities',
      'Rescue Operations',
      'Medical Care',
      'Rehabilitation',
      '24/7',
      'What We Provide',
      ...siteContent.activities.provides,
      ...siteContent.impact.figures.flatMap((figure) => [figure.value, figure.label]),
      'Get in Touch',
      siteContent.contact.address,
    ]) {
      await expect(main.getByText(text, { exact: false }).first().isVisible(), text).resolves.toBe(true);
    }
    const hero = page.locator('#home');
    await hero.getByRole('link', { name: 'Donate Now' }).waitFor();
    await hero.getByRole('link', { name: 'Learn More' }).waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });

  it('home: the about video loops, is muted, has controls, a poster and the fallback text, and is not preloaded', async () => {
    // The poster is not in the HTML, so it is not fetched with the hero; the page sets it once loaded.
    const html = await (await fetch(`${suite.server.url}/`)).text();
    expect(html).toContain('data-poster="/attached-assets/about-video-poster.webp"');
    expect(html).not.toMatch(/<video[^>]* poster=/);
    // Nor its controls (the browser's own tree of styles and icons, built before the first paint).
    expect(html).not.toMatch(/<video[^>]* controls/);
    await open('/');
    const video = page.locator('#about video[poster]');
    const props = await video.evaluate((v: HTMLVideoElement) => ({
      loop: v.loop,
      muted: v.muted,
      controls: v.controls,
      preload: v.preload,
      poster: v.poster,
      text: v.textContent?.trim(),
      label: v.getAttribute('aria-label'),
    }));
    expect(props).toMatchObject({ loop: true, muted: true, controls: true, preload: 'none' });
    expect(props.poster).toMatch(/\/attached-assets\/about-video-poster\.webp$/);
    expect(props.text).toBe('Your browser does not support the video tag.');
    expect(props.label).toBeTruthy();
  });

  it('home: contact has a tel:, a mailto: and the Instagram link, and no form', async () => {
    await open('/');
    const contact = page.locator('#contact');
    expect(await contact.locator('a[href^="tel:"]').getAttribute('href')).toBe(`tel:${siteContent.contact.phoneHref}`);
    expect(await contact.locator('a[href^="mailto:"]').getAttribute('href')).toBe(
      `mailto:${siteContent.contact.email}`,
    );
    expect(await contact.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      siteContent.contact.instagramUrl,
    );
    expect(await page.locator('form').count()).toBe(0);
  });

  it('footer: brand, Quick Links, Get Involved, the policy pages and the copyright of this year', async () => {
    await open('/');
    const footer = page.locator('footer');
    for (const name of ['About Us', 'Our Services', 'Donate', 'Contact']) {
      await footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name, exact: true }).waitFor();
    }
    // Volunteer, Foster and Partner lead to their application forms, Adopt to the adoptable animals.
    const getInvolved = {
      Volunteer: '/volunteer',
      Foster: '/foster',
      Adopt: '/adopt',
      'Partner with us': '/partner',
    };
    for (const [name, path] of Object.entries(getInvolved)) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    const policies = {
      'Privacy Policy': '/privacy',
      'Terms of Service': '/terms',
      Refunds: '/refunds',
      'Contact details': '/contact',
    };
    for (const [name, path] of Object.entries(policies)) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    await expect(footer.textContent()).resolves.toContain(`© ${indiaDate(new Date()).year} ${siteContent.trust.name}`);
  });

  it('navigation: the links of the header, the current route marked, sections scrolled to from /donate', async () => {
    await open('/donate');
    let nav = page.getByRole('navigation', { name: 'Main' });
    if (phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.evaluate((element) => element.getBoundingClientRect().width)).toBe(256);
      // Slid in from the left edge.
      await menu.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      expect(await menu.evaluate((element) => element.getBoundingClientRect().left)).toBe(0);
      nav = menu.getByRole('navigation', { name: 'Menu' });
    }
    const links = nav.getByRole('link');
    expect(await links.allTextContents()).toEqual(['Home', 'About', 'Services', 'Impact', 'Donate', 'Contact']);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      '/#about',
      '/#services',
      '/#impact',
      '/donate',
      '/#contact',
    ]);
    expect(await nav.getByRole('link', { name: 'Donate' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    await nav.getByRole('link', { name: 'Impact' }).click();
    await page.waitForURL(`${suite.server.url}/#impact`);
    if (phone) await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    // Scrolled smoothly until the section sits just under the sticky header.
    await page.waitForFunction(() => {
      const top = document.getElementById('impact')?.getBoundingClientRect().top ?? 999;
      return (
        Math.abs(top - 72) < 8 || (window.scrollY + window.innerHeight >= document.body.scrollHeight - 2 && top < 400)
      );
    });
    // On phones these links sit in the closed menu, so they are found by markup, not by role.
    expect(await page.locator('a.nav-link[href="/"]').first().getAttribute('aria-current')).toBe('page');
    // Only navigation links say they are the current page; the logo link does not repeat it.
    expect(await page.locator('a.brand-link').getAttribute('aria-current')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('the logo goes home without reloading the page', async () => {
    await open('/donate');
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.getByRole('link', { name: `${siteContent.trust.name}: home` }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.locator('#home').waitFor();
    await expect(page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).resolves.toBe(true);
  });

  it('the hero’s Learn More scrolls smoothly to About', async () => {
    await open('/');
    const scrollBehavior = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    expect(scrollBehavior).toBe('smooth');
    await page.locator('#home').getByRole('link', { name: 'Learn More' }).click();
    await page.waitForFunction(
      () => Math.abs((document.getElementById('about')?.getBoundingClientRect().top ?? 999) - 72) < 8,
    );
  });

  it('unknown paths: the 404 page with status 404', async () => {
    const response = await open('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').allTextContents()).resolves.toEqual(['Page Not Found']);
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('prerendered, cached and compressed', () => {
  it('serves text and layout before any script runs', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Every Animal Deserves a Second Chance' }).waitFor();
    await page.goto(`${suite.server.url}/donate`);
    await page.getByRole('heading', { level: 2, name: 'Make a Donation' }).waitFor();
    await page.getByRole('button', { name: 'Donate Now' }).waitFor();
    await context.close();
  });

  it('has the head of a shareable page: canonical, Open Graph and Twitter tags with absolute SITE_URL addresses', async () => {
    for (const [path, title] of [
      ['/', siteContent.meta.homeTitle],
      ['/donate', siteContent.meta.donateTitle],
    ] as const) {
      const response = await fetch(`${suite.server.url}${path}`);
      const html = await response.text();
      const meta = (attribute: string, name: string) =>
        html.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`))?.[1];
      expect(html).toContain('<html lang="en-IN"');
      expect(html).toContain(`<link rel="canonical" href="${suite.server.url}${path}"`);
      expect(meta('property', 'og:url')).toBe(`${suite.server.url}${path}`);
      expect(meta('property', 'og:title')).toBe(title);
      expect(meta('property', 'og:image')).toBe(`${suite.server.url}/attached-assets/og-image.jpg`);
      expect(meta('name', 'twitter:card')).toBe('summary_large_image');
      expect(meta('name', 'twitter:image')).toBe(`${suite.server.url}/attached-assets/og-image.jpg`);
      expect(meta('name', 'description')).toBeTruthy();
      expect(meta('name', 'theme-color')).toBe('#1b5e20');
      expect(html).toContain('rel="icon"');
      expect(html).not.toContain('__SITE_URL__');
      // An inline script runs only if the CSP names its hash (the static pages' one-line loader); a
      // JSON data block (a React page's content, for its hydration) is never run.
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const [, code = ''] of html.matchAll(
        /<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([^<]*)<\/script>/g,
      ))
        expect(csp).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    }
    const image = await fetch(`${suite.server.url}/attached-assets/og-image.jpg`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('caches hashed assets for a year, revalidates HTML, and sends brotli or gzip', async () => {
    const page = await (await fetch(`${suite.server.url}/`, { headers: { 'accept-encoding': 'br' } })).text();
    // The entry (a chunk of a few hundred bytes is sent as it is: scripts/prerender.ts precompresses from 512 bytes).
    const script = page.match(/"(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const home = await fetch(`${suite.server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(home.headers.get('content-encoding')).toBe('br');
    for (const encoding of ['br', 'gzip']) {
      const asset = await fetch(`${suite.server.url}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe(encoding);
    }
  });

  it('keeps React, the form, the tRPC client and the checkout off the home page', async () => {
    const page = await suite.browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${suite.server.url}/`, { waitUntil: 'networkidle' });
    expect(requested.filter((path) => /DonateRoute|\/trpc|checkout/.test(path))).toEqual([]);
    // The home page is markup and CSS: React and the router (the hydrate chunk) load on the donate page only.
    expect(requested.filter((path) => /\/assets\/hydrate-/.test(path))).toEqual([]);
    // The home page's first-load script stays within its budget: 100 KB as gzip.
    let gzipBytes = 0;
    for (const path of requested.filter((p) => p.endsWith('.js'))) {
      // As sent to a browser without brotli: gzip, or as it is when too small to compress (under 512 bytes).
      const gz = await fetch(`${suite.server.url}${path}.gz`);
      const sent = gz.status === 200 ? gz : await fetch(`${suite.server.url}${path}`);
      expect(sent.status, path).toBe(200);
      gzipBytes += (await sent.arrayBuffer()).byteLength;
    }
    expect(gzipBytes).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThanOrEqual(100 * 1024);
    await page.close();
  });

  it('hydrates the donate page without the router, the staff console, the tRPC client library or zod', async () => {
    const page = await suite.browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${suite.server.url}/donate`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const scripts = requested.filter((path) => path.endsWith('.js') && path.startsWith('/assets/'));
    expect(scripts.some((path) => /DonateRoute/.test(path))).toBe(true);
    expect(scripts.filter((path) => /staff-console/.test(path))).toEqual([]);
    // A few larger chunks, not one per set of shared modules (16 before: a request and its headers each).
    expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(7);
    for (const path of scripts) {
      const code = await (await fetch(`${suite.server.url}${path}`)).text();
      // TanStack Router's history keeps this key in every entry; @trpc/client names its error class.
      expect(code, path).not.toContain('__TSR_index');
      expect(code, path).not.toContain('TRPCClientError');
      // Zod's classes carry their names: the form's validation comes once the donor starts on the form.
      expect(code, path).not.toContain('$ZodType');
      expect(code, path).not.toContain('ZodError');
    }
    const validation = page.waitForResponse((response) => /\/assets\/validate-donation-/.test(response.url()));
    await page.getByLabel(/Full Name/).focus();
    expect((await validation).ok()).toBe(true);
    await page.close();
  });
});
