/**
 * What an appeal's page says when staff wrote nothing of their own. Without zod, unlike
 * ./appeals.schema.ts (which re-exports it): the appeal page's first load must not carry the schemas.
 */

/** Said on the page when staff write nothing of their own about money beyond the goal. */
export const DEFAULT_BEYOND_GOAL =
  'Anything given beyond the goal goes to our general fund, for the care of every animal at the shelter.';
