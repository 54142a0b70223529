/**
 * Videos name their poster in `data-poster` and have no controls in the HTML; a script gives them
 * both once the page has loaded: the static pages' (./static-page.ts), or SiteVideo's effect
 * (./media.tsx) where React renders. A poster in the HTML would be fetched with the hero and delay
 * its paint, though the videos sit below the fold; the browser's controls are a tree of their own
 * (Chromium's: styles, a layout and seven icon images) built before the first paint (issue 34:
 * the home page's LCP, 1.34 times an empty page's with them, 1.22 without). Without JavaScript a
 * video shows neither.
 */
export function finishDeferredVideo(video: HTMLVideoElement): void {
  const poster = video.dataset.poster;
  if (poster && !video.getAttribute('poster')) video.poster = poster;
  video.controls = true;
}
