import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnimalTimelineEntry } from '../../../shared/animal-record.schema';

/**
 * An animal's life as its console page shows it, oldest first: the intake, every status move (with
 * who recorded it and the note), the vaccinations, the sterilisation, the appeals naming it (on the
 * day each was written). One query: the kinds are unioned and ordered by their India day, then by
 * when they were recorded, so two moves on one day keep their order.
 */
export async function animalTimeline(em: EntityManager, animalId: number): Promise<AnimalTimelineEntry[]> {
  const rows = await em.execute<{ kind: AnimalTimelineEntry['kind']; on: string; data: Record<string, unknown> }[]>(
    `select kind, to_char(on_day, 'YYYY-MM-DD') as on, data from (
       select 'intake' as kind, intake_on as on_day, created_at as at, 0 as rank,
              jsonb_build_object('intakeKind', intake_kind, 'locality', locality) as data
         from animals where id = ?
       union all
       select 'status', on_date, recorded_at, 1,
              jsonb_build_object('from', from_status, 'to', to_status, 'note', note, 'by', recorded_by,
                                 'applicationId', application_id)
         from animal_status_changes where animal_id = ?
       union all
       select 'vaccination', given_on, recorded_at, 1,
              jsonb_build_object('id', id, 'vaccine', vaccine, 'batch', batch, 'by', recorded_by)
         from animal_vaccinations where animal_id = ?
       union all
       select 'sterilised', sterilised_on, updated_at, 1, '{}'::jsonb
         from animals where id = ? and sterilised and sterilised_on is not null
       union all
       select 'appeal', (created_at at time zone 'Asia/Kolkata')::date, created_at, 1,
              jsonb_build_object('id', id, 'title', title, 'slug', slug, 'status', status)
         from appeals where animal_id = ?
     ) t order by on_day, rank, at`,
    [animalId, animalId, animalId, animalId, animalId],
  );
  return rows.map((row) => ({ kind: row.kind, on: row.on, ...row.data }) as AnimalTimelineEntry);
}
