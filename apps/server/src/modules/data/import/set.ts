import type { z } from 'zod';
import { fieldCodeOf } from '@portal/shared';
import type { Actor } from '../../../context.js';
import type { DbOrTx, Tx } from '../../../db/client.js';
import type { Problem } from '../messages.js';

/** What one row of an import does. */
export type Outcome = 'created' | 'updated' | 'unchanged';

/** A row looked up in the database: what it would do (and what to write), or why it cannot. */
export type Classified<Plan> = { outcome: Outcome; plan: Plan } | { problems: Problem[] };

export type Cells = Partial<Record<string, string>>;

/**
 * One importable data set: how a row's cells become values (by the API's own schemas), how
 * rows are told apart, and how a batch of them is looked up and written. The import itself
 * (reading, checking, batching, the transaction, progress) is the same for every set.
 */
export interface DataSetImporter<Row, Plan> {
  /** Columns the header must have. */
  required: readonly string[];
  /** The column a duplicate is reported on. */
  keyColumn: string;
  /** What makes two rows the same record (null when the row has no key to compare). */
  key(cells: Cells): string | null;
  /** A row's values, or its problems. `present` are the file's columns: an absent one is left as it is. */
  parse(cells: Cells, present: ReadonlySet<string>): { value: Row } | { problems: Problem[] };
  /** A batch looked up in the database (one or a few queries for the whole batch). */
  classify(db: DbOrTx, rows: Row[], present: ReadonlySet<string>): Promise<Classified<Plan>[]>;
  /** The batch's creates and updates, in the import's transaction. */
  write(tx: Tx, plans: { outcome: Outcome; plan: Plan }[], actor: Actor): Promise<void>;
}

/** An empty cell is absent: a schema's default applies, and a missing value is `required`. */
export const cellValue = (cells: Cells, column: string): string | undefined => (cells[column] ? cells[column] : undefined);

/**
 * A schema's issues as row problems, on the file's columns, with the API's field codes
 * (`required`, `invalid`, `too_long` …); a value missing from its cell is `required`.
 */
export function zodProblems(error: z.ZodError, cells: Cells, columnOf: (field: string) => string = (f) => f): Problem[] {
  const problems: Problem[] = [];
  for (const issue of error.issues) {
    const column = columnOf(String(issue.path[0] ?? ''));
    if (problems.some((p) => p.column === column)) continue;
    const code = cells[column] ? fieldCodeOf(issue) : 'required';
    problems.push({ column, code });
  }
  return problems;
}
