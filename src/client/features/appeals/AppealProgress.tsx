import type { PublicAppeal } from '../../../shared/appeals.schema';
import { formatRupees } from '../../../shared/rupees';
import { useLanguage, useMessages } from '../../i18n';
import { formatCount, timeLeft } from './appeal-data';
import { withNodes } from './message-with-nodes';

const TRACK = {
  height: 14,
  borderRadius: 7,
  background: '#e9ecef',
  overflow: 'hidden',
  border: '1px solid #868e96',
} as const;

/**
 * Raised against the goal as a bar, the donors, and the days left (or that the appeal is closed),
 * in the page's language (amounts with Indian grouping in every language): plain markup, no script.
 */
export function AppealProgress({
  appeal,
}: {
  appeal: Pick<PublicAppeal, 'raised' | 'goal' | 'percent' | 'donors' | 'status' | 'daysLeft' | 'open'>;
}) {
  const t = useMessages();
  const language = useLanguage();
  const raised = formatRupees(appeal.raised);
  const goal = formatRupees(appeal.goal);
  const left = timeLeft(appeal);
  const leftText =
    left === null
      ? null
      : 'days' in left
        ? t('appeal_days_left', { days: formatCount(left.days, language) })
        : t(left.key);
  return (
    <div className="appeal-progress">
      <p style={{ margin: 0, fontSize: '1.125rem' }}>
        {withNodes((slot) => t('appeal_raised_of_goal', { raised: slot('raised'), goal }), {
          raised: <strong data-testid="appeal-raised">{raised}</strong>,
        })}
      </p>
      <div
        role="progressbar"
        aria-label={t('appeal_progress_label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={appeal.percent}
        aria-valuetext={t('appeal_progress_value', { raised, goal, percent: String(appeal.percent) })}
        style={{ ...TRACK, margin: '0.5rem 0' }}
      >
        <div style={{ width: `${appeal.percent}%`, height: '100%', background: '#1b5e20' }} />
      </div>
      <p style={{ margin: 0 }}>
        <span data-testid="appeal-donors">
          {formatCount(appeal.donors, language)} {t(appeal.donors === 1 ? 'appeal_donor' : 'appeal_donors')}
        </span>
        {' · '}
        {t('appeal_percent_of_goal', { percent: String(appeal.percent) })}
        {leftText ? ` · ${leftText}` : ''}
      </p>
    </div>
  );
}
