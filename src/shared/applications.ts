/**
 * The words of an application (adopt, foster, volunteer, partner) and its status, shared by the
 * public forms, the console and the database's CHECK constraints (Migration20261129120000).
 * No Node or DOM imports.
 */

export const APPLICATION_KINDS = ['adopt', 'foster', 'volunteer', 'partner'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/**
 * new → contacted → home-visit → approved → completed, or declined / withdrawn at any open step.
 * Declined and withdrawn applications are erased after the admins' period (12 months by default).
 */
export const APPLICATION_STATUSES = [
  'new',
  'contacted',
  'home-visit',
  'approved',
  'completed',
  'declined',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The statuses an application waits in (the overview counts those waiting over three days). */
export const OPEN_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['new', 'contacted', 'home-visit', 'approved'];

/** Closed for good; declined and withdrawn are the ones erased after the admins' period. */
export const CLOSED_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['completed', 'declined', 'withdrawn'];

/** The moves staff may make from each status: the one place the rule is written. */
export const APPLICATION_STATUS_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  new: ['contacted', 'home-visit', 'approved', 'declined', 'withdrawn'],
  contacted: ['home-visit', 'approved', 'declined', 'withdrawn'],
  'home-visit': ['approved', 'declined', 'withdrawn'],
  approved: ['completed', 'declined', 'withdrawn'],
  completed: [],
  declined: [],
  withdrawn: [],
};

export const canMoveApplication = (from: ApplicationStatus, to: ApplicationStatus): boolean =>
  APPLICATION_STATUS_MOVES[from].includes(to);

/** "Any dog or cat that would suit us", or a named animal (`animal_id`). */
export const WANTED_SPECIES = ['dog', 'cat', 'either'] as const;
export type WantedSpecies = (typeof WANTED_SPECIES)[number];

/** Months a declined or withdrawn application is kept before it is erased, unless admins set another. */
export const DEFAULT_APPLICATION_KEEP_MONTHS = 12;
