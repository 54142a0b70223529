import {
  animalEditInputSchema,
  animalFieldsSchema,
  animalIdInputSchema,
  animalListInputSchema,
  animalMoveInputSchema,
  vaccinationAddInputSchema,
  vaccinationRemoveInputSchema,
} from '../../../../shared/animal-record.schema';
import { listAnimals } from '../../../animals/records/animal-list';
import { animalForStaff, createAnimal, editAnimal } from '../../../animals/records/staff-animals';
import { addVaccination, removeVaccination } from '../../../animals/records/vaccinations';
import { moveAnimalTellingSponsors } from '../../../animals/sponsors/move-animal-telling-sponsors';
import { makeOwedTasksNow } from '../../../animals/sponsors/sponsor-gateway-tasks';
import { actorOf } from '../../../platform/staff/staff-actor';
import type { ProcedureContext } from '../context';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** After a change the public pages may show (an appeal's link to the animal, the home page's counts). */
function animalChanged(ctx: Pick<ProcedureContext, 'appealPages' | 'sitePages'>): void {
  ctx.appealPages?.invalidate();
  void ctx.sitePages?.refresh();
}

/**
 * `staff.animals.*`: the console's animal records (issue 42 item 1). `list` is the console's list
 * (filters by status, species and name, 50 a page). A status changes only through `move`, which is
 * records/move-animal.ts under a row lock.
 */
export const staffAnimalsRouter = router({
  list: staffProcedure.input(animalListInputSchema).query(({ ctx, input }) => listAnimals(ctx.em, input)),
  get: staffProcedure.input(animalIdInputSchema).query(({ ctx, input }) => animalForStaff(ctx.em, input.id)),
  create: staffProcedure.input(animalFieldsSchema).mutation(({ ctx, input }) => createAnimal(ctx, input)),
  edit: staffProcedure
    .input(animalEditInputSchema)
    .mutation(({ ctx, input }) => editAnimal(ctx, input).finally(() => animalChanged(ctx))),
  move: staffProcedure.input(animalMoveInputSchema).mutation(({ ctx, input }) =>
    ctx.em
      .transactional((tx) =>
        moveAnimalTellingSponsors(
          tx,
          actorOf(ctx.staff),
          { animalId: input.animalId, to: input.to, onDate: input.onDate, note: input.note },
          ctx,
        ),
      )
      .then(async (moved) => {
        if (moved.sponsorsTold > 0) await makeOwedTasksNow(ctx);
        return moved;
      })
      .finally(() => animalChanged(ctx)),
  ),
  addVaccination: staffProcedure
    .input(vaccinationAddInputSchema)
    .mutation(({ ctx, input }) => addVaccination(ctx, input)),
  removeVaccination: staffProcedure
    .input(vaccinationRemoveInputSchema)
    .mutation(({ ctx, input }) => removeVaccination(ctx, input)),
});
