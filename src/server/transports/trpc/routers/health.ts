import { healthList } from '../../../console/health/health-list';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** `staff.health.*`: the overview's health list, read by any staff member; the fixes are admins'. */
export const healthRouter = router({
  list: staffProcedure.query(({ ctx }) =>
    healthList({ em: ctx.em, environment: ctx.health, settings: ctx.settings, log: ctx.request?.log }),
  ),
});
