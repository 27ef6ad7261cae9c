import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import { COLLECTIONS, type CollectionName, type Dataset } from '../store/import/dataset.ts';
import { CHECKLIST, ITENS, TABLES } from '../store/import/rows.ts';
import { BATCH_SIZE, writeDataset } from '../store/import/write.ts';
import { syntheticChunks, syntheticTotals, type SyntheticOptions } from './synthetic.ts';

/**
 * Loads the synthetic data set (synthetic.ts) through the import's writer (write.ts), without
 * its validation: the generator makes valid records by construction, and a test checks that.
 * Each collection is loaded in its own transaction(s), so an interrupted run leaves the
 * collections already loaded in place; re-running with the same options upserts the same ids.
 *
 * A large load rebuilds the secondary indexes of the tables it fills (PostgreSQL's
 * "Populating a Database" advice): measured on contas_receber, keeping 3 indexes up to date
 * row by row made the load ~3x slower than building them once at the end. The drop, the load
 * and the rebuild are one transaction, so a failure leaves the indexes as they were; but
 * meanwhile the table is locked, so readers of it wait: load before benchmarking, not during.
 */

/** Below this many records, or when the table already holds much more, indexes are kept up to date. */
export const REBUILD_INDEXES_FROM = 50_000;
/** Without a rebuild, a transaction is committed every so many records. */
const COMMIT_EVERY = 50_000;

export type SyntheticProgress = (done: number, total: number) => void;

export interface SeedSyntheticOptions {
  onProgress?: SyntheticProgress;
  /** Collections of at least this many records rebuild their indexes (default REBUILD_INDEXES_FROM). */
  rebuildIndexesFrom?: number;
}

export interface SeedSyntheticResult {
  generated: Partial<Record<CollectionName, number>>;
  /** wall time of each collection's load, in seconds */
  seconds: Record<string, number>;
}

function tablesOf(name: CollectionName): string[] {
  return name === 'ordens_servico' ? [TABLES.ordens_servico.table, ITENS.table, CHECKLIST.table] : [TABLES[name].table];
}

/** The planner's row estimate (no scan): -1 or 0 for a table never analysed or empty. */
async function estimatedRows(db: pg.ClientBase, table: string): Promise<number> {
  const result = await db.query<{ n: number }>('SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::text::regclass', [table]);
  return Math.max(0, result.rows[0]?.n ?? 0);
}

/**
 * Rebuilding costs about a third of maintaining per row, over the whole table: worth it when
 * the table holds at most about twice what is loaded.
 */
async function shouldRebuild(db: pg.ClientBase, name: CollectionName, records: number, from: number): Promise<boolean> {
  return records >= from && (await estimatedRows(db, TABLES[name].table)) <= 2 * records;
}

/** Drops the indexes that only serve reads (not primary keys, unique or constraint indexes); returns how to recreate them. */
async function dropReadIndexes(db: pg.ClientBase, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = ANY($1::text[]::regclass[]) AND NOT x.indisprimary AND NOT x.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await db.query(`DROP INDEX "${name.replaceAll('"', '""')}"`);
  return rows.map((row) => row.def);
}

/**
 * The chunks of one collection, each generated while the previous one is being written: the
 * next chunk is made on the event loop's next turn, which comes while the database works.
 */
async function* prefetched(chunks: Iterator<Dataset>): AsyncGenerator<Dataset> {
  const ahead = () => nextTurn().then(() => chunks.next());
  let pending = ahead();
  try {
    for (;;) {
      const result = await pending;
      if (result.done === true) return;
      pending = ahead();
      yield result.value;
    }
  } finally {
    // When the writer fails, the chunk made meanwhile is dropped, and so is any error making it.
    pending.catch(() => undefined);
  }
}

interface Load {
  options: SyntheticOptions;
  name: CollectionName;
  records: number;
  rebuildFrom: number;
  progress: (n: number) => void;
}

/**
 * The deferred triggers that sum an order's lines into `linhas_servidas` (tenant migration 0006)
 * fire once per item and checklist row at commit, each re-reading all the lines of its order and
 * updating the order: for a collection of 250,000 orders, over ten minutes of commit. A bulk load
 * switches them off inside its own transaction and sums the lines of the orders it wrote in one
 * statement before committing — the same values, set at the same instant (the transaction's),
 * so `atualizado_em` and the change log come out as the triggers would have left them. The
 * switch is transactional: a failed load leaves the triggers on.
 */
