import { LANGUAGE_FONTS } from '../../../../shared/language-fonts';

/**
 * The checkout modal's fonts: the site's Noto faces of Tamil and Devanagari (shared/language-fonts.ts,
 * the woff2 files the site serves under /fonts), before the system's font as on the site's pages. The
 * modal shows the checkout's description and the trust's name in the page's language, and a machine
 * without those scripts' fonts drew them as boxes (after system-ui, Chromium still drew bold Tamil as
 * boxes). Each face covers only its script (unicode-range), so Latin text keeps the system's font and
 * a modal whose text needs neither never loads them; the phone's own Noto is used where it has one.
 */
export function checkoutFontCss(): string {
  const fonts = Object.values(LANGUAGE_FONTS);
  const faces = fonts.flatMap((font) =>
    [400, 700].map(
      (weight) =>
        `@font-face{font-family:"${font.family}";font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:local("${font.family}${weight === 700 ? ' Bold' : ''}"),url(/fonts/${font.file}-${weight}.woff2) format("woff2");` +
        `unicode-range:${font.unicodeRange}}`,
    ),
  );
  const families = fonts.map((font) => `"${font.family}"`).join(',');
  return `${faces.join('\n')}\n.rzp-sandbox-backdrop{font-family:${families},system-ui,sans-serif}\n`;
}
