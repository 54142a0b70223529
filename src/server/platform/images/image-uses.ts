import { type EntityManager, ForeignKeyConstraintViolationException } from '@mikro-orm/postgresql';
import { DomainError } from '../core/domain-error';

/**
 * What a feature calls, in its own transaction, whenever it saves what refers to photos: `usedBy`
 * names the thing (`appeal:12`, `appeal-update:40`, `content:home`) and `imageIds` are all the
 * photos it uses now (none: it uses none any more). A photo in use cannot be deleted from the
 * console. A photo deleted meanwhile is refused here (its foreign key) with NOT_FOUND.
 */
export async function setImageUses(em: EntityManager, usedBy: string, imageIds: readonly number[]): Promise<void> {
  const ids = JSON.stringify([...new Set(imageIds)]);
  await em.execute(
    `delete from image_uses where used_by = ?
       and image_id not in (select value::int from jsonb_array_elements_text(?::jsonb))`,
    [usedBy, ids],
  );
  try {
    await em.execute(
      `insert into image_uses (image_id, used_by)
       select value::int, ? from jsonb_array_elements_text(?::jsonb) on conflict do nothing`,
      [usedBy, ids],
    );
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException) {
      throw new DomainError('NOT_FOUND', 'A chosen photo no longer exists: choose another', { cause: error });
    }
    throw error;
  }
}
