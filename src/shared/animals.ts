/**
 * The words of an animal's record, shared by the console, the public pages, the feed and the
 * database's CHECK constraints (Migration20261129120000): one list each, so a value the page
 * offers is one the table takes. No Node or DOM imports.
 */

export const SPECIES = ['dog', 'cat'] as const;
export type Species = (typeof SPECIES)[number];

export const SEXES = ['male', 'female', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];

/** How the animal came into the trust's care. */
export const INTAKE_KINDS = ['rescued', 'handed-over', 'sterilisation-drive', 'born-in-care'] as const;
export type IntakeKind = (typeof INTAKE_KINDS)[number];

/** Good with dogs, cats, children; house-trained: what staff know, "not known" until they do. */
export const YES_NO_UNKNOWN = ['yes', 'no', 'unknown'] as const;
export type YesNoUnknown = (typeof YES_NO_UNKNOWN)[number];

/**
 * Special needs a family filters by. Free words go in `condition`; these are the ones a filter
 * and a search can count on.
 */
export const SPECIAL_NEEDS = [
  'paralysed',
  'blind',
  'deaf',
  'aged',
  'three-legged',
  'chronic-illness',
  'needs-daily-medication',
] as const;
export type SpecialNeed = (typeof SPECIAL_NEEDS)[number];

/**
 * An animal's status: in care → adoptable → reserved → adopted, or fostered, a permanent resident,
 * returned to its locality (a street animal after treatment or sterilisation), died. Only
 * `adoptable` animals are on `/adopt`; a reserved one has found a home.
 */
export const ANIMAL_STATUSES = [
  'in-care',
  'adoptable',
  'reserved',
  'adopted',
  'fostered',
  'resident',
  'returned',
  'died',
] as const;
export type AnimalStatus = (typeof ANIMAL_STATUSES)[number];

/**
 * The moves staff may make from each status: the one place the rule is written (the server
 * refuses any other move; the console offers only these). Died is final; an adopted animal can
 * only come back into care.
 */
export const ANIMAL_STATUS_MOVES: Record<AnimalStatus, readonly AnimalStatus[]> = {
  'in-care': ['adoptable', 'fostered', 'resident', 'returned', 'died'],
  adoptable: ['reserved', 'adopted', 'in-care', 'fostered', 'resident', 'returned', 'died'],
  reserved: ['adopted', 'adoptable', 'in-care', 'died'],
  adopted: ['in-care'],
  fostered: ['in-care', 'adoptable', 'adopted', 'resident', 'died'],
  resident: ['in-care', 'adoptable', 'fostered', 'died'],
  returned: ['in-care'],
  died: [],
};

export const canMoveAnimal = (from: AnimalStatus, to: AnimalStatus): boolean => ANIMAL_STATUS_MOVES[from].includes(to);

/** The animal has left the trust's care: sponsors are told and offered another animal (issue 43). */
export const LEFT_CARE_STATUSES: readonly AnimalStatus[] = ['adopted', 'returned', 'died'];
