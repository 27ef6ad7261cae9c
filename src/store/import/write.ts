import type pg from 'pg';
import { COLLECTIONS, type Dataset, type DatasetOrdemServico } from './dataset.ts';
import { CHECKLIST, ITENS, TABLES, toRow, type TableSpec } from './rows.ts';

/**
 * Writes a validated data set with multi-row statements. Each statement sends its batch as one
 * JSON parameter unpacked by jsonb_to_recordset: the parameter count stays constant whatever
 * the batch size, arrays and jsonb columns need no special encoding, and numbers reach
 * numeric columns as exact decimals. BATCH_SIZE was chosen by measurement (scratch benchmark).
 */
export const BATCH_SIZE = 2000;

/** Told how many more records were written. */
type Progress = (written: number) => void;

const sqlCache = new Map<string, string>();

/** INSERT ... SELECT FROM jsonb_to_recordset; top-level tables upsert by id, every column updated. */
function insertSql(spec: TableSpec, upsert: boolean): string {
  const names = spec.columns.map((c) => c.name);
  const record = spec.columns.map((c) => `${c.name} ${c.type}`).join(', ');
  const insert = `INSERT INTO ${spec.table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`;
  if (!upsert) return insert;
  const updates = names.filter((n) => n !== 'id').map((n) => `${n} = EXCLUDED.${n}`);
  return `${insert} ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`;
}

async function insertRows(db: pg.ClientBase, spec: TableSpec, records: readonly object[], upsert: boolean): Promise<void> {
  if (records.length === 0) return;
  const key = `${spec.table}:${upsert}`;
  let sql = sqlCache.get(key);
  if (sql === undefined) sqlCache.set(key, (sql = insertSql(spec, upsert)));
  await db.query(sql, [JSON.stringify(records.map((record) => toRow(spec, record)))]);
}

function* chunks<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** An order's items and checklist are replaced whole, so a re-import with fewer items loses the rest. */
async function replaceChildren(db: pg.ClientBase, ordens: readonly DatasetOrdemServico[]): Promise<void> {
  const ids = ordens.map((o) => o.id);
  await db.query('DELETE FROM ordens_servico_itens WHERE ordem_servico_id = ANY($1::bigint[])', [ids]);
  await db.query('DELETE FROM ordens_servico_checklist WHERE ordem_servico_id = ANY($1::bigint[])', [ids]);
  const owner = (o: DatasetOrdemServico) => ({ ordem_servico_id: o.id, empresa_id: o.empresa_id });
  const itens = ordens.flatMap((o) => (o.itens ?? []).map((item) => ({ ...item, ...owner(o) })));
  const checklist = ordens.flatMap((o) => (o.checklist ?? []).map((entry) => ({ ...entry, ...owner(o) })));
  for (const batch of chunks(itens, BATCH_SIZE)) await insertRows(db, ITENS, batch, false);
  for (const batch of chunks(checklist, BATCH_SIZE)) await insertRows(db, CHECKLIST, batch, false);
}

/**
 * Upserts every collection of the data set in COLLECTIONS order (a company before what names
 * it). `usuarios` records must already carry `senha_hash`. `progress` gets the records written.
 */
export async function writeDataset(db: pg.ClientBase, dataset: Dataset, progress: Progress): Promise<void> {
  for (const name of COLLECTIONS) {
    if (name === 'ordens_servico') await writeOrdens(db, dataset.ordens_servico ?? [], progress);
    else await writeRecords(db, TABLES[name], dataset[name] ?? [], progress);
  }
}

async function writeRecords(db: pg.ClientBase, spec: TableSpec, records: readonly object[], progress: Progress): Promise<void> {
  for (const batch of chunks(records, BATCH_SIZE)) {
    await insertRows(db, spec, batch, true);
    progress(batch.length);
  }
}

async function writeOrdens(db: pg.ClientBase, ordens: readonly DatasetOrdemServico[], progress: Progress): Promise<void> {
  for (const batch of chunks(ordens, BATCH_SIZE)) {
    await insertRows(db, TABLES.ordens_servico, batch, true);
    await replaceChildren(db, batch);
    progress(batch.length);
  }
}
