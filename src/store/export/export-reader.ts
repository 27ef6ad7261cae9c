import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { belowHorizon, type FeedPosition } from '../feed/change-feed.ts';
import type { ListDatabase } from '../list/list-engine.ts';
import { LOOKED_UP, type ListSpec } from '../list/list-spec.ts';
import { SqlParams } from '../list/sql-params.ts';

/**
 * An export (D48, ADR 0019): every current record of a company's table, by id ascending, all from
 * ONE snapshot, read in batches so that memory never holds more than one, and the feed position
 * that resumes exactly after that snapshot.
 *
 * - PostgreSQL: a REPEATABLE READ READ ONLY transaction for the whole export on each of one or two
 *   pooled connections sharing one snapshot (openPostgresExport below), and in each a cursor over
 *   the company's records by id (the `(empresa_id, id)` index), each written as JSON text by the
 *   list's own expression; each batch is one FETCH.
 * - The embedded store: PGlite is one session, and a transaction left open there holds every other
 *   connection (store/embedded-socket.ts) — for as long as the slowest reader takes. So the
 *   snapshot is taken into a cursor WITH HOLD, which PostgreSQL materialises when its transaction
 *   commits, at once; the batches are then FETCHed from it between other connections' statements.
 */

export interface ExportBatch {
  /** the records as NDJSON: one JSON object per line, each line ending in '\n' */
  lines: string;
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

/** Records per batch (one FETCH): ~0.5 MB of NDJSON for a typical record. */
export const EXPORT_BATCH_ROWS = 2000;

const HORIZON = 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizonte';

async function horizonOf(client: pg.PoolClient): Promise<FeedPosition> {
  const { rows } = await client.query<{ horizonte: string }>(HORIZON);
  const horizonte = rows[0]?.horizonte;
  if (horizonte === undefined) throw new Error('the horizon statement returned no row');
  return belowHorizon(horizonte);
}

/**
 * The values of the spec's lookup for the whole company, read once in the export's snapshot (ADR
 * 0026), or null when the spec has none or the company has more than `max` (then each row looks its
 * value up in the database, as lists do, so that memory stays bounded).
 */
async function lookedUpValues(client: pg.PoolClient, spec: ListSpec, empresaId: number, max: number): Promise<Names | null> {
  if (spec.lookup === undefined) return null;
  const { rows } = await client.query<{ k: string; v: string | null }>(`SELECT k, v FROM (${spec.lookup.values}) l LIMIT ${max + 1}`, [
    empresaId,
  ]);
  if (rows.length > max) return null;
  return new Map(rows.map((row) => [row.k, row.v ?? 'null']));
}

/** Looked-up values by key, each as JSON text. */
type Names = Map<string, string>;

/** The rows of an export's statement: the record `j`, and with looked-up values the key `k` of its value. */
type Row = { j: string; k?: string | null };

/**
 * The export's statement: every current record of the company by id, each as its JSON text `j`
 * (with `names`, the lookup's record and key instead). With `part`, only the batches of `batchRows`
 * records whose number is `part.index` modulo `part.of`, so that `part.of` connections on one
 * snapshot each compute their share.
 */
function exportStatement(spec: ListSpec, empresaId: number, names: Names | null, part?: { index: number; of: number; batchRows: number }) {
  const params = new SqlParams();
  params.add(empresaId);
  const lookup = names === null ? undefined : spec.lookup;
  const columns = lookup === undefined ? `${spec.record(params)} AS j` : `${lookup.record(params)} AS j, ${lookup.key} AS k`;
  const rows = `${spec.table} r WHERE r.empresa_id = $1 AND NOT r.excluido`;
  if (part === undefined || part.of === 1) return { text: `SELECT ${columns} FROM ${rows} ORDER BY r.id`, values: params.values };
  const numbered = `SELECT r.*, (row_number() OVER (ORDER BY r.id) - 1) / ${params.add(part.batchRows, 'bigint')} AS lote FROM ${rows}`;
  const text = `SELECT ${columns} FROM (${numbered}) r WHERE r.lote % ${params.add(part.of, 'bigint')} = ${params.add(part.index, 'bigint')} ORDER BY r.id`;
  return { text, values: params.values };
}

/** A batch's records as NDJSON lines, each looked-up value written in its place. */
function linesOf(rows: readonly Row[], names: Names | null): ExportBatch {
  let lines = '';
  for (const { j, k } of rows) {
    if (names === null || k === null || k === undefined) {
      lines += `${j}\n`;
      continue;
    }
    const at = j.indexOf(LOOKED_UP);
    if (at < 0) throw new Error('an exported record with a lookup key has no place for its value');
    lines += `${j.slice(0, at)}${names.get(k) ?? 'null'}${j.slice(at + LOOKED_UP.length)}\n`;
  }
  return { lines, count: rows.length };
}

/** A unique cursor name: the embedded store's cursors share its one session. */
const cursorName = () => `ae_exportacao_${randomBytes(8).toString('hex')}`;

/** Gives a connection back: destroyed after an error (it may be mid-statement or mid-transaction). */
function giveBack(client: pg.PoolClient, failed: unknown): void {
  client.release(failed === undefined ? undefined : failed instanceof Error ? failed : true);
}

type Fetched = { rows: Row[] } | { error: unknown };

/** One connection of an export on PostgreSQL: its transaction on the snapshot, its cursor, its next FETCH. */
interface Part {
  client: pg.PoolClient;
  cursor: string;
  /** the FETCH under way (never rejects: a failure is kept for next() to throw), or null when this part is read to its end */
  pending: Promise<Fetched> | null;
}

/**
 * How many connections an export reads with on PostgreSQL: the export's statement keeps one
 * backend's CPU busy writing JSON (~100,000 records/s), so a second one on the same snapshot
 * computes every other batch meanwhile (~1.4x; bench/README.md). The second is only taken when the
 * pool has one to spare at once, so exports never make list requests wait for a connection.
 */
export const EXPORT_PARTS = 2;

const spareConnection = (pool: pg.Pool) => pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10);

