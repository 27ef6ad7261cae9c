import type { ListDatabase } from '../list/list-engine.ts';
import type { ListSpec } from '../list/list-spec.ts';
import { EXPORT_BATCH_ROWS, EXPORT_LOOKUP_MAX, type ExportReader } from './export-source.ts';
import { openHeldExport } from './held-export.ts';
import { EXPORT_PARTS, openPostgresExport } from './postgres-export.ts';

/**
 * An export (D48, ADR 0019): every current record of a company's table, by id ascending, all from
 * ONE snapshot, read in batches so that memory never holds more than one per connection, and the
 * feed position that resumes exactly after that snapshot.
 *
 * - PostgreSQL (postgres-export.ts): one or two connections on one snapshot, each batch one
 *   `COPY … TO STDOUT` whose bytes are the NDJSON lines (copy-out.ts, ADR 0027).
 * - The embedded store (held-export.ts): a cursor WITH HOLD, FETCHed between other connections'
 *   statements, since PGlite's one session cannot keep a transaction open for a slow reader.
 */

export { EXPORT_BATCH_ROWS, EXPORT_LOOKUP_MAX, EXPORT_PARTS };
export type { ExportBatch, ExportReader } from './export-source.ts';

/**
 * Opens an export of `spec`'s table for the company. `held`: the store is the embedded one (see the
 * top); tenant databases are PostgreSQL servers.
 */
export function openExport(
  database: ListDatabase,
  spec: ListSpec,
  empresaId: number,
  options: { held: boolean; batchRows?: number; parts?: number; lookupMax?: number },
): Promise<ExportReader> {
  const batchRows = options.batchRows ?? EXPORT_BATCH_ROWS;
  const lookupMax = options.lookupMax ?? EXPORT_LOOKUP_MAX;
  return options.held
    ? openHeldExport(database, spec, empresaId, batchRows, lookupMax)
    : openPostgresExport(database, spec, empresaId, batchRows, options.parts ?? EXPORT_PARTS, lookupMax);
}
