import type pg from 'pg';
import type { ListDatabase } from '../list/list-engine.ts';
import { named } from '../prepared-statements.ts';
import type { ListSpec } from '../list/list-spec.ts';
import { SqlParams } from '../list/sql-params.ts';
import { utcText } from '../sql.ts';

/**
 * A page of a resource's change feed (D44, D45, ADR 0013), read from the log of tenant migration
 * 0007 in ONE statement, so the horizon, the entries and the records belong to one snapshot.
 */

/** A place in a company's log of one table: the writing transaction's id (xid8, as text) and the sequence. */
export interface FeedPosition {
  xid: string;
  seq: string;
}

/** Before every position: a feed read without a cursor starts here (a full sync). */
export const START: FeedPosition = { xid: '0', seq: '0' };
/** The largest sequence: (xid, MAX_SEQ) is after every position of that transaction. */
const MAX_SEQ = '9223372036854775807';

/** An entry of the feed as integrators read it (`entries` holds them written as JSON). */
export interface FeedEntry {
  operacao: 'alterado' | 'excluido';
  id: number;
  atualizado_em: string;
  /** the record exactly as the list writes it; null for `excluido` */
  registro: unknown;
}

export interface FeedPage {
  /** the entries, as the inner text of a JSON array (`{...},{...}`), in order; '' for none */
  entries: string;
  /** where the next page starts, or where to resume later */
  next: FeedPosition;
  temMais: boolean;
  /** the cursor points before a pruned tombstone: it may have missed a deletion (D45) */
  expired: boolean;
}

interface FeedRow {
  horizonte: string;
  expirado: boolean | null;
  /** rows of the log read: up to limit + 1 */
  lidas: string;
  /** the position of the last entry served, [xid, seq] */
  ultima: [string, string] | null;
  entradas: string | null;
}

const compare = (a: FeedPosition, b: FeedPosition): number => {
  const x = BigInt(a.xid) - BigInt(b.xid);
  if (x !== 0n) return x < 0n ? -1 : 1;
  const s = BigInt(a.seq) - BigInt(b.seq);
  return s === 0n ? 0 : s < 0n ? -1 : 1;
};

/**
 * Only positions below the snapshot's horizon (`pg_snapshot_xmin`) are served: every transaction
 * with a smaller id has ended, so nothing can still appear before them. `limit + 1` rows of the log
 * tell whether there is more. A record that is in the log as live but not in the company any more
 * in this snapshot cannot happen (the log row is written by the same statement as the record), and
 * would be served as a tombstone.
 *
 * The entries are written as JSON text by PostgreSQL, as list pages are (ADR 0010): measured at
 * 1M receivables, json_build_object/json_agg over the records and a parse and re-serialisation in
 * Node made a feed page of 200 cost twice a list page of 200. Each record is looked up by id, one
 * row per entry: the LIMIT keeps the planner from flattening the lookup into a join that reads
 * every row of the company (seen on PGlite: a bitmap scan of 1,500 customers for a page of 200).
 */
function feedStatement(spec: ListSpec, empresaId: number, after: FeedPosition, limit: number, checkExpiry: boolean) {
  const params = new SqlParams();
  params.add(empresaId);
  const tabela = params.add(spec.table);
  const xid = params.add(after.xid, 'xid8');
  const seq = params.add(after.seq, 'bigint');
  const served = params.add(limit);
  const text = `WITH h AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
    p AS MATERIALIZED (
      SELECT a.registro_id, a.xid, a.seq, a.excluido, a.atualizado_em, row_number() OVER (ORDER BY a.xid, a.seq) AS k FROM (
        SELECT a.* FROM alteracoes a
         WHERE a.empresa_id = $1 AND a.tabela = ${tabela} AND (a.xid, a.seq) > (${xid}, ${seq}) AND a.xid < (SELECT xmin FROM h)
         ORDER BY a.xid, a.seq LIMIT ${served} + 1) a)
    SELECT (SELECT xmin::text FROM h) AS horizonte,
      ${checkExpiry ? `(SELECT (${xid}, ${seq}) < (x.xid, x.seq) FROM alteracoes_poda x WHERE x.empresa_id = $1 AND x.tabela = ${tabela})` : 'false'} AS expirado,
      (SELECT count(*)::text FROM p) AS lidas,
      (SELECT json_build_array(p.xid::text, p.seq::text) FROM p WHERE p.k <= ${served} ORDER BY p.k DESC LIMIT 1) AS ultima,
      (SELECT string_agg('{"operacao":' || CASE WHEN r.j IS NULL THEN '"excluido"' ELSE '"alterado"' END
                         || ',"id":' || p.registro_id
                         || ',"atualizado_em":"' || ${utcText('p.atualizado_em')}
                         || '","registro":' || coalesce(r.j, 'null') || '}', ',' ORDER BY p.k)
         FROM p LEFT JOIN LATERAL (
           SELECT ${spec.record(params)} AS j FROM (
             SELECT r.* FROM ${spec.table} r WHERE r.id = p.registro_id AND r.empresa_id = $1 AND NOT r.excluido LIMIT 1) r
         ) r ON NOT p.excluido
        WHERE p.k <= ${served}) AS entradas`;
  return { text, values: params.values };
}