/**
 * PostgreSQL: a REPEATABLE READ READ ONLY transaction per part, the first exporting its snapshot
 * and the others importing it (as `pg_dump -j` does), so every part reads the same data; each part
 * declares a cursor over its share of the batches, and batch k is FETCHed from part k mod n. A part's
 * next batch is asked for as soon as its last arrives, so the database computes while Node sends
 * (at most one batch per part in memory). Measured against batches that were each their own
 * statement, the next ids after the last one sent (ADR 0019): one cursor ~95,000 against ~66,000
 * records/s read, close to a COPY of the same expression (~108,000); two parts ~140,000.
 */
async function openPostgresExport(
  database: ListDatabase,
  spec: ListSpec,
  empresaId: number,
  batchRows: number,
  parts: number,
  lookupMax: number,
): Promise<ExportReader> {
  const opened: Part[] = [];
  let closed = false;
  const close = async (failed?: { part: Part; error: unknown }) => {
    if (closed) return;
    closed = true;
    await Promise.all(
      opened.map(async (part) => {
        if (failed?.part === part) return giveBack(part.client, failed.error);
        // A FETCH still running is queued before the ROLLBACK on this connection; its outcome no longer matters.
        if (part.pending !== null) await part.pending;
        try {
          await part.client.query('ROLLBACK');
          giveBack(part.client, undefined);
        } catch (err) {
          giveBack(part.client, err);
        }
      }),
    );
  };
  const fetch = (part: Part): Promise<Fetched> =>
    part.client.query<Row>(`FETCH ${batchRows} FROM ${part.cursor}`).then(
      ({ rows }) => ({ rows }),
      (error: unknown) => ({ error }),
    );
  /** Opens one part; the first takes the snapshot, the others are given its id. */
  const openPart = async (snapshot: string | null): Promise<Part> => {
    const part: Part = { client: await database.pool.connect(), cursor: cursorName(), pending: null };
    opened.push(part);
    try {
      await part.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      if (snapshot !== null) await part.client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
    } catch (error) {
      await close({ part, error });
      throw error;
    }
    return part;
  };
  const first = await openPart(null);
  try {
    // The transaction's first statement takes its snapshot: the horizon and every cursor are of it.
    const end = await horizonOf(first.client);
    const names = await lookedUpValues(first.client, spec, empresaId, lookupMax);
    if (parts > 1 && spareConnection(database.pool)) {
      const { rows } = await first.client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
      const snapshot = rows[0]?.snapshot;
      if (snapshot === undefined || !/^[0-9A-F-]+$/.test(snapshot)) throw new Error('pg_export_snapshot returned no snapshot id');
      for (let i = 1; i < parts && spareConnection(database.pool); i++) await openPart(snapshot);
    }
    for (const [index, part] of opened.entries()) {
      const statement = exportStatement(spec, empresaId, names, { index, of: opened.length, batchRows });
      await part.client.query(`DECLARE ${part.cursor} NO SCROLL CURSOR FOR ${statement.text}`, statement.values);
    }
    for (const part of opened) part.pending = fetch(part);
    let batch = 0;
    let done = false;
    return {
      end,
      async next() {
        const part = opened[batch % opened.length];
        if (done || closed || part === undefined || part.pending === null) return null;
        const fetched = await part.pending;
        part.pending = null;
        if ('error' in fetched) {
          await close({ part, error: fetched.error });
          throw fetched.error;
        }
        batch++;
        // A short batch is the last (the other parts' next FETCHes, already asked, are past the end).
        if (fetched.rows.length === batchRows) part.pending = fetch(part);
        else done = true;
        return fetched.rows.length === 0 ? null : linesOf(fetched.rows, names);
      },
      close: () => close(),
    };
  } catch (error) {
    await close({ part: first, error });
    throw error;
  }
}

