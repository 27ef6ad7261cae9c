import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { FeedPosition } from '../feed/change-feed.ts';
import type { ListDatabase } from '../list/list-engine.ts';
import { LOOKED_UP, type ListSpec } from '../list/list-spec.ts';
import { exportStatement, giveBack, horizonOf, lookedUpValues, type ExportBatch, type ExportReader, type Names } from './export-source.ts';

/**
 * The embedded store's export (ADR 0019): PGlite is one session, and a transaction left open there
 * holds every other connection (store/embedded-socket.ts) — for as long as the slowest reader
 * takes. So the snapshot is taken into a cursor WITH HOLD, which PostgreSQL materialises when its
 * transaction commits, at once; the batches are then FETCHed from it between other connections'
 * statements.
 */

/** The rows of an export's statement: the record `j`, and with looked-up values the key `k` of its value. */
type Row = { j: string; k?: string | null };

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
  return { bytes: Buffer.from(lines, 'utf8'), count: rows.length };
}

/** A unique cursor name: the embedded store's cursors share its one session. */
const cursorName = () => `ae_exportacao_${randomBytes(8).toString('hex')}`;

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

export async function openHeldExport(
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
    const statement = exportStatement(spec, empresaId, names !== null);
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