/**
 * The position just below a snapshot's horizon: every transaction with a smaller id has ended, so
 * resuming from here skips nothing that can still appear (D45), and repeats nothing served before it.
 */
export const belowHorizon = (horizonte: string): FeedPosition => ({ xid: (BigInt(horizonte) - 1n).toString(), seq: MAX_SEQ });

/**
 * The feed's current end, whatever the company or table (D50, "sync from now"): resuming from it
 * reads exactly what becomes visible after this moment — a transaction still open now, whatever its
 * id, comes after it, as a read that reached the end of the feed now would resume.
 */
export async function feedEnd(database: Pick<ListDatabase, 'pool'>): Promise<FeedPosition> {
  const { rows } = await database.pool.query<{ horizonte: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizonte');
  const horizonte = rows[0]?.horizonte;
  if (horizonte === undefined) throw new Error('the horizon statement returned no row');
  return belowHorizon(horizonte);
}

/** `database`: where the company's data is, and whether its statements may be prepared (planning was ~0.7 of ~2.8 ms). */
export async function readFeed(
  database: Pick<ListDatabase, 'pool' | 'prepared'>,
  spec: ListSpec,
  empresaId: number,
  after: FeedPosition | null,
  limit: number,
): Promise<FeedPage> {
  const from = after ?? START;
  const { rows } = await database.pool.query<FeedRow>(
    named(feedStatement(spec, empresaId, from, limit, after !== null), database.prepared),
  );
  const row = rows[0];
  if (row === undefined) throw new Error('the feed statement returned no row');
  const temMais = Number(row.lidas) > limit;
  let next = row.ultima === null ? from : { xid: row.ultima[0], seq: row.ultima[1] };
  if (!temMais) {
    // Everything below the horizon was served: resuming from just below it skips nothing, and
    // keeps the cursor of a quiet company from falling behind the pruning (D45).
    const below = belowHorizon(row.horizonte);
    if (compare(below, next) > 0) next = below;
  }
  return { entries: row.entradas ?? '', next, temMais, expired: row.expirado === true };
}

/**
 * Deletes the tombstones older than `days` and moves each company's pruning horizon past them
 * (D45): a cursor before the horizon is refused from then on. Safe to run on several instances at
 * once: a tombstone is deleted once (row locks), one restored meanwhile is no longer a tombstone
 * when the DELETE re-reads it, and the horizon only moves forward.
 */
export async function pruneTombstones(pool: pg.Pool, days: number): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `WITH podadas AS (
       DELETE FROM alteracoes WHERE excluido AND atualizado_em < now() - make_interval(days => $1)
       RETURNING empresa_id, tabela, xid, seq),
     ultimas AS (
       SELECT DISTINCT ON (empresa_id, tabela) empresa_id, tabela, xid, seq FROM podadas ORDER BY empresa_id, tabela, xid DESC, seq DESC),
     gravadas AS (
       INSERT INTO alteracoes_poda (empresa_id, tabela, xid, seq) SELECT empresa_id, tabela, xid, seq FROM ultimas
       ON CONFLICT (empresa_id, tabela) DO UPDATE SET xid = EXCLUDED.xid, seq = EXCLUDED.seq
        WHERE (alteracoes_poda.xid, alteracoes_poda.seq) < (EXCLUDED.xid, EXCLUDED.seq))
     SELECT count(*)::text AS n FROM podadas`,
    [days],
  );
  return Number(rows[0]?.n ?? 0);
}
