import type { AnimalStatus, IntakeKind, Sex, SpecialNeed, Species, YesNoUnknown } from '../../../shared/animals';

/** The record's words as staff read them in the console. */
export const SPECIES_LABELS: Record<Species, string> = { dog: 'Dog', cat: 'Cat' };
export const SEX_LABELS: Record<Sex, string> = { male: 'Male', female: 'Female', unknown: 'Not known' };
export const INTAKE_LABELS: Record<IntakeKind, string> = {
  rescued: 'Rescued',
  'handed-over': 'Handed over',
  'sterilisation-drive': 'From a sterilisation drive',
  'born-in-care': 'Born in care',
};
export const YES_NO_LABELS: Record<YesNoUnknown, string> = { yes: 'Yes', no: 'No', unknown: 'Not known' };
export const NEED_LABELS: Record<SpecialNeed, string> = {
  paralysed: 'Paralysed',
  blind: 'Blind',
  deaf: 'Deaf',
  aged: 'Aged',
  'three-legged': 'Three-legged',
  'chronic-illness': 'Chronic illness',
  'needs-daily-medication': 'Needs daily medication',
};
export const STATUS_LABELS: Record<AnimalStatus, string> = {
  'in-care': 'In care',
  adoptable: 'Adoptable',
  reserved: 'Reserved',
  adopted: 'Adopted',
  fostered: 'Fostered',
  resident: 'Permanent resident',
  returned: 'Returned to its locality',
  died: 'Died',
};
export const STATUS_COLORS: Record<AnimalStatus, string> = {
  'in-care': 'blue',
  adoptable: 'green',
  reserved: 'yellow',
  adopted: 'teal',
  fostered: 'grape',
  resident: 'indigo',
  returned: 'gray',
  died: 'dark',
};

/** Mantine Select's options from a labels table, in the order of its words. */
export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
