import type { PublicAppeal } from '../../../shared/appeals.schema';
import { formatRupees } from '../../../shared/rupees';
import { timeLeft } from './appeal-data';

const TRACK = {
  height: 14,
  borderRadius: 7,
  background: '#e9ecef',
  overflow: 'hidden',
  border: '1px solid #868e96',
} as const;

/** Raised against the goal as a bar, the donors, and the days left (or that the appeal is closed): plain markup, no script. */
export function AppealProgress({
  appeal,
}: {
  appeal: Pick<PublicAppeal, 'raised' | 'goal' | 'percent' | 'donors' | 'status' | 'daysLeft' | 'open'>;
}) {
  const raised = formatRupees(appeal.raised);
  const goal = formatRupees(appeal.goal);
  const left = timeLeft(appeal);
  return (
    <div className="appeal-progress">
      <p style={{ margin: 0, fontSize: '1.125rem' }}>
        <strong data-testid="appeal-raised">{raised}</strong> raised of {goal} goal
      </p>
      <div
        role="progressbar"
        aria-label="Raised towards the goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={appeal.percent}
        aria-valuetext={`${raised} of ${goal} (${appeal.percent}%)`}
        style={{ ...TRACK, margin: '0.5rem 0' }}
      >
        <div style={{ width: `${appeal.percent}%`, height: '100%', background: '#1b5e20' }} />
      </div>
      <p style={{ margin: 0 }}>
        <span data-testid="appeal-donors">
          {appeal.donors} {appeal.donors === 1 ? 'donor' : 'donors'}
        </span>
        {' · '}
        {appeal.percent}% of the goal{left ? ` · ${left}` : ''}
      </p>
    </div>
  );
}
