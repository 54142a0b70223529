/**
 * The link's token, kept in this tab's session storage once the page has read it from the address,
 * so the address bar and the history can lose it while a reload still works.
 */
const STORAGE_KEY = 'my-giving-token';

/** The token the donor arrived with (`?token=…`), else the one kept from earlier in this tab. */
export function readDonorToken(): { token: string | null; fromLink: boolean } {
  const fromLink = new URLSearchParams(window.location.search).get('token');
  if (fromLink) {
    sessionStorage.setItem(STORAGE_KEY, fromLink);
    return { token: fromLink, fromLink: true };
  }
  return { token: sessionStorage.getItem(STORAGE_KEY), fromLink: false };
}

export function forgetDonorToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
