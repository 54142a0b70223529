/**
 * A timestamptz column as ISO-8601 UTC text (`2027-03-31T18:29:00.000Z`). Raw queries get
 * PostgreSQL's own text otherwise, which `new Date()` does not reliably read.
 */
export const isoTime = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
