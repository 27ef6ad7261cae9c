import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { SecretBoxError } from '../crypto/secret-box.ts';
import { webhookSignature } from '../crypto/webhook-signature.ts';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../domain/limits.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { OpenedSecrets } from './opened-secrets.ts';
import { OutcomeWriter } from './outcome-writer.ts';
import {
  claimDue,
  disableEndpoint,
  finishEvent,
  giveBack,
  pruneDeliveries,
  queueDepth,
  recordDelivery,
  rescheduleEvent,
  vacuumQueue,
  type ClaimedEvent,
  type HandOff,
} from './queue.query.ts';
import { parsedUrl, succeeded, type Attempt, type Outcome } from './sender.ts';

export interface DispatcherOptions {
  db: Kysely<CentralDatabase>;
  sender: { send(attempt: Attempt): Promise<Outcome> };
  secretKey: () => Promise<Buffer>;
  log: Logger;
  metrics?: Metrics;
  /** the clock of every statement and signature (tests drive it) */
  now?: () => Date;
  /** how often the queue is read when nothing wakes the worker */
  pollMs?: number;
  /** how long a claimed attempt is this instance's: past it, another instance may make it (ADR 0020) */
  leaseMs?: number;
  /** sends under way at once in this instance */
  concurrency?: number;
  /** sends under way at once to one endpoint, in this instance: a slow receiver holds no more */
  perEndpoint?: number;
  /** attempts ended in this instance after which the queue's tables are vacuumed, at most every VACUUM_EVERY_MS */
  vacuumAfter?: number;
}

/** Attempts not ended (sending or writing their outcome) per slot, at most: bounds memory while the database is slow. */
const UNWRITTEN_PER_SLOT = 4;

/**
 * Events held by this instance (attempts not ended, and events waiting for a slot) per slot, at
 * most, once a scan has handed its events over (handOffTerms). A scan's events come at once, not as
 * slots free, and one left out of the hand-off is queued unclaimed and costs a claim later, an
 * update of its row: with room for UNWRITTEN_PER_SLOT only, a quarter of bench:webhooks' events
 * (a scan finds ~170 every half second) went through 11 claims a second (pg_stat_statements, ADR
 * 0020's sixth amendment). Memory stays bounded: claims made while a hand-off is under way keep to
 * their own bound (claimRoom), so at most HELD_PER_SLOT + UNWRITTEN_PER_SLOT events per slot, ~1 KB
 * an event.
 */
const HELD_PER_SLOT = 8;

/** The least time between two vacuums of the queue by one instance. */
const VACUUM_EVERY_MS = 5000;

/** The least time between two cuts of the delivery logs by one instance (pruneDeliveries). */
const PRUNE_EVERY_MS = 1000;

/**
 * Events claimed ahead, per slot: a claim takes what the slots will need next, not only what is
 * free at that moment, so a burst is claimed in fewer, larger statements instead of one per handful
 * of answers (bench:webhooks, pg_stat_statements over 20,000 deliveries: 2,193 claims of ~9 events
 * and 1,158 ms of the database's time before; 1,541 claims and 754 ms with it). A claimed event
 * waits here milliseconds, well within its lease; one still waiting when the instance stops is
 * given back (giveBack).
 */
const CLAIMED_AHEAD_PER_SLOT = 1;

/**
 * After a claim that found nothing due, the end of a send claims again no sooner than this. Most
 * events come handed over by the scan (handOff), so a claim at each end of a send found nothing
 * nearly every time, a statement walking past every event under way (~100 a second in
 * bench:webhooks). An endpoint that got its whole share may have more due: the end of its last
 * send claims at once all the same (sharesTaken).
 */
const EMPTY_CLAIM_PAUSE_MS = 100;

/** The receiver's address for the log: scheme and host only (a query string may hold an integrator's token). */
const origin = (url: string): string => parsedUrl(url)?.origin ?? '(URL inválida)';

/**
 * The worker that sends queued notification events (D53, D54; ADR 0020). It claims due events in
 * batches as slots free up, sends each through the sender, and writes the outcome: the delivery
 * log's line, then the event's end (delivered, a `teste` tried once, or given up) or its next
 * attempt by D54's schedule; after the last retry fails, the endpoint is disabled. Nothing here
 * is on the data API's request path.
 */
