import { useEffect, useState } from 'react';
import { ANIMAL_SLUG_PATTERN, type ApplicationAnimal } from '../../../shared/application-forms.schema';
import type { ApplicationKind } from '../../../shared/applications';
import { type MessageKey, useLocalizedHref, useMessages } from '../../i18n';
import { ApplicationForm } from './ApplicationForm';
import { loadApplicationAnimal } from './application-api';

const TITLES: Record<ApplicationKind, MessageKey> = {
  adopt: 'apply_title_adopt',
  foster: 'apply_title_foster',
  volunteer: 'apply_title_volunteer',
  partner: 'apply_title_partner',
};
const INTROS: Record<ApplicationKind, MessageKey> = {
  adopt: 'apply_intro_adopt',
  foster: 'apply_intro_foster',
  volunteer: 'apply_intro_volunteer',
  partner: 'apply_intro_partner',
};

/**
 * The animal an adoption names (`?animal=<slug>`, read after hydration: the prerendered page knows
 * no query): none (any dog or cat), still looking for a home, found a home meanwhile, or unknown.
 */
type NamedAnimal =
  | { kind: 'none' }
  | { kind: 'adoptable'; animal: ApplicationAnimal }
  | { kind: 'gone'; name: string | null }
  | { kind: 'unknown' };

/**
 * The slug of the animal an adoption names: its form's own address (`/adopt/<slug>/apply`, in any
 * language, served as this page by transports/web/animal-routes.ts) or `/apply/adopt?animal=<slug>`.
 */
export function namedAnimalSlug(location: { pathname: string; search: string }): string | undefined {
  const fromPath = location.pathname.match(/\/adopt\/([^/]+)\/apply\/?$/)?.[1];
  const slug = fromPath ?? new URLSearchParams(location.search).get('animal') ?? undefined;
  return slug?.trim().toLowerCase();
}

/** An application page: its title and intro, the animal it names (adoptions), and the form. */
export function ApplyPage({ kind }: { kind: ApplicationKind }) {
  const t = useMessages();
  const href = useLocalizedHref();
  const [named, setNamed] = useState<NamedAnimal>({ kind: 'none' });

  useEffect(() => {
    if (kind !== 'adopt') return;
    const slug = namedAnimalSlug(window.location);
    if (!slug) return;
    if (slug.length > 80 || !ANIMAL_SLUG_PATTERN.test(slug)) return setNamed({ kind: 'unknown' });
    loadApplicationAnimal(slug)
      .then((animal) =>
        setNamed(
          !animal
            ? { kind: 'unknown' }
            : animal.adoptable
              ? { kind: 'adoptable', animal }
              : { kind: 'gone', name: animal.name },
        ),
      )
      // Unreachable: the form still works as "any dog or cat"; the server checks a named animal anyway.
      .catch(() => setNamed({ kind: 'none' }));
  }, [kind]);

  const chooseAny = () => {
    setNamed({ kind: 'none' });
    history.replaceState(history.state, '', window.location.pathname);
  };

  return (
    <section className="section" aria-labelledby="apply-title">
      <div className="container apply-container">
        <h1 id="apply-title" className="page-title">
          {t(TITLES[kind])}
        </h1>
        <p className="apply-intro">{t(INTROS[kind])}</p>
        {named.kind === 'adoptable' ? (
          <div className="note note-brand apply-animal" data-testid="named-animal">
            <p style={{ margin: 0 }} className="text-strong">
              {t('apply_adopt_animal', { name: named.animal.name })}
            </p>
            <button type="button" className="btn-link" onClick={chooseAny}>
              {t('apply_adopt_any_instead')}
            </button>
          </div>
        ) : null}
        {named.kind === 'gone' || named.kind === 'unknown' ? (
          <div className="note note-yellow apply-animal" role="status" data-testid="named-animal">
            <p style={{ margin: 0 }}>
              {named.kind === 'gone' && named.name
                ? t('apply_adopt_animal_found_home', { name: named.name })
                : t('apply_adopt_animal_unknown')}
            </p>
            <p style={{ margin: '0.5rem 0 0' }}>
              <a href={href('/adopt')}>{t('apply_adopt_see_others')}</a>
            </p>
          </div>
        ) : null}
        <ApplicationForm
          kind={kind}
          animal={named.kind === 'adoptable' ? named.animal.slug : undefined}
          onAnimalGone={() =>
            setNamed((current) => ({ kind: 'gone', name: current.kind === 'adoptable' ? current.animal.name : null }))
          }
        />
      </div>
    </section>
  );
}
