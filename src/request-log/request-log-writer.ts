import type { Kysely } from 'kysely';
import { REQUEST_LOG_BATCH, REQUEST_LOG_FLUSH_MS, REQUEST_LOG_MAX_QUEUED } from '../domain/limits.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';
import type { RequestLogEntry } from './request-log-entry.ts';
import { addDropped, ensurePartition, insertEntries } from './request-log.query.ts';

/** Where a request's log entry goes: a call that never waits and never fails. */
export interface RequestLogSink {
  record(entry: RequestLogEntry): void;
}

export interface WriterOptions {
  maxQueued?: number;
  batch?: number;
  flushMs?: number;
  /** told of each entry dropped (the metric) */
  onDropped?: (n: number) => void;
  /** where write failures are said, at most once a minute */
  warn?: (obj: object, msg: string) => void;
}

const dayOf = (ms: number): string => todayInSaoPaulo(new Date(ms));

/**
 * The request log's writer (D59, ADR 0024): entries are queued in memory, bounded, and written off
 * the request path in batches — one INSERT of arrays per batch, every second or as soon as a batch
 * is full, one batch in flight at a time (so at most one pool connection). A request only pushes to
 * an array. When the store is slower than the requests or away, a failed batch goes back to the
 * queue as far as it fits; entries beyond the bound are dropped and counted per company and day,
 * and the counts are written with the next batch that succeeds.
 */
export class RequestLogWriter implements RequestLogSink {
  private queue: RequestLogEntry[] = [];
  private readonly dropped = new Map<string, { empresaId: number; dia: string; n: number }>();
  private droppedSoFar = 0;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly daysMade = new Set<string>();
  private lastWarning = 0;
  private readonly maxQueued: number;
  private readonly batch: number;

  constructor(
    private readonly db: Kysely<CentralDatabase>,
    private readonly options: WriterOptions = {},
  ) {
    this.maxQueued = options.maxQueued ?? REQUEST_LOG_MAX_QUEUED;
    this.batch = options.batch ?? REQUEST_LOG_BATCH;
  }

  start(): this {
    this.timer = setInterval(() => this.kick(), this.options.flushMs ?? REQUEST_LOG_FLUSH_MS);
    this.timer.unref();
    return this;
  }

  record(entry: RequestLogEntry): void {
    if (this.queue.length >= this.maxQueued) {
      this.drop([entry]);
      return;
    }
    this.queue.push(entry);
    if (this.queue.length >= this.batch) this.kick();
  }

  /** Entries waiting, and entries dropped since start: for tests and the metrics. */
  get queued(): number {
    return this.queue.length;
  }

  get droppedTotal(): number {
    return this.droppedSoFar;
  }

  /** Writes what is queued now (tests; the server's stop). */
  async flush(): Promise<void> {
    if (this.flushing !== null) await this.flushing;
    this.kick();
    await this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private kick(): void {
    if (this.flushing !== null) return;
    this.flushing = this.writeQueued().finally(() => {
      this.flushing = null;
    });
  }

  private async writeQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batch);
      try {
        for (const day of new Set(batch.map((e) => dayOf(e.at)))) {
          if (this.daysMade.has(day)) continue;
          await ensurePartition(this.db, day);
          this.daysMade.add(day);
        }
        await insertEntries(this.db, batch, dayOf);
      } catch (err) {
        const room = Math.max(0, this.maxQueued - this.queue.length);
        this.queue.unshift(...batch.slice(0, room));
        this.drop(batch.slice(room));
        this.warn(err);
        return;
      }
    }
    if (this.dropped.size > 0) {
      const counts = [...this.dropped.values()];
      this.dropped.clear();
      try {
        await addDropped(this.db, counts);
      } catch (err) {
        for (const c of counts) this.countDropped(c.empresaId, c.dia, c.n);
        this.warn(err);
      }
    }
  }

  private drop(entries: readonly RequestLogEntry[]): void {
    if (entries.length === 0) return;
    for (const e of entries) this.countDropped(e.empresaId, dayOf(e.at), 1);
    this.droppedSoFar += entries.length;
    this.options.onDropped?.(entries.length);
  }

  private countDropped(empresaId: number, dia: string, n: number): void {
    const key = `${empresaId}|${dia}`;
    const c = this.dropped.get(key);
    if (c === undefined) this.dropped.set(key, { empresaId, dia, n });
    else c.n += n;
  }

  private warn(err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    const { message, code } = err as { message?: string; code?: string };
    this.options.warn?.(
      { err: { message, code }, queued: this.queue.length, dropped: this.droppedSoFar },
      'request log: batch not written',
    );
  }
}
