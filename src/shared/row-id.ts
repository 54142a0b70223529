import { z } from 'zod';

/** The largest id PostgreSQL's `integer` (serial) holds: a larger one would fail there, as a 500. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row's id in an input: a positive whole number PostgreSQL can hold, else a 400 with `message`. */
export const rowIdSchema = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);
