import { finishDeferredVideo } from './deferred-video';

/**
 * The home and 404 pages load without React: their prerendered markup and CSS are the whole page
 * (sections scroll smoothly by CSS, the current link is marked in the HTML), and only the header's
 * menu needs a script. These few lines give the prerendered <dialog> what SiteHeader gives it once
 * React runs: open from the button, close on Escape (native), on the backdrop, on ×, and when a
 * link is chosen (before the browser follows it, so the page behind is no longer inert and scrolls).
 * It also gives the videos their posters and controls (./deferred-video.ts). React and the router load only on the
 * donate page.
 */
export function enhanceStaticPage(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>('dialog#site-menu');
  const opener = root.querySelector<HTMLButtonElement>('[aria-controls="site-menu"]');
  if (dialog && opener) {
    opener.addEventListener('click', () => {
      dialog.showModal();
      opener.setAttribute('aria-expanded', 'true');
    });
    dialog.addEventListener('close', () => opener.setAttribute('aria-expanded', 'false'));
    dialog.addEventListener('click', (event) => {
      const target = event.target as Element;
      // A click on the backdrop lands on the <dialog> itself, outside its panel.
      if (target === dialog || target.closest('.menu-close, a')) dialog.close();
    });
  }
  // The footer's placeholders have no target yet (the trust has not written those pages): they go nowhere, not to "#".
  root.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href="#"]')) event.preventDefault();
  });
  for (const video of root.querySelectorAll('video')) finishDeferredVideo(video);
  root.dataset.enhanced = 'static';
}
