import { sql, type Kysely } from 'kysely';
import { REQUEST_LOG_RETENTION_DAYS } from '../domain/limits.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { addDays, todayInSaoPaulo } from '../time/sao-paulo-date.ts';
import type { RequestLogEntry, StatusClass } from './request-log-entry.ts';

type Db = Kysely<CentralDatabase>;

const PARTITION_PREFIX = 'request_log_p';
const partitionName = (day: string): string => `${PARTITION_PREFIX}${day.replaceAll('-', '')}`;

/**
 * Makes the day's partition if it is not there (D59: one partition per São Paulo day). Two
 * instances making the same one at once: the loser's "already exists" is success.
 */
export async function ensurePartition(db: Db, day: string): Promise<void> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  const from = `${day} 00:00:00 America/Sao_Paulo`;
  const to = `${addDays(day, 1)} 00:00:00 America/Sao_Paulo`;
  try {
    await sql
      .raw(`CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF request_log FOR VALUES FROM ('${from}') TO ('${to}')`)
      .execute(db);
  } catch (err) {
    // 42P07 duplicate_table, 23505 the catalogue's unique index: made by another instance meanwhile
    const code = (err as { code?: string }).code;
    if (code !== '42P07' && code !== '23505') throw err;
  }
}

/**
 * Drops whole the partitions of days older than the retention (D59), and their daily counts;
 * today and the retained days are untouched. Returns the days dropped.
 */
export async function dropExpiredDays(db: Db, today: string = todayInSaoPaulo()): Promise<string[]> {
  const oldest = addDays(today, -REQUEST_LOG_RETENTION_DAYS);
  const { rows } = await sql<{ relname: string }>`
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'request_log'::regclass`.execute(db);
  const expired = rows
    .map((r) => r.relname)
    .filter((name) => name.startsWith(PARTITION_PREFIX))
    .map((name) => {
      const digits = name.slice(PARTITION_PREFIX.length);
      return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
    })
    .filter((day) => day < oldest)
    .sort();
  for (const day of expired) await sql.raw(`DROP TABLE IF EXISTS ${partitionName(day)}`).execute(db);
  await db.deleteFrom('request_log_daily').where('dia', '<', oldest).execute();
  await db.deleteFrom('request_log_dropped').where('dia', '<', oldest).execute();
  return expired;
}

/** Writes a batch in one statement (one array per column), with the day counts it adds to. */
export async function insertEntries(db: Db, entries: readonly RequestLogEntry[], dayOf: (ms: number) => string): Promise<void> {
  const col = <T>(pick: (e: RequestLogEntry) => T): T[] => entries.map(pick);
  await db.transaction().execute(async (trx) => {
    // A log write never waits long for a lock (a stalled table): the batch fails, and is kept or dropped.
    await sql`SET LOCAL lock_timeout = '1s'`.execute(trx);
    await sql`
      INSERT INTO request_log (empresa_id, at, credential_id, client_id, method, path, status, codigo, duration_ms, ip, request_id, bytes)
      SELECT * FROM unnest(
        ${col((e) => e.empresaId)}::bigint[], ${col((e) => new Date(e.at).toISOString())}::timestamptz[],
        ${col((e) => e.credentialId)}::bigint[], ${col((e) => e.clientId)}::text[], ${col((e) => e.method)}::text[],
        ${col((e) => e.path)}::text[], ${col((e) => e.status)}::smallint[], ${col((e) => e.codigo)}::text[],
        ${col((e) => e.durationMs)}::real[], ${col((e) => e.ip)}::text[], ${col((e) => e.requestId)}::text[],
        ${col((e) => e.bytes)}::bigint[])`.execute(trx);
    const counts = new Map<string, { empresaId: number; dia: string; clientId: string; total: number; erros: number; limitadas: number }>();
    for (const e of entries) {
      const dia = dayOf(e.at);
      const key = `${e.empresaId}|${dia}|${e.clientId}`;
      const c = counts.get(key) ?? { empresaId: e.empresaId, dia, clientId: e.clientId, total: 0, erros: 0, limitadas: 0 };
      c.total++;
      if (e.status === 429) c.limitadas++;
      else if (e.status >= 400) c.erros++;
      counts.set(key, c);
    }
    const rows = [...counts.values()];
    await sql`
      INSERT INTO request_log_daily (empresa_id, dia, client_id, total, erros, limitadas)
      SELECT * FROM unnest(${rows.map((r) => r.empresaId)}::bigint[], ${rows.map((r) => r.dia)}::date[],
        ${rows.map((r) => r.clientId)}::text[], ${rows.map((r) => r.total)}::bigint[], ${rows.map((r) => r.erros)}::bigint[],
        ${rows.map((r) => r.limitadas)}::bigint[])
      ON CONFLICT (empresa_id, dia, client_id) DO UPDATE SET total = request_log_daily.total + excluded.total,
        erros = request_log_daily.erros + excluded.erros, limitadas = request_log_daily.limitadas + excluded.limitadas`.execute(trx);
  });
}

