import { useId } from 'react';
import {
  type AdoptableCard,
  type AdoptFilters,
  type AdoptListOnPage,
  AGE_BANDS,
  adoptQueryString,
} from '../../../shared/adoptable';
import { LANGUAGE_TAGS } from '../../../shared/languages';
import { ADOPT_PATH, localizedPath } from '../../../shared/locale-paths';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { type MessageKey, useLanguage, useMessages } from '../../i18n';
import { ageWords, sexWord, speciesWord } from './adopt-words';

const CARD_SIZES = '(min-width: 48em) 22rem, 100vw';

const AGE_WORDS: Record<(typeof AGE_BANDS)[number], MessageKey> = {
  baby: 'adopt_age_baby',
  young: 'adopt_age_young',
  adult: 'adopt_age_adult',
  senior: 'adopt_age_senior',
};

/** One filter as a native select: works before and without script, and a phone shows its own picker. */
function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: keyof AdoptFilters;
  label: string;
  value: string | undefined;
  options: [string, string][];
}) {
  const id = useId();
  const t = useMessages();
  return (
    <div className="adopt-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ''}>
        <option value="">{t('adopt_filter_any')}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

function AnimalCard({ animal, first }: { animal: AdoptableCard; first: boolean }) {
  const t = useMessages();
  const language = useLanguage();
  return (
    <li className="card adopt-card">
      {animal.photo ? (
        <ResponsiveImage
          image={animal.photo}
          sizes={CARD_SIZES}
          className="adopt-card-photo"
          // The first card's photo is the page's largest paint on a phone.
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
        />
      ) : null}
      <h2 className="h3">
        <a href={localizedPath(language, `${ADOPT_PATH}/${animal.slug}`)}>{animal.name}</a>
      </h2>
      <p className="adopt-card-facts">
        {[speciesWord(t, animal.species), sexWord(t, animal.sex), ageWords(t, animal.age)].join(' · ')}
      </p>
      {animal.oneLine ? <p {...(animal.oneLineInEnglish ? { lang: LANGUAGE_TAGS.en } : {})}>{animal.oneLine}</p> : null}
    </li>
  );
}

/**
 * `/adopt`: the adoptable animals, those waiting longest first, with the filters a family uses as
 * a plain GET form (the server reads the query string: no script needed), a page at a time.
 */
export function AdoptListPage({ list }: { list: AdoptListOnPage }) {
  const t = useMessages();
  const language = useLanguage();
  const { filters, page, pages, total, animals } = list;
  const listPath = localizedPath(language, ADOPT_PATH);
  const filtered = adoptQueryString(filters) !== '';
  return (
    <section className="section adopt" aria-labelledby="adopt-title">
      <div className="container">
        <h1 id="adopt-title" className="page-title">
          {t('adopt_title')}
        </h1>
        <p className="adopt-intro">{t('adopt_intro')}</p>
        <form method="get" action={listPath} className="adopt-filters" aria-labelledby="adopt-filters-title">
          <h2 id="adopt-filters-title" className="h4">
            {t('adopt_filters_title')}
          </h2>
          <div className="adopt-fields">
            <FilterSelect
              name="species"
              label={t('adopt_filter_species')}
              value={filters.species}
              options={[
                ['dog', t('adopt_species_dogs')],
                ['cat', t('adopt_species_cats')],
              ]}
            />
            <FilterSelect
              name="age"
              label={t('adopt_filter_age')}
              value={filters.age}
              options={AGE_BANDS.map((band) => [band, t(AGE_WORDS[band] as 'adopt_age_baby')])}
            />
            <FilterSelect
              name="sex"
              label={t('adopt_filter_sex')}
              value={filters.sex}
              options={[
                ['male', t('adopt_sex_male')],
                ['female', t('adopt_sex_female')],
              ]}
            />
            <FilterSelect
              name="needs"
              label={t('adopt_filter_needs')}
              value={filters.needs}
              options={[
                ['none', t('adopt_needs_none')],
                ['has', t('adopt_needs_has')],
              ]}
            />
            <label className="adopt-check">
              <input type="checkbox" name="children" value="yes" defaultChecked={filters.children === 'yes'} />
              {t('adopt_filter_children')}
            </label>
          </div>
          <div className="adopt-actions">
            <button type="submit" className="btn btn-primary">
              {t('adopt_filter_submit')}
            </button>
            {filtered ? <a href={listPath}>{t('adopt_filter_clear')}</a> : null}
          </div>
        </form>
        <p className="adopt-count">{total === 1 ? t('adopt_count_one') : t('adopt_count', { count: total })}</p>
        {animals.length > 0 ? (
          <ul className="card-grid cols-3 plain-list">
            {animals.map((animal, index) => (
              <AnimalCard key={animal.slug} animal={animal} first={index === 0} />
            ))}
          </ul>
        ) : (
          <div className="notice">
            <p>{t('adopt_none')}</p>
            <p className="adopt-muted">{t('adopt_none_hint')}</p>
          </div>
        )}
        {pages > 1 ? (
          <nav className="adopt-pager" aria-label={t('adopt_pages_label')}>
            {page > 1 ? (
              <a rel="prev" href={`${listPath}${adoptQueryString(filters, Math.min(page - 1, pages))}`}>
                {t('adopt_previous')}
              </a>
            ) : null}
            <span>{t('adopt_page_of', { page: Math.min(page, pages), pages })}</span>
            {page < pages ? (
              <a rel="next" href={`${listPath}${adoptQueryString(filters, page + 1)}`}>
                {t('adopt_next')}
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
    </section>
  );
}
