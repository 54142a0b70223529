import { describe, expect, it } from 'vitest';
import { REACT_PAGES, reactPageAt } from './react-pages';

describe('the React pages the entry hydrates (main.tsx)', () => {
  it('finds the donate page with or without a trailing slash, and nothing for the static pages', () => {
    expect(reactPageAt('/donate')).toEqual({ path: '/donate', page: REACT_PAGES['/donate'] });
    expect(reactPageAt('/donate/')).toEqual({ path: '/donate', page: REACT_PAGES['/donate'] });
    expect(reactPageAt('/')).toBeUndefined();
    expect(reactPageAt('/no-such-page')).toBeUndefined();
  });

  it('loads each page as a component', async () => {
    for (const page of Object.values(REACT_PAGES)) expect(typeof (await page.load())).toBe('function');
  });
});
