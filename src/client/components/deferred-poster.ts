/**
 * Videos name their poster in `data-poster`, and a script sets it once the page has loaded: the
 * static pages' (./static-page.ts), or SiteVideo's effect (./media.tsx) where React renders. A poster in the
 * HTML would be fetched with the hero and delay its paint, though the videos sit below the fold.
 * Without JavaScript a video has no poster; it still plays.
 */
export function showDeferredPoster(video: HTMLVideoElement): void {
  const poster = video.dataset.poster;
  if (poster && !video.getAttribute('poster')) video.poster = poster;
}
