/**
 * node-postgres's numbered parameters for a multi-row statement: `rows` groups of `width`, numbered
 * on from $1, e.g. `($1, $2), ($3, $4)`. `casts[column]` is appended to that column's placeholder
 * (`'::jsonb'`) where PostgreSQL cannot infer its type.
 */
export function placeholders(rows: number, width: number, casts: readonly string[] = []): string {
  return Array.from(
    { length: rows },
    (_, row) =>
      `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}${casts[column] ?? ''}`).join(', ')})`,
  ).join(', ');
}
