/** Both drivers (PGlite and node-postgres) answer `execute` with `{ rows }`: the rows, typed. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
