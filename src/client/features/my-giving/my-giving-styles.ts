/*
 * The donor's own page takes all of Mantine's styles, the same file the staff console loads, rather
 * than the donate page's pick: a stylesheet shared with the donate chunk would be split out of it,
 * and the donate page (the one that must be fast) would block on one more file. The prerendered
 * /my-giving links it (scripts/prerender.ts). The `.layer.css` build sits in `@layer mantine`,
 * below the site's own unlayered rules.
 */
import '@mantine/core/styles.layer.css';
