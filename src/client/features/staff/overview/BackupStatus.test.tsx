import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { BackupStatus } from './BackupStatus';

const now = new Date('2026-11-25T12:00:00Z');

describe("the overview's backup line", () => {
  it('says when the last backup was taken, quietly, while it is recent', () => {
    render(
      <BackupStatus
        backup={{ lastTakenAt: '2026-11-24T21:00:00.000Z', kind: 'nightly', sizeBytes: 12_345_678, stale: false }}
        now={now}
      />,
    );
    expect(screen.getByText('Last backup: 25 Nov 2026, 02:30 IST (nightly, 12 MB)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last one is over two days old', () => {
    render(
      <BackupStatus
        backup={{ lastTakenAt: '2026-11-22T09:00:00.000Z', kind: 'manual', sizeBytes: 900, stale: true }}
        now={now}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The last backup is 3 days old');
    expect(screen.getByRole('alert')).toHaveTextContent('Last backup: 22 Nov 2026, 14:30 IST (manual, 900 B)');
  });

  it('warns when none was ever taken', () => {
    render(<BackupStatus backup={{ lastTakenAt: null, kind: null, sizeBytes: null, stale: true }} now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No backup of the database has been taken');
  });
});