/** How often, and how many times, a cursor that could not be closed is tried again. */
const CLOSE_RETRY_MS = 5_000;
const CLOSE_TRIES = 60;

/**
 * Closes a held cursor. One left open keeps its rows in the session until the process ends, so a
 * close that fails (the store did not answer: that is often why the export is ending) is tried
 * again in the background until it succeeds or the session is surely gone.
 */
async function closeCursor(pool: pg.Pool, cursor: string, tries = CLOSE_TRIES): Promise<void> {
  try {
    await pool.query(`CLOSE ${cursor}`);
  } catch (err) {
    // Closed already (the session restarted, or a FETCH failed inside a transaction): nothing held.
    if ((err as { code?: string }).code === '34000' || tries <= 1 || pool.ending) return;
    setTimeout(() => void closeCursor(pool, cursor, tries - 1), CLOSE_RETRY_MS).unref();
  }
}

async function openHeldExport(
  database: ListDatabase,
  spec: ListSpec,
  empresaId: number,
  batchRows: number,
  lookupMax: number,
): Promise<ExportReader> {
  const cursor = cursorName();
  const client = await database.pool.connect();
  let end: FeedPosition;
  let names: Names | null;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    end = await horizonOf(client);
    names = await lookedUpValues(client, spec, empresaId, lookupMax);
    const statement = exportStatement(spec, empresaId, names);
    await client.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${statement.text}`, statement.values);
    await client.query('COMMIT');
    giveBack(client, undefined);
  } catch (err) {
    giveBack(client, err);
    throw err;
  }
  let closed = false;
  let done = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await closeCursor(database.pool, cursor);
  };
  return {
    end,
    async next() {
      if (done) return null;
      try {
        const { rows } = await database.pool.query<Row>(`FETCH ${batchRows} FROM ${cursor}`);
        if (rows.length < batchRows) done = true;
        return rows.length === 0 ? null : linesOf(rows, names);
      } catch (err) {
        await close();
        throw err;
      }
    },
    close,
  };
}

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
