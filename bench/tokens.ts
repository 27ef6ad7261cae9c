/**
 * Credentials and tokens, so that rate limits never shape the figures.
 *
 * api-externa allows 120 data requests per credential per clock minute (fixed windows). Each
 * measured phase therefore gets its own credentials, enough for its expected requests at no
 * more than KEY_BUDGET each, and none that was already used in the current clock minute; the
 * wrk script counts what each one really got. Tokens come from the real POST /v1/oauth/token
 * (HTTP Basic), once per credential per hour; that route allows 20 attempts per source address
 * per minute, so each token request carries its own X-Forwarded-For label (the servers run
 * with TRUST_PROXY=127.0.0.1). Data requests carry no such header.
 *
 * Credentials are kept in bench/.data/credentials-<database identity>.json (mode 0600) for
 * the next runs; ones the database no longer knows (recreated, revoked) are dropped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { createCredentials, type Credential } from './credentials.ts';

/** Requests a credential may get per phase: below the 120 of the limit, for a margin. */
export const KEY_BUDGET = 100;
/** Per source address for unauthenticated requests (limit 600 per minute). */
export const ADDRESS_BUDGET = 500;
const MINUTE_MS = 60_000;
/** Tokens live 3600 s; one older than this is replaced before use. */
const TOKEN_MAX_AGE_MS = 50 * MINUTE_MS;

/**
 * Private addresses (10.64.0.0/10, never contacted) handed out once each per run: to token
 * requests here, and to tokens.lua's address mode for unauthenticated phases.
 */
export class AddressLabels {
  private next = 0;

  take(count: number): number {
    const first = this.next;
    this.next += count;
    if (this.next > 4 * 1024 * 1024) throw new Error('out of address labels');
    return first;
  }

  static text(n: number): string {
    return `10.${64 + (Math.floor(n / 65536) % 64)}.${Math.floor(n / 256) % 256}.${n % 256}`;
  }
}

export interface Held {
  credential: Credential;
  token?: { value: string; issuedAt: number };
  /** the last clock minute (ms / 60000) in which a phase used it */
  lastMinute: number;
}

const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);

export class CredentialPool {
  private held: Held[] = [];
  private validated = false;

  private constructor(
    private readonly db: pg.Pool,
    private readonly empresaId: number,
    private readonly cacheFile: string,
    private readonly labels: AddressLabels,
    private readonly log: (line: string) => void,
    /** credentials made and tokens requested at once */
    private readonly parallel: number,
  ) {}

  /**
   * The credentials kept for this database and company. They are checked against the database
   * on first use (the embedded store answers only while a server hosts it).
   */
  static open(
    db: pg.Pool,
    identity: string,
    empresaId: number,
    dataDir: string,
    labels: AddressLabels,
    log: (line: string) => void,
    parallel: number,
  ): CredentialPool {
    const file = path.join(dataDir, `credentials-${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 16)}.json`);
    const pool = new CredentialPool(db, empresaId, file, labels, log, parallel);
    try {
      const cached = (JSON.parse(fs.readFileSync(file, 'utf8')) as Credential[]).filter((c) => c.empresa_id === empresaId);
      pool.held = cached.map((credential) => ({ credential, lastMinute: -1 }));
    } catch {
      // none yet
    }
    return pool;
  }

  /** Drops the kept credentials the database no longer knows or accepts (recreated, revoked, expiring). */
  private async validate(): Promise<void> {
    this.validated = true;
    if (this.held.length === 0) return;
    const { rows } = await this.db.query<{ client_id: string }>(
      'SELECT client_id FROM api_credentials WHERE client_id = ANY($1) AND empresa_id = $2 AND revoked_at IS NULL AND expires_on IS NULL',
      [this.held.map((h) => h.credential.client_id), this.empresaId],
    );
    const live = new Set(rows.map((r) => r.client_id));
    const before = this.held.length;
    this.held = this.held.filter((h) => live.has(h.credential.client_id));
    if (this.held.length < before) this.log(`  ${before - this.held.length} kept credentials are gone from the database: dropped`);
  }

  get size(): number {
    return this.held.length;
  }

  /**
   * `count` credentials not used in the current clock minute, each with a fresh token from
   * `base`. Makes more credentials when too few are free. Call release() when the phase ends.
   */
  async take(count: number, base: string): Promise<Held[]> {
    if (!this.validated) await this.validate();
    const now = minuteOf(Date.now());
    let free = this.held.filter((h) => h.lastMinute < now);
    if (free.length < count) {
      // In batches: a handful at a time would only add log lines.
      const missing = Math.max(count - free.length, 50);
      const started = performance.now();
      const made = await createCredentials(this.db, this.empresaId, missing, 'bench', this.parallel);
      this.held.push(...made.map((credential) => ({ credential, lastMinute: -1 })));
      this.save();
      this.log(
        `  made ${missing} credentials in ${((performance.now() - started) / 1000).toFixed(1)} s (${this.held.length} kept for later runs)`,
      );
      free = this.held.filter((h) => h.lastMinute < now);
    }
    const chosen = free.slice(0, count);
    // Marked now: a phase may not start in this minute with any of them, even before release().
    for (const h of chosen) h.lastMinute = now;
    await this.ensureTokens(chosen, base);
    return chosen;
  }

  /** The phase that used them ended at `endMs`: they are free again from the next clock minute. */
  release(used: Held[], endMs = Date.now()): void {
    for (const h of used) h.lastMinute = Math.max(h.lastMinute, minuteOf(endMs));
  }

  private async ensureTokens(chosen: Held[], base: string): Promise<void> {
    const stale = chosen.filter((h) => h.token === undefined || Date.now() - h.token.issuedAt > TOKEN_MAX_AGE_MS);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < stale.length; i = next++) {
        const h = stale[i] as Held;
        h.token = { value: await requestToken(base, h.credential, AddressLabels.text(this.labels.take(1))), issuedAt: Date.now() };
      }
    };
    await Promise.all(Array.from({ length: this.parallel }, worker));
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.cacheFile), { recursive: true, mode: 0o700 });
    fs.writeFileSync(this.cacheFile, JSON.stringify(this.held.map((h) => h.credential)), { mode: 0o600 });
    fs.chmodSync(this.cacheFile, 0o600);
  }
}

export function tokenOf(h: Held): string {
  if (h.token === undefined) throw new Error('credential without a token');
  return h.token.value;
}

/** The real token endpoint, as an integration server calls it. */
async function requestToken(base: string, credential: Credential, forwardedFor: string): Promise<string> {
  const response = await fetch(`${base}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${credential.client_id}:${credential.client_secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': forwardedFor,
    },
    body: 'grant_type=client_credentials',
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`token for ${credential.client_id}: HTTP ${response.status} ${text}`);
  return (JSON.parse(text) as { access_token: string }).access_token;
}
