import { formatRupees } from '../../../shared/rupees';
import { type SponsorBlock as SponsorBlockData, sponsorDonatePath } from '../../../shared/sponsorship';
import { useLocalizedHref, useMessages } from '../../i18n';

/**
 * The sponsor block of an animal's page (`/adopt/<slug>`, adopt-pages' page: its data is the
 * server's `sponsorBlockOf(em, slug)`, animals/sponsors/sponsorship.ts, null when the animal takes no
 * sponsors): "Sponsor Bruno: ₹3,500 a month", how many sponsor it (never who), and the way to the
 * donate form filled in for it, which starts the same monthly gift as every other, tied to the animal.
 */
export function SponsorBlock({ block }: { block: SponsorBlockData }) {
  const t = useMessages();
  const localized = useLocalizedHref();
  const { name } = block;
  return (
    <section className="panel" aria-labelledby="sponsor-title" data-testid="sponsor-block">
      <h2 id="sponsor-title" className="panel-title-sm">
        {t('sponsor_block_title', { name, amount: formatRupees(block.monthlyAmount) })}
      </h2>
      <p>{t('sponsor_block_text', { name })}</p>
      <p className="text-small">
        {block.sponsors > 0
          ? t('sponsor_block_count', { name, count: String(block.sponsors) })
          : t('sponsor_block_first', { name })}
      </p>
      <a
        href={localized(sponsorDonatePath(block))}
        className="btn btn-filled btn-lg btn-block"
        style={{ marginTop: '1rem' }}
      >
        {t('sponsor_block_button', { name })}
      </a>
    </section>
  );
}
