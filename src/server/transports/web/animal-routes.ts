import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { ADOPT_PATH, localizedPath } from '../../../shared/locale-paths';
import { withoutDocumentOnlyHeaders } from '../../platform/security/security-headers';
import type { AnimalPages } from './animal-pages';
import { type PrerenderedPage, sendPage } from './pages';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (slug: string) => slug.length <= 80 && SLUG.test(slug);

/**
 * The adoptable animals' pages in each language (`/adopt`, `/ta/adopt/<slug>`, …) and each
 * animal's Open Graph card (`/adopt/<slug>/card-<photo hash>.jpg`). An animal without a page, or
 * a slug that cannot be one, is that language's 404 page.
 */
export function animalRoutes(
  app: FastifyInstance,
  {
    animalPages,
    notFound,
    adoptForm,
  }: {
    animalPages: AnimalPages;
    notFound: (path?: string) => PrerenderedPage;
    /** The adoption form's page in a language (`/apply/adopt`): an animal's own form is that page. */
    adoptForm: (language: Language) => PrerenderedPage;
  },
): void {
  for (const language of LANGUAGES) {
    // An animal's adoption form (DESIGN.md: `/adopt/<slug>/apply`): the adoption form's page, which
    // reads the slug from its address and names the animal, or says it has found a home.
    app.get<{ Params: { slug: string } }>(localizedPath(language, `${ADOPT_PATH}/:slug/apply`), (request, reply) =>
      isSlug(request.params.slug)
        ? sendPage(request, reply, adoptForm(language), 200)
        : sendPage(request, reply, notFound(localizedPath(language, '/')), 404),
    );
    app.get(localizedPath(language, ADOPT_PATH), async (request, reply) =>
      sendPage(request, reply, await animalPages.list(request.query as Record<string, unknown>, language), 200),
    );
    app.get<{ Params: { slug: string } }>(localizedPath(language, `${ADOPT_PATH}/:slug`), async (request, reply) => {
      const { slug } = request.params;
      const page = isSlug(slug) ? await animalPages.animal(slug, language) : null;
      return page
        ? sendPage(request, reply, page, 200)
        : sendPage(request, reply, notFound(localizedPath(language, '/')), 404);
    });
  }
  // The card's address names its photo: a new photo is a new address, so a year in caches.
  app.get<{ Params: { slug: string; file: string } }>(`${ADOPT_PATH}/:slug/:file`, async (request, reply) => {
    const { slug, file } = request.params;
    const hash = file.match(/^card-([0-9a-f]{32})\.jpg$/)?.[1];
    const jpeg = hash && isSlug(slug) ? await animalPages.card(slug, hash) : null;
    if (!jpeg) return sendPage(request, reply, notFound(), 404);
    withoutDocumentOnlyHeaders(reply);
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${hash}"`)
      .send(jpeg);
  });
}
