import { LANGUAGE_FONTS } from '../shared/language-fonts';
import type { Language } from '../shared/languages';

/**
 * A Tamil or Hindi page's Noto, requested only once the page has painted (src/client/main.tsx),
 * and the offered language's on another language's page (./language-offer.ts). Until then the
 * page's text shows in the device's own font for that script (server/transports/web/page-documents.ts names
 * the family first, so a phone that has Noto, as Android does, shows it from the first paint).
 * The phone's own first here too (`local()`): most download nothing. Nothing waits for a font, and
 * no font competes with the page's own first requests on a slow network (issue 34: both weights
 * preloaded put /hi/donate's LCP at 2.4 times an empty page's).
 *
 * The faces join the document together once all are loaded: the text is set again once, not once
 * per weight. Returns the family, or undefined for a language that needs no font of its own.
 */
export function loadLanguageFonts(language: Language, weights: readonly number[] = [400, 700]): string | undefined {
  const font = LANGUAGE_FONTS[language];
  if (!font) return undefined;
  const faces = weights.map(
    (weight) =>
      new FontFace(
        font.family,
        `${localNames(font.family, weight)}, url(/fonts/${font.file}-${weight}.woff2) format("woff2")`,
        {
          weight: String(weight),
          display: 'swap',
          unicodeRange: font.unicodeRange,
        },
      ),
  );
  void Promise.all(faces.map((face) => face.load())).then(
    () => {
      for (const face of faces) document.fonts.add(face);
    },
    // Offline, or the file refused: the device's own font stays, as it was.
    () => undefined,
  );
  return font.family;
}

/**
 * The phone's own file of that weight, by its full and its PostScript name ("Noto Sans Tamil Bold",
 * "NotoSansTamil-Bold"): the family's name alone is the regular file, which would set the bold
 * headings in regular.
 */
export function localNames(family: string, weight: number): string {
  const style = weight >= 700 ? 'Bold' : 'Regular';
  const fullName = style === 'Bold' ? `${family} Bold` : family;
  return `local("${fullName}"), local("${family.replace(/ /g, '')}-${style}")`;
}
