import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnimalStatus, IntakeKind, Sex, SpecialNeed, Species, YesNoUnknown } from '../../shared/animals';
import type { ApplicationKind, ApplicationStatus, WantedSpecies } from '../../shared/applications';
import type { Language } from '../../shared/languages';

export interface AnimalSeed {
  name?: string;
  slug?: string;
  species?: Species;
  sex?: Sex;
  bornOn?: string | null;
  bornEstimated?: boolean;
  status?: AnimalStatus;
  intakeOn?: string;
  intakeKind?: IntakeKind;
  oneLine?: string;
  story?: string;
  translations?: Record<string, unknown>;
  photoImageIds?: number[];
  specialNeeds?: SpecialNeed[];
  goodWithChildren?: YesNoUnknown;
  goodWithDogs?: YesNoUnknown;
  goodWithCats?: YesNoUnknown;
  sterilised?: boolean;
  sponsorMonthlyAmount?: number | null;
}

let seeded = 0;

/**
 * An animal's row as the console leaves it, straight in SQL, for tests of everything that reads
 * animals (the pages, the feed, applications, sponsors). Its status is set without a history row:
 * tests of the moves themselves go through moveAnimal.
 */
export async function seedAnimal(em: EntityManager, seed: AnimalSeed = {}): Promise<{ id: number; slug: string }> {
  seeded += 1;
  const name = seed.name ?? `Bruno ${seeded}`;
  const slug = seed.slug ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${seeded}`;
  const intakeOn = seed.intakeOn ?? '2026-06-01';
  const [row] = await em.execute<{ id: number }[]>(
    `insert into animals (slug, name, species, sex, born_on, born_estimated, one_line, story, translations, intake_on,
       intake_kind, photo_image_ids, special_needs, good_with_children, good_with_dogs, good_with_cats, sterilised,
       status, status_on, sponsor_monthly_amount, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'test', 'test') returning id`,
    [
      slug,
      name,
      seed.species ?? 'dog',
      seed.sex ?? 'male',
      seed.bornOn === undefined ? '2024-05-01' : seed.bornOn,
      seed.bornEstimated ?? false,
      seed.oneLine ?? `${name} loves a walk by the sea.`,
      seed.story ?? `${name} was found near the Marina.\n\nHe is gentle and calm.`,
      JSON.stringify(seed.translations ?? {}),
      intakeOn,
      seed.intakeKind ?? 'rescued',
      JSON.stringify(seed.photoImageIds ?? []),
      JSON.stringify(seed.specialNeeds ?? []),
      seed.goodWithChildren ?? 'unknown',
      seed.goodWithDogs ?? 'unknown',
      seed.goodWithCats ?? 'unknown',
      seed.sterilised ?? false,
      seed.status ?? 'adoptable',
      intakeOn,
      seed.sponsorMonthlyAmount ?? null,
    ],
  );
  return { id: (row as { id: number }).id, slug };
}

export interface ApplicationSeed {
  kind?: ApplicationKind;
  status?: ApplicationStatus;
  animalId?: number | null;
  wantedSpecies?: WantedSpecies | null;
  name?: string;
  email?: string;
  phone?: string;
  language?: Language;
  answers?: Record<string, unknown>;
  createdAt?: Date;
  statusAt?: Date;
}

/** An application's row as the public form leaves it, straight in SQL (tests of the console's work and of erasure). */
export async function seedApplication(em: EntityManager, seed: ApplicationSeed = {}): Promise<{ id: number }> {
  seeded += 1;
  const createdAt = seed.createdAt ?? new Date();
  const [row] = await em.execute<{ id: number }[]>(
    `insert into applications (kind, status, animal_id, wanted_species, name, email, phone, language, answers,
       created_at, status_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      seed.kind ?? 'adopt',
      seed.status ?? 'new',
      seed.animalId ?? null,
      seed.wantedSpecies ?? null,
      seed.name ?? `Applicant ${seeded}`,
      seed.email ?? `applicant${seeded}@example.in`,
      seed.phone ?? '9876543210',
      seed.language ?? 'en',
      JSON.stringify(seed.answers ?? {}),
      createdAt,
      seed.statusAt ?? createdAt,
      createdAt,
    ],
  );
  return { id: (row as { id: number }).id };
}
