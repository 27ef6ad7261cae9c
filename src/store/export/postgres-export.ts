import type pg from 'pg';
import type { ListDatabase } from '../list/list-engine.ts';
import type { ListSpec } from '../list/list-spec.ts';
import { copyOut, copyStatement, nameBytes, namedLines, recordLines, type NameBytes } from './copy-out.ts';
import {
  exportStatement,
  giveBack,
  horizonOf,
  lookedUpValues,
  type ExportBatch,
  type ExportReader,
  type IdRange,
} from './export-source.ts';

/**
 * An export on PostgreSQL (D48, ADR 0019, ADR 0027): a REPEATABLE READ READ ONLY transaction for the
 * whole export on each of one or two pooled connections sharing one snapshot, the first exporting
 * it and the others importing it (as `pg_dump -j` does). The company's records are cut into
 * batches by id — the id that ends each batch read ahead from the `(empresa_id, id)` index, a few
 * dozen at a time — and batch k is one `COPY … TO STDOUT` on part k mod n. A part's next batch is
 * asked for as soon as its last arrives, so the database computes while Node sends (at most one
 * batch per part in memory), and every statement is short, bounded in time like any other.
 */

/** Ids that end a batch, read in one statement: 32 batches, ~64,000 index entries. */
const ENDS_PER_READ = 32;

/**
 * How many connections an export reads with: the statement keeps one backend's CPU busy writing
 * JSON, so a second one on the same snapshot computes every other batch meanwhile (~1.4x;
 * bench/README.md). The second is only taken when the pool has one to spare at once, so exports
 * never make list requests wait for a connection.
 */
export const EXPORT_PARTS = 2;

const spareConnection = (pool: pg.Pool) => pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10);

/** The id ranges of the batches, in order, read ahead as they are asked for. */
class BatchRanges {
  private readonly known: IdRange[] = [];
  private last: string | null = null;
  private complete = false;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly spec: ListSpec,
    private readonly empresaId: number,
    private readonly batchRows: number,
  ) {}

  /** Batch k's range, or null past the last batch. */
  async at(k: number): Promise<IdRange | null> {
    while (k >= this.known.length && !this.complete) {
      this.reading ??= this.readMore().finally(() => (this.reading = null));
      await this.reading;
    }
    return this.known[k] ?? null;
  }

  /**
   * The ids ending the next ENDS_PER_READ full batches. Fewer: the records after the last one are the
   * last batch (shorter than a full one, maybe empty).
   */
  private async readMore(): Promise<void> {
    const after = this.last === null ? '' : ' AND r.id > $4::bigint';
    const { rows } = await this.client.query<{ id: string }>(
      `SELECT s.id::text AS id FROM (
         SELECT r.id, row_number() OVER (ORDER BY r.id) AS n FROM ${this.spec.table} r
          WHERE r.empresa_id = $1 AND NOT r.excluido${after} ORDER BY r.id LIMIT $2::bigint
       ) s WHERE s.n % $3::bigint = 0 ORDER BY s.id`,
      [this.empresaId, this.batchRows * ENDS_PER_READ, this.batchRows, ...(this.last === null ? [] : [this.last])],
    );
    for (const { id } of rows) {
      this.known.push({ after: this.last, upTo: id });
      this.last = id;
    }
    if (rows.length < ENDS_PER_READ) {
      this.known.push({ after: this.last, upTo: null });
      this.complete = true;
    }
  }
}

type Fetched = { batch: ExportBatch | null } | { error: unknown };

/** One connection of an export: its transaction on the snapshot and its next batch. */
interface Part {
  client: pg.PoolClient;
  /** the batch under way (never rejects: a failure is kept for next() to throw), or null when this part is read to its end */
  pending: Promise<Fetched> | null;
}

export async function openPostgresExport(
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
        // A batch still being read is queued before the ROLLBACK on this connection; its outcome no longer matters.
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
  /** Opens one part; the first takes the snapshot, the others are given its id. */
  const openPart = async (snapshot: string | null): Promise<Part> => {
    const part: Part = { client: await database.pool.connect(), pending: null };
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
    // The transaction's first statement takes its snapshot: the horizon and every batch are of it.
    const end = await horizonOf(first.client);
    // As bytes, to be copied into the records' bytes; the strings read are garbage from here.
    const named: NameBytes | null = await lookedUpValues(first.client, spec, empresaId, lookupMax).then(
      (names) => names && nameBytes(names),
    );
    if (parts > 1 && spareConnection(database.pool)) {
      const { rows } = await first.client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
      const snapshot = rows[0]?.snapshot;
      if (snapshot === undefined || !/^[0-9A-F-]+$/.test(snapshot)) throw new Error('pg_export_snapshot returned no snapshot id');
      for (let i = 1; i < parts && spareConnection(database.pool); i++) await openPart(snapshot);
    }
    const ranges = new BatchRanges(first.client, spec, empresaId, batchRows);
    const read = async (part: Part, k: number): Promise<ExportBatch | null> => {
      const range = await ranges.at(k);
      if (range === null) return null;
      const copied = await copyOut(part.client, copyStatement(exportStatement(spec, empresaId, named !== null, range)));
      return named === null ? recordLines(copied) : namedLines(copied, named);
    };
    const fetch = (part: Part, k: number): Promise<Fetched> =>
      read(part, k).then(
        (batch) => ({ batch }),
        (error: unknown) => ({ error }),
      );
    for (const [k, part] of opened.entries()) part.pending = fetch(part, k);
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
        // The last batch is the one with no upper id; past it every part's next read is null.
        if (fetched.batch === null) {
          done = true;
          return null;
        }
        part.pending = fetch(part, batch + opened.length);
        batch++;
        if (fetched.batch.count === 0) {
          done = true;
          return null;
        }
        return fetched.batch;
      },
      close: () => close(),
    };
  } catch (error) {
    await close({ part: first, error });
    throw error;
  }
}