/** Adds to the counts of entries not kept (D59), per company and day. */
export async function addDropped(db: Db, dropped: readonly { empresaId: number; dia: string; n: number }[]): Promise<void> {
  if (dropped.length === 0) return;
  await sql`
    INSERT INTO request_log_dropped (empresa_id, dia, n)
    SELECT * FROM unnest(${dropped.map((d) => d.empresaId)}::bigint[], ${dropped.map((d) => d.dia)}::date[], ${dropped.map((d) => d.n)}::bigint[])
    ON CONFLICT (empresa_id, dia) DO UPDATE SET n = request_log_dropped.n + excluded.n`.execute(db);
}

/** A logged request as the settings API, its CSV and `logs search` give it (interfaces.md). */
export interface LoggedRequest {
  at: string;
  client_id: string;
  method: string;
  path: string;
  status: number;
  codigo: string | null;
  duration_ms: number;
  ip: string;
  request_id: string;
  bytes: number | null;
}

export interface RequestFilter {
  clientId?: string | undefined;
  status?: StatusClass | undefined;
  /** a path prefix, e.g. `/v1/clientes` */
  path?: string | undefined;
  requestId?: string | undefined;
  /** the position after which the page starts (`proximo` of the page before) */
  after?: { atMicros: string; id: string } | undefined;
  limit: number;
}

const STATUS_RANGE: Record<StatusClass, [number, number]> = { '2xx': [200, 299], '4xx': [400, 499], '429': [429, 429], '5xx': [500, 599] };

/**
 * The company's logged requests, newest first, filtered (D59); one more than `limit` is read to
 * tell whether a next page exists. Keyset paging on (at, id): deep pages cost what the first does.
 */
export async function searchRequests(
  db: Db,
  empresaId: number,
  filter: RequestFilter,
): Promise<{ requests: LoggedRequest[]; next: { atMicros: string; id: string } | null }> {
  const { clientId, status, path, requestId, after, limit } = filter;
  const range = status === undefined ? null : STATUS_RANGE[status];
  const { rows } = await sql<LoggedRequest & { at_micros: string; id: string }>`
    SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, client_id, method, path, status, codigo,
      duration_ms, ip, request_id, bytes, (extract(epoch FROM at) * 1000000)::bigint::text AS at_micros, id::text AS id
    FROM request_log
    WHERE empresa_id = ${empresaId}
      ${clientId === undefined ? sql`` : sql`AND client_id = ${clientId}`}
      ${range === null ? sql`` : sql`AND status BETWEEN ${range[0]} AND ${range[1]}`}
      ${status === '4xx' ? sql`AND status <> 429` : sql``}
      ${path === undefined ? sql`` : sql`AND starts_with(path, ${path})`}
      ${requestId === undefined ? sql`` : sql`AND request_id = ${requestId}`}
      ${after === undefined ? sql`` : sql`AND (at, id) < (to_timestamp(${after.atMicros}::bigint / 1000000.0), ${after.id}::bigint)`}
    -- qualified: a bare \`at\` would name the output column (the text above), a sort of every row
    ORDER BY request_log.at DESC, request_log.id DESC
    LIMIT ${limit + 1}`.execute(db);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const requests = page.map(({ at_micros: _m, id: _i, ...r }) => ({ ...r, bytes: r.bytes === null ? null : Number(r.bytes) }));
  return { requests, next: rows.length > limit && last !== undefined ? { atMicros: last.at_micros, id: last.id } : null };
}

export interface DayCount {
  dia: string;
  total: number;
  erros: number;
  limitadas: number;
}

/** The last 30 São Paulo days up to today, each with its counts (zeros included), oldest first. */
export async function dailyCounts(db: Db, empresaId: number, clientId?: string, today: string = todayInSaoPaulo()): Promise<DayCount[]> {
  const since = addDays(today, -(REQUEST_LOG_RETENTION_DAYS - 1));
  const { rows } = await sql<{ dia: string; total: string; erros: string; limitadas: string }>`
    SELECT to_char(dia, 'YYYY-MM-DD') AS dia, sum(total)::text AS total, sum(erros)::text AS erros, sum(limitadas)::text AS limitadas
    FROM request_log_daily
    WHERE empresa_id = ${empresaId} AND dia >= ${since}::date ${clientId === undefined ? sql`` : sql`AND client_id = ${clientId}`}
    GROUP BY dia`.execute(db);
  const byDay = new Map(rows.map((r) => [r.dia, r]));
  return Array.from({ length: REQUEST_LOG_RETENTION_DAYS }, (_, i) => {
    const dia = addDays(since, i);
    const r = byDay.get(dia);
    return { dia, total: Number(r?.total ?? 0), erros: Number(r?.erros ?? 0), limitadas: Number(r?.limitadas ?? 0) };
  });
}

/** How many of the company's entries were not kept in the retained days (D59: a line in settings). */
export async function droppedCount(db: Db, empresaId: number, today: string = todayInSaoPaulo()): Promise<number> {
  const row = await db
    .selectFrom('request_log_dropped')
    .select(sql<string>`coalesce(sum(n), 0)::text`.as('n'))
    .where('empresa_id', '=', empresaId)
    .where('dia', '>=', addDays(today, -REQUEST_LOG_RETENTION_DAYS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
