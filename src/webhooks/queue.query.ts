import { sql, type Kysely, type Transaction } from 'kysely';
import { CREDENTIAL_NOT_EXPIRED } from '../credentials/expiry.sql.ts';
import { WEBHOOK_DELIVERY_LOG_SIZE } from '../domain/limits.ts';
import { PREPARE } from '../store/prepared-statements.ts';
import type { CentralDatabase } from '../store/tables.ts';
import type { EndpointState } from './endpoints.query.ts';

/**
 * The queue of notification events (ADR 0020): rows of `webhook_events`, claimed in batches with
 * FOR UPDATE SKIP LOCKED under a lease, each outcome written only while the row is still at the
 * attempt that produced it. "Now" is an argument of every statement (an injected clock in tests).
 */

type Db = Kysely<CentralDatabase> | Transaction<CentralDatabase>;

export interface NewEvent {
  endpointId: number;
  eventoId: string;
  tipo: 'alteracoes.disponiveis' | 'teste';
  recurso: string | null;
  corpo: string;
  now: Date;
}

/**
 * Queues an event due now. A change event joins one already waiting for the same endpoint and
 * resource (D52's coalescing): one not tried yet, or one waiting for a retry, which will tell the
 * receiver to read its feed all the same. Only an event being sent at this moment is not joined:
 * its receiver may read the feed before this change commits, so the change gets its own event.
 * The partial unique index settles two writers racing to add the untried one. False when joined.
 */
