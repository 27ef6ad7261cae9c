import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { WEBHOOK_COALESCE_MS } from '../domain/limits.ts';
import { NOTIFIABLE_RESOURCES } from '../domain/notification-resources.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { CentralDatabase, TenantDatabase } from '../store/tables.ts';
import { CENTRAL_NAME, type TenantDbRef } from '../store/tenant-directory.ts';
import {
  anyActiveEndpoint,
  changedPairsByProbe,
  changedSince,
  companiesOf,
  followersOf,
  holdScan,
  saveScan,
  tenantDatabases,
  type ChangedResource,
} from './change-scan.query.ts';
import { eventBody, newEventId } from './events.ts';
import { enqueueChanges, type ClaimedEvent, type Enqueued, type HandOff } from './queue.query.ts';

/**
 * How often each database's log is scanned. Half a second: a commit waits for the next scan
 * 250 ms on average, and two scans of a company that writes every 3 s are never closer than the
 * coalescing window (D52), which would hold the second event back. A scan that finds nothing is
 * three short statements.
 */
const SCAN_INTERVAL_MS = 500;

/** Log rows one scan reads at most; past it, the pairs are found by probes (see scanDatabase). */
const SCAN_ROW_LIMIT = 50_000;

export interface ScannerOptions {
  db: Kysely<CentralDatabase>;
  /** a tenant database's Kysely (the store's pools) */
  tenant: (ref: TenantDbRef) => Kysely<TenantDatabase>;
  log: Logger;
  metrics?: Metrics;
  now?: () => Date;
  intervalMs?: number;
  /** the dispatcher of this process: takes the due events a scan queues, and is woken for the others */
  dispatcher?: ScanDispatcher;
  /** log rows one scan reads at most (tests make it small) */
  rowLimit?: number;
}

/** What the scanner needs of the dispatcher of its process (Dispatcher). */
export interface ScanDispatcher {
  handOffTerms(): HandOff | null;
  adopt(events: ClaimedEvent[], terms: HandOff): void;
  wake(): void;
}

const byTable = new Map<string, (typeof NOTIFIABLE_RESOURCES)[number]>(NOTIFIABLE_RESOURCES.map((r) => [r.tabela, r]));

/**
 * Change detection (D52, ADR 0022). Every SCAN_INTERVAL_MS, for the central database and each tenant
 * database, one instance — whichever holds that database's scan row — reads which (company,
 * table) pairs the change feed's log got between the last scan's horizon and the current one, and
 * queues an `alteracoes.disponiveis` event for each endpoint following such a resource of such a
 * company, in the transaction that moves the horizon. Any write reaches the log (import, the
 * product's SQL, on any database), so any write gives its event, once the feed can serve it.
 */
export class ChangeScanner {
  private readonly now: () => Date;
  private readonly intervalMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private failing = new Set<string>();

  constructor(private readonly options: ScannerOptions) {
    this.now = options.now ?? (() => new Date());
    this.intervalMs = options.intervalMs ?? SCAN_INTERVAL_MS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      await this.scanAll();
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.intervalMs);
      });
    }
  }

  /** One scan of every database; a database that fails is logged once per outage and tried again next time. */
  async scanAll(): Promise<number> {
    let queued = 0;
    let databases: { name: string; ref: TenantDbRef | null }[];
    try {
      // Nobody to tell: the horizons stay where they are, and the first endpoint's first scan
      // reads from there (bounded by the probes past the row limit): a "read your feed" at most.
      if (!(await anyActiveEndpoint(this.options.db))) return 0;
      databases = [{ name: CENTRAL_NAME, ref: null }, ...(await tenantDatabases(this.options.db)).map((t) => ({ name: t.name, ref: t }))];
    } catch (err) {
      this.failed(CENTRAL_NAME, err);
      return 0;
    }
    let unclaimed = 0;
    for (const database of databases) {
      // The due events this scan queues go straight to this process's dispatcher, claimed in the
      // statement that queues them (ADR 0020, fourth amendment), once the scan has committed.
      const terms = this.options.dispatcher?.handOffTerms() ?? null;
      let claimed: ClaimedEvent[] = [];
      try {
        const enqueued = await this.scanDatabase(database.name, database.ref, terms);
        queued += enqueued.queued;
        claimed = enqueued.claimed;
        unclaimed += enqueued.queued - claimed.length;
        if (this.failing.delete(database.name))
          this.options.log.info({ banco: database.name }, 'notificações: alterações voltaram a ser lidas');
      } catch (err) {
        this.failed(database.name, err);
      } finally {
        if (terms !== null) this.options.dispatcher?.adopt(claimed, terms);
      }
    }
    // Events not handed over (no room, their endpoint busy, due later): a claim looks for them now.
    if (unclaimed > 0) this.options.dispatcher?.wake();
    return queued;
  }

  private failed(banco: string, err: unknown): void {
    if (this.failing.has(banco)) return;
    this.failing.add(banco);
    this.options.log.warn(
      { banco, err: (err as Error).message },
      'notificações: as alterações deste banco não puderam ser lidas; nova leitura a cada varredura (meio segundo)',
    );
  }

  /**
   * Scans one database; the events queued, and those handed over on `handOff`'s terms. Its scan
   * row is held for the whole scan, so no other instance scans it meanwhile; the new horizon is
   * saved with the events. When the range holds more than the row limit (a bulk import), the pairs
   * come from one index probe per company and table instead, as exact and bounded by the number of
   * companies.
   */
  async scanDatabase(banco: string, ref: TenantDbRef | null, handOff: HandOff | null = null): Promise<Enqueued> {
    const limit = this.options.rowLimit ?? SCAN_ROW_LIMIT;
    return this.options.db.transaction().execute(async (trx) => {
      const held = await holdScan(trx, banco);
      if (held === null) return { queued: 0, claimed: [] };
      // The central database's log is read in this very transaction: on the embedded store one
      // connection's open transaction holds every other, so a second connection would wait on it.
      const changed =
        ref === null ? await changedSince(trx, held.horizonte, limit) : await changedSince(this.options.tenant(ref), held.horizonte, limit);
      let pares = changed.pares;
      if (changed.cheio && held.horizonte !== null) {
        const companies = await companiesOf(trx, ref === null ? null : ref.name);
        const tables = NOTIFIABLE_RESOURCES.map((r) => r.tabela);
        pares =
          ref === null
            ? await changedPairsByProbe(trx, companies, tables, held.horizonte, changed.horizonte)
            : await changedPairsByProbe(this.options.tenant(ref), companies, tables, held.horizonte, changed.horizonte);
      }
      const resources: ChangedResource[] = pares.flatMap(([empresaId, tabela]) => {
        const resource = byTable.get(tabela);
        return resource === undefined ? [] : [{ empresaId: Number(empresaId), recurso: resource.recurso, scope: resource.scope }];
      });
      const followers = await followersOf(trx, resources);
      const now = this.now();
      const events = followers.map((f) => {
        const id = newEventId();
        return {
          endpointId: f.endpoint_id,
          eventoId: id,
          recurso: f.recurso,
          corpo: eventBody(id, 'alteracoes.disponiveis', now, f.recurso),
        };
      });
      const enqueued = await enqueueChanges(trx, events, now, WEBHOOK_COALESCE_MS, handOff);
      await saveScan(trx, banco, changed.horizonte);
      if (enqueued.queued > 0) this.options.metrics?.webhookEvents.inc({ tipo: 'alteracoes.disponiveis' }, enqueued.queued);
      return enqueued;
    });
  }
}
