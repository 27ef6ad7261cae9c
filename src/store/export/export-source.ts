import type pg from 'pg';
import { belowHorizon, type FeedPosition } from '../feed/change-feed.ts';
import type { ListSpec } from '../list/list-spec.ts';
import { SqlParams } from '../list/sql-params.ts';

/**
 * What both ways of reading an export share (export-reader.ts): the batch and reader it hands the
 * route, the snapshot's horizon, the looked-up values read once, and the statement's rows.
 */

export interface ExportBatch {
  /** the records as NDJSON, UTF-8: one JSON object per line, each line ending in '\n' */
  bytes: Buffer;
  count: number;
}

export interface ExportReader {
  /** where the change feed resumes after this snapshot (its horizon, as a feed read to the end would leave it) */
  readonly end: FeedPosition;
  /** the next records, or null when every record was read */
  next(): Promise<ExportBatch | null>;
  /** ends the snapshot and gives the connection back; safe to call more than once, never fails */
  close(): Promise<void>;
}

/**
 * At most this many looked-up values are read into memory for one export (~20 MB of names); a
 * company with more has its records look them up in the database, row by row, as lists do.
 */
export const EXPORT_LOOKUP_MAX = 200_000;

/** Records per batch: ~0.5 MB of NDJSON for a typical record. */
export const EXPORT_BATCH_ROWS = 2000;

const HORIZON = 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizonte';

/** The transaction's horizon: where the feed resumes after what its snapshot sees. */
export async function horizonOf(client: pg.PoolClient): Promise<FeedPosition> {
  const { rows } = await client.query<{ horizonte: string }>(HORIZON);
  const horizonte = rows[0]?.horizonte;
  if (horizonte === undefined) throw new Error('the horizon statement returned no row');
  return belowHorizon(horizonte);
}

/** Looked-up values by key, each as JSON text. */
export type Names = Map<string, string>;

/**
 * The values of the spec's lookup for the whole company, read once in the export's snapshot (ADR
 * 0026), or null when the spec has none or the company has more than `max` (then each row looks its
 * value up in the database, as lists do, so that memory stays bounded).
 */
export async function lookedUpValues(client: pg.PoolClient, spec: ListSpec, empresaId: number, max: number): Promise<Names | null> {
  if (spec.lookup === undefined) return null;
  const { rows } = await client.query<{ k: string; v: string | null }>(`SELECT k, v FROM (${spec.lookup.values}) l LIMIT ${max + 1}`, [
    empresaId,
  ]);
  if (rows.length > max) return null;
  return new Map(rows.map((row) => [row.k, row.v ?? 'null']));
}

/** Ids bounding a run of records: after `after` (none: from the first), up to `upTo` inclusive (none: to the last). Text: bigint. */
export interface IdRange {
  after: string | null;
  upTo: string | null;
}

/**
 * The export's statement: the company's current records by id (within `range`), each as its JSON
 * text `j`; `lookedUp` (the values were read once), the lookup's record and the key `k` of its value instead.
 */
export function exportStatement(spec: ListSpec, empresaId: number, lookedUp: boolean, range?: IdRange) {
  const params = new SqlParams();
  params.add(empresaId);
  const lookup = lookedUp ? spec.lookup : undefined;
  const columns = lookup === undefined ? `${spec.record(params)} AS j` : `${lookup.record(params)} AS j, ${lookup.key} AS k`;
  const bounds = [
    range === undefined || range.after === null ? '' : ` AND r.id > ${params.add(range.after, 'bigint')}`,
    range === undefined || range.upTo === null ? '' : ` AND r.id <= ${params.add(range.upTo, 'bigint')}`,
  ].join('');
  return {
    text: `SELECT ${columns} FROM ${spec.table} r WHERE r.empresa_id = $1 AND NOT r.excluido${bounds} ORDER BY r.id`,
    values: params.values,
  };
}

/** Gives a connection back: destroyed after an error (it may be mid-statement or mid-transaction). */
export function giveBack(client: pg.PoolClient, failed: unknown): void {
  client.release(failed === undefined ? undefined : failed instanceof Error ? failed : true);
}
