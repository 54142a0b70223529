import type { ApplicationKind } from '../../../shared/applications';
import type { Language } from '../../../shared/languages';

/**
 * What the four forms hold while a person types: every field as typed (numbers too, as text), one
 * object for all kinds; `formInput` picks the kind's fields for the shared schema
 * (shared/application-forms.schema.ts), so what the page checks is exactly what it sends.
 */
export interface ApplyValues {
  name: string;
  email: string;
  phone: string;
  consent: boolean;
  /** The honeypot (never seen by people). */
  website: string;
  wantedSpecies: string;
  home: string;
  landlordAgrees: string;
  household: string;
  otherAnimals: string;
  otherAnimalsSterilised: string;
  otherAnimalsVaccinated: string;
  hoursAlone: string;
  sleepsWhere: string;
  vetName: string;
  homeVisit: boolean;
  fosterCount: string;
  fosterSpecies: string;
  fosterDuration: string;
  notes: string;
  days: string[];
  skills: string;
  languages: string;
  organisation: string;
  offer: string;
}

export const INITIAL: ApplyValues = {
  name: '',
  email: '',
  phone: '',
  consent: false,
  website: '',
  wantedSpecies: '',
  home: '',
  landlordAgrees: '',
  household: '',
  otherAnimals: '',
  otherAnimalsSterilised: '',
  otherAnimalsVaccinated: '',
  hoursAlone: '',
  sleepsWhere: '',
  vetName: '',
  homeVisit: false,
  fosterCount: '',
  fosterSpecies: '',
  fosterDuration: '',
  notes: '',
  days: [],
  skills: '',
  languages: '',
  organisation: '',
  offer: '',
};

/** A choice not made is not sent (the schema names it); a number typed is sent as a number, words as they are (the schema refuses them). */
const chosen = (value: string) => (value === '' ? undefined : value);
const numberOf = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The kind's input for the shared schema: `animal` is the adoption's named animal's slug, when it is still looking for a home. */
export function formInput(
  kind: ApplicationKind,
  values: ApplyValues,
  language: Language,
  animal?: string,
): Record<string, unknown> {
  const { name, email, phone, consent, website } = values;
  const applicant = { kind, name, email, phone, language, consent, ...(website ? { website } : {}) };
  switch (kind) {
    case 'adopt': {
      const renting = values.home === 'rent';
      const withOthers = values.otherAnimals.trim() !== '';
      return {
        ...applicant,
        ...(animal ? { animal } : { wantedSpecies: chosen(values.wantedSpecies) }),
        home: chosen(values.home),
        landlordAgrees: renting ? chosen(values.landlordAgrees) : undefined,
        household: values.household,
        otherAnimals: values.otherAnimals,
        otherAnimalsSterilised: withOthers ? chosen(values.otherAnimalsSterilised) : undefined,
        otherAnimalsVaccinated: withOthers ? chosen(values.otherAnimalsVaccinated) : undefined,
        hoursAlone: numberOf(values.hoursAlone),
        sleepsWhere: values.sleepsWhere,
        vetName: values.vetName,
        homeVisit: values.homeVisit,
      };
    }
    case 'foster':
      return {
        ...applicant,
        fosterCount: numberOf(values.fosterCount),
        fosterSpecies: chosen(values.fosterSpecies),
        fosterDuration: chosen(values.fosterDuration),
        home: chosen(values.home),
        notes: values.notes,
      };
    case 'volunteer':
      return { ...applicant, days: values.days, skills: values.skills, languages: values.languages };
    case 'partner':
      return { ...applicant, organisation: values.organisation, offer: values.offer };
  }
}
