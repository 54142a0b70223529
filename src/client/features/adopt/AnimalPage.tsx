import { type AnimalOnPage, hasFoundHome } from '../../../shared/adoptable';
import { LANGUAGE_TAGS } from '../../../shared/languages';
import { ADOPT_PATH, localizedPath } from '../../../shared/locale-paths';
import { whatsappShareHref } from '../../../shared/share-links';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useLanguage, useMessages } from '../../i18n';
import { useSiteUrl } from '../../site-url';
import { AnimalSponsorBlock } from './AnimalSponsorBlock';
import { ageWords, dayWords, needWord, sexWord, speciesWord, yesNoWord } from './adopt-words';

const MAIN_SIZES = '(min-width: 62em) 36rem, 100vw';
const ENGLISH = { lang: LANGUAGE_TAGS.en } as const;

/**
 * An animal's page (`/adopt/<slug>`): its photos, the facts a family asks about in plain words, its
 * story, the way to apply (while it is adoptable) and to share it, its appeals. Once it is reserved
 * or adopted the page says it has found a home and sends visitors to the others.
 */
export function AnimalPage({ animal }: { animal: AnimalOnPage }) {
  const t = useMessages();
  const language = useLanguage();
  const siteUrl = useSiteUrl();
  const { name } = animal;
  const [mainPhoto, ...morePhotos] = animal.photos;
  const foundHome = hasFoundHome(animal.status);
  const english = (field: AnimalOnPage['inEnglish'][number]) => (animal.inEnglish.includes(field) ? ENGLISH : {});
  const pagePath = localizedPath(language, `${ADOPT_PATH}/${animal.slug}`);
  const listPath = localizedPath(language, ADOPT_PATH);
  const facts: [string, string, { lang?: string }?][] = [
    [t('adopt_fact_age'), `${speciesWord(t, animal.species)} · ${ageWords(t, animal.age)}`],
    [t('adopt_fact_sex'), sexWord(t, animal.sex)],
    ...(animal.colour || animal.markings
      ? [
          [t('adopt_fact_colour'), [animal.colour, animal.markings].filter(Boolean).join('; '), ENGLISH] as [
            string,
            string,
            { lang: string },
          ],
        ]
      : []),
    [
      t('adopt_fact_sterilised'),
      animal.sterilised
        ? animal.sterilisedOn
          ? t('adopt_sterilised_on', { date: dayWords(animal.sterilisedOn, language) })
          : t('adopt_yes')
        : t('adopt_not_yet'),
    ],
    [
      t('adopt_fact_vaccinated'),
      animal.vaccinations.length > 0
        ? `${t('adopt_yes')}: ${animal.vaccinations
            .map((shot) => `${shot.vaccine}, ${dayWords(shot.givenOn, language)}`)
            .join('; ')}`
        : t('adopt_not_yet'),
    ],
    [t('adopt_fact_good_with_dogs'), yesNoWord(t, animal.goodWithDogs)],
    [t('adopt_fact_good_with_cats'), yesNoWord(t, animal.goodWithCats)],
    [t('adopt_fact_good_with_children'), yesNoWord(t, animal.goodWithChildren)],
    [t('adopt_fact_house_trained'), yesNoWord(t, animal.houseTrained)],
    [
      t('adopt_fact_special_needs'),
      animal.specialNeeds.length > 0
        ? animal.specialNeeds.map((need) => needWord(t, need)).join(', ')
        : t('adopt_none_short'),
    ],
    ...(animal.condition
      ? [[t('adopt_fact_condition'), animal.condition, ENGLISH] as [string, string, { lang: string }]]
      : []),
  ];
  return (
    <article className="section adopt-animal" aria-labelledby="animal-name">
      <div className="container">
        <h1 id="animal-name" className="page-title">
          {name}
        </h1>
        {foundHome ? (
          <div className="notice adopt-found-home">
            <h2 className="h4">{t('adopt_found_home_title', { name })}</h2>
            <p>{t('adopt_found_home_text', { name })}</p>
            <p>
              <a href={listPath}>{t('adopt_see_others')}</a>
            </p>
          </div>
        ) : null}
        <div className="adopt-animal-grid">
          <div>
            {mainPhoto ? (
              <ResponsiveImage
                image={mainPhoto}
                sizes={MAIN_SIZES}
                loading="eager"
                fetchPriority="high"
                className="adopt-main-photo"
              />
            ) : null}
            {animal.oneLine ? (
              <p className="adopt-one-line" {...english('oneLine')}>
                {animal.oneLine}
              </p>
            ) : null}
          </div>
          <div>
            <h2 className="h3">{t('adopt_facts_title', { name })}</h2>
            <dl className="adopt-facts">
              {facts.map(([term, value, attributes]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd {...attributes}>{value}</dd>
                </div>
              ))}
            </dl>
            {animal.status === 'adoptable' ? (
              <>
                <a
                  className="btn btn-primary btn-lg adopt-apply"
                  href={localizedPath(language, `/adopt/${encodeURIComponent(animal.slug)}/apply`)}
                >
                  {t('adopt_apply', { name })}
                </a>
                <p className="adopt-muted">{t('adopt_apply_note', { name })}</p>
              </>
            ) : !foundHome ? (
              <p>{t('adopt_resident_text', { name })}</p>
            ) : null}
            <AnimalSponsorBlock animal={animal} />
            {!foundHome ? (
              <p>
                <a
                  className="btn btn-light adopt-share"
                  href={whatsappShareHref(t('adopt_share_text', { name }), `${siteUrl}${pagePath}`)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('adopt_share', { name })}
                </a>
              </p>
            ) : null}
          </div>
        </div>
        {animal.story.length > 0 ? (
          <section aria-labelledby="animal-story" className="adopt-story">
            <h2 id="animal-story" className="h3">
              {t('adopt_story_title', { name })}
            </h2>
            <div {...english('story')}>
              {animal.story.map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and two may read the same.
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </section>
        ) : null}
        {morePhotos.length > 0 ? (
          <section aria-label={t('adopt_more_photos', { name })} className="adopt-photos">
            {morePhotos.map((photo) => (
              <ResponsiveImage key={photo.id} image={photo} sizes="(min-width: 48em) 22rem, 100vw" />
            ))}
          </section>
        ) : null}
        {animal.appeals.length > 0 ? (
          <section aria-labelledby="animal-appeals">
            <h2 id="animal-appeals" className="h3">
              {t('adopt_appeals_title', { name })}
            </h2>
            <ul>
              {animal.appeals.map((appeal) => (
                <li key={appeal.slug}>
                  <a
                    href={localizedPath(language, `/appeals/${appeal.slug}`)}
                    {...(appeal.titleInEnglish ? ENGLISH : {})}
                  >
                    {appeal.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}