const LINE_TRIGGERS = [
  [ITENS.table, 'ordens_servico_itens_linhas'],
  [CHECKLIST.table, 'ordens_servico_checklist_linhas'],
] as const;

async function setLineTriggers(db: pg.ClientBase, on: boolean): Promise<void> {
  for (const [table, trigger] of LINE_TRIGGERS) await db.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
}

async function sumLinesOf(db: pg.ClientBase, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.query(
    `UPDATE ordens_servico o SET linhas_servidas = linhas_servidas(o.id, o.empresa_id)
      WHERE o.id = ANY($1::bigint[]) AND o.linhas_servidas IS DISTINCT FROM linhas_servidas(o.id, o.empresa_id)`,
    [orderIds],
  );
}

async function loadCollection(db: pg.ClientBase, { options, name, records, rebuildFrom, progress }: Load): Promise<void> {
  const orders = name === 'ordens_servico';
  // Orders written since the last commit, whose lines are summed before it.
  let written: number[] = [];
  const begin = async () => {
    await db.query('BEGIN');
    if (orders) await setLineTriggers(db, false);
  };
  const commit = async () => {
    if (orders) {
      await sumLinesOf(db, written);
      await setLineTriggers(db, true);
      written = [];
    }
    await db.query('COMMIT');
  };
  await begin();
  const rebuild = await shouldRebuild(db, name, records, rebuildFrom);
  const indexes = rebuild ? await dropReadIndexes(db, tablesOf(name)) : [];
  let sinceCommit = 0;
  // Chunks of one write.ts batch: the next one is generated while this one's statements run.
  for await (const chunk of prefetched(syntheticChunks(options, BATCH_SIZE, [name]))) {
    await writeDataset(db, chunk, (n) => {
      sinceCommit += n;
      progress(n);
    });
    if (orders) for (const order of chunk.ordens_servico ?? []) written.push(order.id);
    if (!rebuild && sinceCommit >= COMMIT_EVERY) {
      await commit();
      await begin();
      sinceCommit = 0;
    }
  }
  if (indexes.length > 0) {
    // Index builds sort in memory when they can.
    await db.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const def of indexes) await db.query(def);
  }
  // After the rebuild: summing the lines reads them by order, through the rebuilt indexes.
  await commit();
  // What autovacuum gives a database in service, now rather than whenever (or never, when it
  // is off): statistics, and the visibility map that index-only scans (counts) depend on. A
  // benchmark usually follows. Seconds for a million rows; outside any transaction, as VACUUM must be.
  // data_versions too: the load's long transactions bumped each company's version once per
  // statement, and none of those row versions could be pruned before the commit; left, every list
  // request's version lookup stepped over them (76 buffers instead of 3 at a million receivables).
  for (const table of [...tablesOf(name), 'data_versions']) await db.query(`VACUUM (ANALYZE) ${table}`);
}

/**
 * Generates and loads the synthetic data set, collection by collection in the import's order
 * (the schema must exist). `onProgress` gets the records written so far, of all records.
 * One connection: loading two collections at once on two connections measured no faster on
 * 2 cores (the database and the generator already keep both busy).
 */
export async function seedSynthetic(
  pool: pg.Pool,
  options: SyntheticOptions,
  seed: SeedSyntheticOptions = {},
): Promise<SeedSyntheticResult> {
  const totals = syntheticTotals(options);
  const total = Object.values(totals).reduce((sum, n) => sum + n, 0);
  const result: SeedSyntheticResult = { generated: {}, seconds: {} };
  let done = 0;
  const client = await pool.connect();
  try {
    for (const name of COLLECTIONS) {
      if (totals[name] === 0) continue;
      const started = performance.now();
      await loadCollection(client, {
        options,
        name,
        records: totals[name],
        rebuildFrom: seed.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM,
        progress: (n) => seed.onProgress?.((done += n), total),
      });
      result.generated[name] = totals[name];
      result.seconds[name] = Math.round(performance.now() - started) / 1000;
    }
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    // Closed rather than pooled: nothing else needs this long session, and an idle pooled
    // connection would keep a finished CLI process alive until the pool's idle timeout.
    client.release(true);
  }
}