export async function enqueueEvent(db: Db, event: NewEvent): Promise<boolean> {
  const result = await sql`
    INSERT INTO webhook_events (endpoint_id, evento_id, tipo, recurso, corpo, proxima_em, created_at)
    SELECT ${event.endpointId}, ${event.eventoId}, ${event.tipo}, ${event.recurso}, ${event.corpo}, ${event.now}, ${event.now}
     WHERE ${event.tipo} = 'teste' OR NOT EXISTS (
       SELECT 1 FROM webhook_events
        WHERE endpoint_id = ${event.endpointId} AND recurso = ${event.recurso} AND tipo = 'alteracoes.disponiveis'
          AND (reservado_ate IS NULL OR reservado_ate <= ${event.now}))
    ON CONFLICT (endpoint_id, recurso) WHERE tentativa = 0 AND tipo = 'alteracoes.disponiveis' DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** A claimed event with what its attempt needs, read in the claiming statement. */
export interface ClaimedEvent {
  id: number;
  endpoint_id: number;
  evento_id: string;
  tipo: 'alteracoes.disponiveis' | 'teste';
  corpo: string;
  /** when the event was queued, in ms since the epoch */
  criado_ms: number;
  /** this attempt's number, from 1 */
  tentativa: number;
  url: string;
  segredo: Buffer;
  /** the previous secret while it still signs (D51), else null */
  segredo_anterior: Buffer | null;
  estado: EndpointState;
  /** the credential is neither revoked nor expired */
  credencial_valida: boolean;
}

/** A claimed event's columns (ClaimedEvent), from its row `e`, its endpoint `w` and credential `c`. */
const claimedColumns = (now: Date) => sql`
  e.id, e.endpoint_id, e.evento_id, e.tipo, e.corpo, e.tentativa, w.url, w.segredo,
  (EXTRACT(EPOCH FROM e.created_at) * 1000)::float8 AS criado_ms,
  CASE WHEN w.segredo_anterior_ate > ${now} THEN w.segredo_anterior END AS segredo_anterior,
  w.estado, (c.revoked_at IS NULL AND ${sql.raw(CREDENTIAL_NOT_EXPIRED)}) AS credencial_valida`;

/**
 * Terms on which a scan hands its due events straight to this instance's dispatcher (ADR 0020,
 * fourth amendment): claimed in the statement that queues them, as a claim would have claimed them.
 */
export interface HandOff {
  /** the lease of the events handed over */
  leaseMs: number;
  /** at most this many events */
  room: number;
  /** at most this many of one endpoint */
  perEndpoint: number;
  /** endpoints the dispatcher is sending to or holds events for: none of theirs is handed over */
  busy: number[];
}

export interface Enqueued {
  /** events queued, handed over or not */
  queued: number;
  /** the events handed over, claimed (their first attempt, under a lease) */
  claimed: ClaimedEvent[];
}

/**
 * Queues change events in one statement, each joining an event already waiting for its endpoint
 * and resource as `enqueueEvent` does. A new event is due at once after a quiet spell, else
 * `windowMs` after the previous one's due time (webhook_cadence, central migration 0006): the
 * first change of a burst is told at once and the rest of the burst joins one later event (D52).
 *
 * With `handOff`, the events due at once that fit its terms are inserted already claimed (their
 * first attempt, under the lease) and returned with what their attempt needs, as claimDue returns
 * them: most events are due at once, and claiming them in a second statement was an update of
 * every row (a new version, four index entries and their vacuum), about a third of the database's
 * time for the notifications (ADR 0020, fourth amendment). An event handed over is one being
 * sent, so a change after it queues its own event, as after a claim.
 */
export async function enqueueChanges(
  db: Db,
  events: readonly { endpointId: number; eventoId: string; recurso: string; corpo: string }[],
  now: Date,
  windowMs: number,
  handOff: HandOff | null = null,
): Promise<Enqueued> {
  if (events.length === 0) return { queued: 0, claimed: [] };
  const room = handOff?.room ?? 0;
  const leaseUntil = new Date(now.getTime() + (handOff?.leaseMs ?? 0));
  const { rows } = await sql<ClaimedEvent>`
    WITH entrada AS (
      SELECT n.endpoint_id, n.evento_id, n.recurso, n.corpo,
             GREATEST(${now}::timestamptz, c.ultimo_em + make_interval(secs => ${windowMs / 1000})) AS proxima_em
        FROM json_to_recordset(${JSON.stringify(events.map(changeJson))}::json) AS n(endpoint_id bigint, evento_id text, recurso text, corpo text)
        LEFT JOIN webhook_cadence c ON c.endpoint_id = n.endpoint_id AND c.recurso = n.recurso
       WHERE NOT EXISTS (
         SELECT 1 FROM webhook_events e
          WHERE e.endpoint_id = n.endpoint_id AND e.recurso = n.recurso AND e.tipo = 'alteracoes.disponiveis'
            AND (e.reservado_ate IS NULL OR e.reservado_ate <= ${now}))
    ), cabe AS (
      SELECT *, proxima_em <= ${now} AND endpoint_id <> ALL(${handOff?.busy ?? []}::bigint[])
                AND row_number() OVER (PARTITION BY endpoint_id ORDER BY recurso) <= ${handOff?.perEndpoint ?? 0} AS livre
        FROM entrada
    ), vez AS (
      SELECT *, livre AND count(*) FILTER (WHERE livre) OVER (ORDER BY endpoint_id, recurso ROWS UNBOUNDED PRECEDING) <= ${room} AS entregue
        FROM cabe
    ), novos AS (
      INSERT INTO webhook_events (endpoint_id, evento_id, tipo, recurso, corpo, proxima_em, created_at, tentativa, reservado_ate)
      SELECT endpoint_id, evento_id, 'alteracoes.disponiveis', recurso, corpo, proxima_em, ${now},
             CASE WHEN entregue THEN 1 ELSE 0 END, CASE WHEN entregue THEN ${leaseUntil}::timestamptz END
        FROM vez
      ON CONFLICT (endpoint_id, recurso) WHERE tentativa = 0 AND tipo = 'alteracoes.disponiveis' DO NOTHING
      RETURNING *
    ), cadencia AS (
      INSERT INTO webhook_cadence (endpoint_id, recurso, ultimo_em)
      SELECT endpoint_id, recurso, proxima_em FROM novos
      ON CONFLICT (endpoint_id, recurso) DO UPDATE SET ultimo_em = EXCLUDED.ultimo_em
    )
    SELECT ${claimedColumns(now)}
      FROM novos e
      LEFT JOIN webhook_endpoints w ON w.id = e.endpoint_id AND e.tentativa = 1
      LEFT JOIN api_credentials c ON c.id = w.credential_id`.execute(db);
  return { queued: rows.length, claimed: rows.filter((r) => r.tentativa === 1) };
}

/** A change event as enqueueChanges' JSON parameter has it (one parameter, as linesOf). */
const changeJson = (e: { endpointId: number; eventoId: string; recurso: string; corpo: string }) => ({
  endpoint_id: e.endpointId,
  evento_id: e.eventoId,
  recurso: e.recurso,
  corpo: e.corpo,
});

export interface ClaimOptions {
  now: Date;
  leaseMs: number;
  limit: number;
  /** at most this many events of one endpoint in one claim */
  perEndpoint: number;
  /** endpoints this instance is sending to now: none of theirs is claimed */
  busy: number[];
}

/**
 * Claims due events: at most `perEndpoint` of any one endpoint, oldest due first, skipping rows
 * another instance holds (SKIP LOCKED) and rows under a live lease. Each claimed row's attempt
 * count goes up and its lease starts, in the same statement.
 */
export async function claimDue(db: Db, o: ClaimOptions): Promise<ClaimedEvent[]> {
  const { rows } = await claimStatement(o).execute(db);
  // RETURNING gives the rows in its plan's order; the worker starts them oldest first.
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * claimDue's statement, for a test that reads its plan. Prepared on PostgreSQL: planning it took
 * 0.6 ms, four times its run on a lean queue. Once PostgreSQL settles on a generic plan, that plan
 * is made with the queue's statistics of its last vacuum, often an emptied queue whose pages are
 * kept (vacuumQueue): so the chosen rows are found by their ids (`id = ANY(ARRAY(…))`, see
 * stillAt), not by a join the planner expects to be one row long. As `id IN (…)`, a claim of 64
 * with 5,000 queued (a burst of test events) walked the whole queue once per chosen row, twice:
 * 26,392 buffers and 198 ms (auto_explain, bench:webhooks), and such bursts ran at ~1,800
 * deliveries/s instead of ~4,400 (ADR 0020, amended).
 */
export const claimStatement = (o: ClaimOptions) => sql<ClaimedEvent>`${sql.raw(PREPARE)}
    WITH devidos AS (
      SELECT id, endpoint_id, proxima_em FROM webhook_events
       WHERE proxima_em <= ${o.now} AND (reservado_ate IS NULL OR reservado_ate <= ${o.now})
         AND endpoint_id <> ALL(${o.busy}::bigint[])
       ORDER BY proxima_em, id
       LIMIT ${o.limit * 8}
    ), escolhidos AS (
      SELECT id FROM (
        SELECT id, proxima_em, row_number() OVER (PARTITION BY endpoint_id ORDER BY proxima_em, id) AS n FROM devidos
      ) d WHERE n <= ${o.perEndpoint} ORDER BY proxima_em, id LIMIT ${o.limit}
    ), reservados AS (
      SELECT e.id FROM webhook_events e
       WHERE e.id = ANY(ARRAY(SELECT id FROM escolhidos)) AND (e.reservado_ate IS NULL OR e.reservado_ate <= ${o.now})
       FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_events e SET tentativa = e.tentativa + 1, reservado_ate = ${new Date(o.now.getTime() + o.leaseMs)}
      FROM webhook_endpoints w JOIN api_credentials c ON c.id = w.credential_id
     WHERE e.id = ANY(ARRAY(SELECT id FROM reservados)) AND w.id = e.endpoint_id
    RETURNING ${claimedColumns(o.now)}`;

/**
 * The ids of the events (`ids`) still at their attempts (`tentativas`) (an event past it was claimed again
 * after its lease ran out: another instance owns it now), their rows locked in id order, as
 * dropPending locks them, so two writers never cross. `gate`: a condition the subquery must pass
 * before it reads a row (recordFinished's lock order).
 *
 * An array, for `id = ANY(…)`, not a subquery for `id IN (…)`: a locking subquery cannot be
 * flattened, and `IN` made it the inner side of a nested loop over the whole queue, locked again
 * for each row. With 5,000 events queued and statistics that said the queue was empty (it was,
 * when last vacuumed), a group of 200 outcomes took 232 ms and ~1 million buffer reads, and under
 * a burst on a busy machine each group ran into the statement timeout (bench:webhooks, EXPLAIN
 * ANALYZE). As an array it runs once, before the statement reads a row, and the rows are found by
 * their ids, whatever the queue's size or statistics; `x.id = ANY` does the same inside.
 */
const stillAt = (ids: readonly number[], tentativas: readonly number[], gate = sql`true`) => sql`
  ARRAY(SELECT x.id FROM webhook_events x
    JOIN unnest(${ids}::bigint[], ${tentativas}::int[]) AS f(id, tentativa)
      ON x.id = f.id AND x.tentativa = f.tentativa
   WHERE x.id = ANY(${ids}::bigint[]) AND ${gate}
   ORDER BY x.id FOR UPDATE OF x)`;

/**
 * Claimed events that were not sent (the instance is stopping): their leases end now and their
 * attempt counts go back, so the next claim, by any instance, makes the same attempt at once
 * instead of after the lease. A change event whose untried successor is already queued (it was
 * being sent, so a later change did not join it) keeps its lease: the successor tells the same.
 */
export async function giveBack(db: Db, events: readonly { id: number; tentativa: number }[]): Promise<void> {
  if (events.length === 0) return;
  await sql`
    UPDATE webhook_events e SET tentativa = e.tentativa - 1, reservado_ate = NULL
     WHERE e.id = ANY(${stillAt(
       events.map((x) => x.id),
       events.map((x) => x.tentativa),
     )})
       AND NOT (e.tentativa = 1 AND e.tipo = 'alteracoes.disponiveis' AND EXISTS (
         SELECT 1 FROM webhook_events o
          WHERE o.endpoint_id = e.endpoint_id AND o.recurso = e.recurso AND o.tentativa = 0 AND o.tipo = 'alteracoes.disponiveis'))`.execute(
    db,
  );
}

/** The event is done (delivered, given up, or dropped): deleted, if still at this attempt. */
export async function finishEvent(db: Db, id: number, tentativa: number): Promise<boolean> {
  const result = await sql`DELETE FROM webhook_events WHERE id = ${id} AND tentativa = ${tentativa}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The next attempt at `at`, if the event is still at this attempt. */
export async function rescheduleEvent(db: Db, id: number, tentativa: number, at: Date): Promise<boolean> {
  const result = await sql`
    UPDATE webhook_events SET proxima_em = ${at}, reservado_ate = NULL WHERE id = ${id} AND tentativa = ${tentativa}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export interface Delivery {
  endpointId: number;
  at: Date;
  eventoId: string;
  tipo: string;
  tentativa: number;
  httpStatus: number | null;
  erro: string | null;
  duracaoMs: number;
}

/**
 * The delivery log's lines as one JSON parameter, in their order (`ordem`). A JSON text is built
 * natively (JSON.stringify) where each array parameter was built by the driver element by element,
 * quoting and escaping every text: the largest allocation of the notifications' own code per
 * delivery (ADR 0020, seventh amendment).
 */
const linesOf = (lines: readonly Delivery[]) => sql`
  ROWS FROM (json_to_recordset(${JSON.stringify(lines.map(lineJson))}::json)
    AS (endpoint_id bigint, em timestamptz, evento_id text, tipo text, tentativa int, http_status int, erro text, duracao_ms int))
    WITH ORDINALITY AS l(endpoint_id, em, evento_id, tipo, tentativa, http_status, erro, duracao_ms, ordem)`;

/** A delivery-log line as linesOf's JSON parameter has it (the columns' names). */
const lineJson = (d: Delivery) => ({
  endpoint_id: d.endpointId,
  em: d.at,
  evento_id: d.eventoId,
  tipo: d.tipo,
  tentativa: d.tentativa,
  http_status: d.httpStatus,
  erro: d.erro,
  duracao_ms: d.duracaoMs,
});

/**
 * One line of the delivery log, inside the outcome's transaction (an attempt whose event goes on).
 * Its foreign key locks the endpoint (KEY SHARE) before the transaction touches the event, the
 * order every writer keeps (see recordFinished). The log is cut to its size by pruneDeliveries.
 */
export async function recordDelivery(db: Db, d: Delivery): Promise<void> {
  await sql`
    INSERT INTO webhook_deliveries (endpoint_id, em, evento_id, tipo, tentativa, http_status, erro, duracao_ms)
    SELECT l.endpoint_id, l.em, l.evento_id, l.tipo, l.tentativa, l.http_status, l.erro, l.duracao_ms FROM ${linesOf([d])}`.execute(db);
}

/** A finished attempt whose event ends with it: its delivery-log line, and the event at that attempt. */
export interface Finished extends Delivery {
  eventId: number;
}

/**
 * The outcomes of many finished attempts in one statement (ADR 0020, amended): their lines of the
 * delivery log, then each event deleted if still at its attempt. It was a transaction of six
 * statements per group (BEGIN, the log's locks, the lines, the log's cut, the events, COMMIT), on
 * the central database the data API reads; each statement is a round trip and a wake-up of a
 * backend, which cost the database more than running them (pg_stat_statements, bench:webhooks).
 *
 * Lock order, the one the settings keep (lockEndpoint, then dropPending): endpoints first, then
 * events. The lines' SELECT takes the endpoints' KEY SHARE locks itself, and the events are
 * locked only after the lines are in: the `(SELECT count(*) FROM linhas)` gate is an init plan,
 * run, and with it the whole INSERT, before the event subquery reads a row. A pause (FOR UPDATE
 * of the endpoint, then its events) is waited for and never waits on this statement. A line of an
 * endpoint deleted meanwhile is skipped (the locking read finds the row gone), where a foreign-key
 * error would have lost the whole group's outcomes. An event no longer at its attempt (its lease
 * ran out: another claim owns it now) is left as it is (stillAt).
 */
export async function recordFinished(db: Kysely<CentralDatabase>, finished: readonly Finished[]): Promise<void> {
  if (finished.length === 0) return;
  await recordFinishedStatement(finished).execute(db);
}

/**
 * recordFinished's statement, for a test that reads its plan. Prepared on PostgreSQL: planning
 * it was half of its cost, ~0.2 ms for a group of 17 outcomes, and its generic plan is as good as
 * any custom one. The lines come from a JSON array of any length, joined to the endpoints by their
 * key, and the events are found by id (stillAt), so no plan depends on a group's size or on the
 * queue's statistics (ADR 0020, fifth amendment).
 */
export const recordFinishedStatement = (finished: readonly Finished[]) => sql`${sql.raw(PREPARE)}
    WITH linhas AS (
      INSERT INTO webhook_deliveries (endpoint_id, em, evento_id, tipo, tentativa, http_status, erro, duracao_ms)
      SELECT l.endpoint_id, l.em, l.evento_id, l.tipo, l.tentativa, l.http_status, l.erro, l.duracao_ms
        FROM ${linesOf(finished)} JOIN webhook_endpoints w ON w.id = l.endpoint_id
       ORDER BY l.ordem
         FOR KEY SHARE OF w
      RETURNING 1
    )
    DELETE FROM webhook_events WHERE id = ANY(${stillAt(
      finished.map((f) => f.eventId),
      finished.map((f) => f.tentativa),
      sql`(SELECT count(*) FROM linhas) >= 0`,
    )})`;

/**
 * Cuts the delivery logs of these endpoints to their newest WEBHOOK_DELIVERY_LOG_SIZE lines (D54),
 * for many endpoints in one statement, a few times a second at most (the dispatcher), not in each
 * outcome's: a log may hold more lines between two cuts, and every reader asks for the newest
 * WEBHOOK_DELIVERY_LOG_SIZE. No lock is needed to stay exact: each endpoint's cut is the id of the
 * oldest line to keep among those this statement sees, and a line it does not see yet (committed
 * after it began) only has a higher id, so no line among the newest is ever cut. Rows another
 * instance's cut holds are skipped (SKIP LOCKED): it is deleting them.
 */
export async function pruneDeliveries(db: Kysely<CentralDatabase>, endpoints: readonly number[]): Promise<void> {
  if (endpoints.length === 0) return;
  await sql`
    DELETE FROM webhook_deliveries WHERE id IN (
      SELECT w.id FROM unnest(${endpoints}::bigint[]) AS p(endpoint_id)
        JOIN webhook_deliveries w ON w.endpoint_id = p.endpoint_id
       WHERE w.id < (SELECT x.id FROM webhook_deliveries x WHERE x.endpoint_id = p.endpoint_id
                      ORDER BY x.id DESC OFFSET ${WEBHOOK_DELIVERY_LOG_SIZE - 1} LIMIT 1)
         FOR UPDATE OF w SKIP LOCKED)`.execute(db);
}

/** D54: after the last retry the endpoint stops, saying why; what it still had queued is dropped. */
export async function disableEndpoint(db: Db, endpointId: number, motivo: string): Promise<void> {
  await sql`
    UPDATE webhook_endpoints SET estado = 'desativado_por_falhas', motivo = ${motivo}, updated_at = now()
     WHERE id = ${endpointId} AND estado = 'ativo'`.execute(db);
  await dropPending(db, endpointId);
}

/** Drops an endpoint's queued events (paused, disabled). */
export async function dropPending(db: Db, endpointId: number): Promise<void> {
  // In id order, as recordFinished locks them (a lock taken in scan order could cross its own).
  // An array, not `IN (…)`: see stillAt.
  await sql`
    DELETE FROM webhook_events WHERE id = ANY(ARRAY(
      SELECT id FROM webhook_events WHERE endpoint_id = ${endpointId} ORDER BY id FOR UPDATE))`.execute(db);
}

/** Events waiting (due or not) and the age of the oldest due one, in seconds: for the metrics. */
export async function queueDepth(db: Db, now: Date): Promise<{ pendentes: number; atraso_s: number }> {
  const { rows } = await sql<{ pendentes: number; atraso_s: number }>`
    SELECT count(*)::int AS pendentes,
           COALESCE(EXTRACT(EPOCH FROM ${now}::timestamptz - min(proxima_em) FILTER (WHERE proxima_em <= ${now}))::float8, 0) AS atraso_s
      FROM webhook_events`.execute(db);
  return rows[0] ?? { pendentes: 0, atraso_s: 0 };
}

/**
 * Reclaims the queue's dead rows (ADR 0020, amended). Every event is inserted, updated by each
 * claim and deleted, its cadence row updated, its delivery-log line pruned: at hundreds of
 * deliveries a second the tables hold tens of thousands of dead rows per minute, which every claim
 * then walks past; autovacuum visits a database once a minute at best, and may be off. SKIP_LOCKED:
 * when another instance is vacuuming a table, this one leaves it. TRUNCATE false: giving the
 * emptied end of a table back to the file system takes an exclusive lock that every claim and
 * enqueue waits for, and after a burst it outlasted the statement timeout (bench:webhooks, three
 * runs: "canceling statement due to statement timeout … while truncating relation
 * webhook_events"); the pages are reused by the next burst anyway.
 */
export async function vacuumQueue(db: Kysely<CentralDatabase>): Promise<void> {
  await sql`VACUUM (SKIP_LOCKED, TRUNCATE false) webhook_events, webhook_cadence, webhook_deliveries`.execute(db);
}