export class Dispatcher {
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  /** sends under way (the HTTP exchange), by endpoint */
  private readonly inFlight = new Map<number, number>();
  /** attempts not ended: sending, or their outcome not yet written */
  private readonly sends = new Set<Promise<void>>();
  /** claimed events waiting for a slot, oldest claim first */
  private readonly ready: ClaimedEvent[] = [];
  /** endpoints whose delivery log got lines since it was last cut, and when that was */
  private readonly unpruned = new Set<number>();
  private prunedAt = 0;
  /** the last claim took all it asked for: more may be due */
  private claimedFull = false;
  /** when the last claim found nothing due or failed (0 once one finds some), and the wake held back since */
  private emptyClaimAt = 0;
  private heldWake: NodeJS.Timeout | null = null;
  /** a claim is running, and a send ended meanwhile: its answer decides when to claim again */
  private claiming = false;
  private endedWhileClaiming = false;
  /** room promised to hand-offs under way (handOffTerms, adopt) */
  private promised = 0;
  /** endpoints that got their whole share in a claim or hand-off: more of theirs may be due */
  private readonly sharesTaken = new Set<number>();
  private readonly outcomes: OutcomeWriter;
  private readonly secrets = new OpenedSecrets();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private failing = false;
  /** the queue's depth and the age of its oldest due event, refreshed by the loop, read by the metrics */
  private depth = { pendentes: 0, atraso_s: 0 };
  private depthReadAt = 0;
  /** attempts ended since the queue was last vacuumed, and when that was */
  private endedSinceVacuum = 0;
  private vacuumedAt = 0;

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.concurrency = options.concurrency ?? 32;
    this.perEndpoint = options.perEndpoint ?? 2;
    this.outcomes = new OutcomeWriter(options.db);
    options.metrics?.gauge(
      'api_externa_webhook_queue_depth',
      'Notification events waiting for an attempt (due or not)',
      () => this.depth.pendentes,
    );
    options.metrics?.gauge(
      'api_externa_webhook_oldest_due_seconds',
      'Seconds since the oldest due notification event became due (0 when none is late)',
      () => this.depth.atraso_s,
    );
  }

  /**
   * Slots for new sends: a slot frees when its receiver has answered, not when the outcome is
   * written. Under data-API load every statement of the outcome's transaction waited a turn of a
   * busy event loop, and slots held through it let the queue fall behind (bench:webhooks, ADR 0020).
   * Attempts whose outcome is still unwritten are bounded too, at UNWRITTEN_PER_SLOT per slot.
   */
  private get freeSlots(): number {
    let sending = 0;
    for (const n of this.inFlight.values()) sending += n;
    return Math.min(this.concurrency - sending, this.concurrency * UNWRITTEN_PER_SLOT - this.sends.size);
  }

  /**
   * How many events a claim may take now: none while claimed events still waiting number half the
   * slots or more (claims then come in batches, not one per freed slot), else up to the free slots
   * and CLAIMED_AHEAD_PER_SLOT more per slot, within the bound on unended attempts. Room promised
   * to a hand-off is not counted: a scan's transaction may take a while when the database is busy,
   * and a claim waiting for it leaves slots empty meanwhile (ADR 0020's sixth amendment). The
   * hand-off has its own bound (HELD_PER_SLOT).
   */
  private get claimRoom(): number {
    const waiting = this.ready.length;
    if (waiting >= Math.ceil(this.concurrency / 2)) return 0;
    const ahead = this.concurrency * CLAIMED_AHEAD_PER_SLOT - waiting;
    return Math.min(Math.max(0, this.freeSlots) + ahead, this.concurrency * UNWRITTEN_PER_SLOT - this.sends.size - waiting);
  }

  /** Endpoints with a send under way or an event waiting here: they have their share. */
  private busyEndpoints(): number[] {
    const busy = new Set(this.inFlight.keys());
    for (const event of this.ready) busy.add(event.endpoint_id);
    return [...busy];
  }

  /**
   * Terms on which the scan of this process may hand its due events straight to this worker,
   * claimed in the statement that queues them (queue.query.ts, enqueueChanges): as many as
   * HELD_PER_SLOT leaves room for, held for the hand-off until `adopt`. Null when stopped or full.
   */
  handOffTerms(): HandOff | null {
    if (!this.running) return null;
    const room = this.concurrency * HELD_PER_SLOT - this.sends.size - this.ready.length - this.promised;
    if (room <= 0) return null;
    this.promised += room;
    return { leaseMs: this.leaseMs, room, perEndpoint: this.perEndpoint, busy: this.busyEndpoints() };
  }

  /**
   * The hand-off on `terms` ended: its events (none if the scan failed) are this worker's to send,
   * as if claimed. Stopped meanwhile, it gives them back at once instead.
   */
  adopt(events: ClaimedEvent[], terms: HandOff): void {
    this.promised -= terms.room;
    if (events.length === 0) return;
    if (!this.running) {
      void this.giveBack(events);
      return;
    }
    this.noteShares(events);
    this.ready.push(...events);
    this.startReady();
  }

  /** Notes the endpoints that got their whole share among `events` (sharesTaken). */
  private noteShares(events: readonly ClaimedEvent[]): void {
    const counts = new Map<number, number>();
    for (const e of events) counts.set(e.endpoint_id, (counts.get(e.endpoint_id) ?? 0) + 1);
    for (const [endpoint, n] of counts) if (n >= this.perEndpoint) this.sharesTaken.add(endpoint);
  }

  /** Starts the loop: claim, send, and sleep until woken, a send ends, or the poll interval passes. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** An event was queued in this process: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * A send ended: claim again now, or, after a claim that found nothing, EMPTY_CLAIM_PAUSE_MS after
   * it. While a claim runs, the end waits for its answer: woken at once, a second claim would
   * follow it at once and, under load, both found nothing (dispatcher.test.ts, "a send that ends
   * while a claim runs …").
   */
  private sendEnded(): void {
    if (this.claiming) {
      this.endedWhileClaiming = true;
      return;
    }
    const wait = this.emptyClaimAt + EMPTY_CLAIM_PAUSE_MS - Date.now();
    if (wait <= 0) return this.wake();
    this.heldWake ??= setTimeout(() => {
      this.heldWake = null;
      this.wake();
    }, wait);
  }

  /** Drops the held wake: a claim about to run covers every send ended so far. */
  private clearHeldWake(): void {
    if (this.heldWake !== null) clearTimeout(this.heldWake);
    this.heldWake = null;
  }

  /**
   * Stops claiming, gives back the claimed events not yet started (another instance, or this one
   * restarted, sends them without waiting for their lease), and waits for the sends under way
   * (each bounded by the attempt timeout); then cuts the delivery logs they wrote.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.clearHeldWake();
    this.sharesTaken.clear();
    this.wake();
    await this.loop;
    const unsent = this.ready.splice(0);
    if (unsent.length > 0) await this.giveBack(unsent);
    await Promise.allSettled([...this.sends]);
    await this.pruneIfDue(true).catch(() => {});
    this.secrets.clear();
  }

  /** Gives claimed events back to the queue (giveBack); failing that, their leases run out. */
  private async giveBack(events: readonly ClaimedEvent[]): Promise<void> {
    await giveBack(this.options.db, events).catch((err: unknown) => {
      this.options.log.warn(
        { err: (err as Error).message },
        'notificações: eventos não devolvidos à fila; serão enviados quando a reserva expirar',
      );
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.claimAndSend();
        await this.refreshDepth();
        await this.pruneIfDue();
        await this.vacuumIfChurned();
        if (this.failing) this.options.log.info('notificações: a fila voltou a ser lida');
        this.failing = false;
      } catch (err) {
        // Once per outage, not once per poll: the database's own state is told by /readyz and the store's logs.
        if (!this.failing)
          this.options.log.warn({ err: (err as Error).message }, 'notificações: a fila não pôde ser lida; nova leitura a cada intervalo');
        this.failing = true;
      }
      if (!this.running) break;
      // A full batch: there may be more due now, if there is room for them. Otherwise sleep.
      if (claimed > 0 && this.claimedFull && this.claimRoom > 0) continue;
      await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        this.woken = false;
        done();
      };
    });
  }

  /** Vacuums the queue's tables once enough attempts have ended (queue.query.ts, vacuumQueue). */
  private async vacuumIfChurned(): Promise<void> {
    if (this.endedSinceVacuum < (this.options.vacuumAfter ?? 500) || Date.now() - this.vacuumedAt < VACUUM_EVERY_MS) return;
    this.endedSinceVacuum = 0;
    this.vacuumedAt = Date.now();
    await vacuumQueue(this.options.db);
  }

  /** Cuts the delivery logs written since the last cut, at most every PRUNE_EVERY_MS unless `now`. */
  private async pruneIfDue(now = false): Promise<void> {
    if (this.unpruned.size === 0 || (!now && Date.now() - this.prunedAt < PRUNE_EVERY_MS)) return;
    const endpoints = [...this.unpruned];
    this.unpruned.clear();
    this.prunedAt = Date.now();
    try {
      await pruneDeliveries(this.options.db, endpoints);
    } catch (err) {
      for (const id of endpoints) this.unpruned.add(id);
      throw err;
    }
  }

  private async refreshDepth(): Promise<void> {
    if (this.options.metrics === undefined || Date.now() - this.depthReadAt < 5000) return;
    this.depthReadAt = Date.now();
    this.depth = await queueDepth(this.options.db, this.now());
  }

  /**
   * Starts the claimed events waiting for a slot, then claims due events as claimRoom allows and
   * starts those that find a slot; resolves when they have started, not ended. The number claimed.
   */
  async claimAndSend(): Promise<number> {
    this.startReady();
    const room = this.claimRoom;
    if (room <= 0) return 0;
    this.clearHeldWake();
    this.claiming = true;
    this.endedWhileClaiming = false;
    let events: ClaimedEvent[] = [];
    try {
      // An endpoint with a send under way or an event waiting here gets none: it has its share.
      events = await claimDue(this.options.db, {
        now: this.now(),
        leaseMs: this.leaseMs,
        limit: room,
        perEndpoint: this.perEndpoint,
        busy: this.busyEndpoints(),
      });
    } finally {
      // A failed claim counts as one that found nothing: the ends meanwhile wait the pause too.
      this.claiming = false;
      this.emptyClaimAt = events.length === 0 ? Date.now() : 0;
      if (this.endedWhileClaiming) this.sendEnded();
    }
    this.claimedFull = events.length >= room;
    this.noteShares(events);
    this.ready.push(...events);
    this.startReady();
    return events.length;
  }

  /**
   * Starts claimed events, oldest first, while there are free slots; an event whose endpoint has
   * its share of sends under way waits for one of them to end (a hand-off and a claim may both
   * bring events of one endpoint).
   */
  private startReady(): void {
    for (let i = 0; i < this.ready.length && this.freeSlots > 0;) {
      const event = this.ready[i] as ClaimedEvent;
      if ((this.inFlight.get(event.endpoint_id) ?? 0) >= this.perEndpoint) i++;
      else {
        this.ready.splice(i, 1);
        this.startSend(event);
      }
    }
  }

  private startSend(event: ClaimedEvent): void {
    this.inFlight.set(event.endpoint_id, (this.inFlight.get(event.endpoint_id) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(event.endpoint_id) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(event.endpoint_id);
      else this.inFlight.set(event.endpoint_id, left);
      // A slot is free: the next claimed event takes it now, not at the loop's next turn.
      this.startReady();
      // The endpoint's share is free again: a claim may find more of its events at once.
      if (left === 0 && this.sharesTaken.delete(event.endpoint_id)) this.wake();
      else this.sendEnded();
    };
    const send = this.attempt(event, release)
      .catch((err: unknown) => {
        // The outcome could not be written (database away): the lease runs out and the attempt is made again.
        this.options.log.warn(
          { webhook_id: event.endpoint_id, event_id: event.evento_id, err: (err as Error).message },
          'notificações: resultado não gravado',
        );
      })
      .finally(() => {
        this.sends.delete(send);
        release();
        this.unpruned.add(event.endpoint_id);
        this.endedSinceVacuum++;
        this.sendEnded();
      });
    this.sends.add(send);
  }

  /**
   * Every event claimed so far has been sent and its outcome written, and the delivery logs are cut
   * (tests: after `claimAndSend`, with a driven clock).
   */
  async idle(): Promise<void> {
    while (this.sends.size > 0 || this.ready.length > 0) {
      this.startReady();
      await Promise.allSettled([...this.sends]);
    }
    await this.pruneIfDue(true);
  }

  /** One attempt and its outcome; `sent` is called once the receiver has answered (or the send failed), freeing the slot. */
  private async attempt(event: ClaimedEvent, sent: () => void): Promise<void> {
    const { db, log, metrics } = this.options;
    if (!event.credencial_valida || event.estado !== 'ativo') {
      // D51: a revoked or expired credential sends nothing; a paused or disabled endpoint neither.
      await finishEvent(db, event.id, event.tentativa);
      metrics?.webhookAttempts.inc({ resultado: 'descartado' });
      log.info({ webhook_id: event.endpoint_id, event_id: event.evento_id }, 'notificação descartada: credencial ou endereço inativo');
      return;
    }
    const outcome = await this.send(event);
    sent();
    const at = this.now();
    const ok = succeeded(outcome);
    const last = event.tentativa > WEBHOOK_RETRY_DELAYS_SECONDS.length;
    const delivery = {
      endpointId: event.endpoint_id,
      at,
      eventoId: event.evento_id,
      tipo: event.tipo,
      tentativa: event.tentativa,
      httpStatus: outcome.kind === 'resposta' ? outcome.status : null,
      erro: outcome.kind === 'resposta' ? null : outcome.error,
      duracaoMs: outcome.durationMs,
    };
    // A test event is tried once: it checks the receiver and does not count toward disabling.
    // The event ends: its outcome joins the others being written (most attempts end here).
    if (ok || event.tipo === 'teste') await this.outcomes.write({ ...delivery, eventId: event.id });
    else
      await db.transaction().execute(async (trx) => {
        await recordDelivery(trx, delivery);
        if (last) {
          if (await finishEvent(trx, event.id, event.tentativa)) await disableEndpoint(trx, event.endpoint_id, reason(outcome, at));
        } else {
          const delay = WEBHOOK_RETRY_DELAYS_SECONDS[event.tentativa - 1] ?? 0;
          await rescheduleEvent(trx, event.id, event.tentativa, new Date(at.getTime() + delay * 1000));
        }
      });
    const resultado = ok ? 'entregue' : outcome.kind === 'recusado' ? 'recusado' : 'falhou';
    metrics?.webhookAttempts.inc({ resultado });
    if (ok) metrics?.webhookDeliveryLag.observe(Math.max(0, (at.getTime() - event.criado_ms) / 1000));
    const line = {
      webhook_id: event.endpoint_id,
      event_id: event.evento_id,
      tipo: event.tipo,
      tentativa: event.tentativa,
      destino: origin(event.url),
      resultado,
      http_status: outcome.kind === 'resposta' ? outcome.status : null,
      erro: outcome.kind === 'resposta' ? null : outcome.error,
      duration_ms: outcome.durationMs,
    };
    if (ok) log.info(line, 'notificação entregue');
    else if (last && event.tipo !== 'teste') log.warn(line, 'notificação: última tentativa falhou; endereço desativado por falhas');
    else log.info(line, outcome.kind === 'recusado' ? 'notificação recusada: endereço não público' : 'notificação: tentativa falhou');
  }

  /** Signs and sends one attempt; an unreadable secret is an outcome, not a throw. */
  private async send(event: ClaimedEvent): Promise<Outcome> {
    let secrets: string[];
    try {
      const key = await this.options.secretKey();
      secrets = [
        this.secrets.secret(key, event.segredo),
        ...(event.segredo_anterior === null ? [] : [this.secrets.secret(key, event.segredo_anterior)]),
      ];
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      const error =
        err.reason === 'outra_chave'
          ? 'segredo cifrado com outra chave (WEBHOOKS_SECRET_KEY mudou): gere um novo segredo'
          : 'segredo ilegível: gere um novo segredo';
      return { kind: 'erro', error, durationMs: 0 };
    }
    const timestamp = Math.floor(this.now().getTime() / 1000);
    return this.options.sender.send({
      url: event.url,
      body: event.corpo,
      headers: {
        'webhook-id': event.evento_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secrets, event.evento_id, timestamp, event.corpo),
      },
    });
  }
}

/** Why an endpoint was disabled, for settings (D54): the last attempt's answer or error, and when. */
function reason(outcome: Outcome, at: Date): string {
  const what = outcome.kind === 'resposta' ? `resposta HTTP ${outcome.status}` : outcome.error;
  return `a última das ${WEBHOOK_RETRY_DELAYS_SECONDS.length + 1} tentativas falhou em ${at.toISOString().slice(0, 19)}Z: ${what}`;
}
