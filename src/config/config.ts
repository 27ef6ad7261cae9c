import path from 'node:path';
import { parseAllowEntry } from '../domain/ip-allowlist.ts';

/**
 * The process configuration, parsed once at start (architecture convention 4).
 * Code never reads process.env elsewhere: everything it needs arrives through this object.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  trustProxy: string[];
  logLevel: string;
  /** `json` lines, `pretty` lines for a person, or `auto`: pretty when stdout is a terminal */
  logFormat: 'auto' | 'json' | 'pretty';
  /** NO_COLOR (https://no-color.org) is set: no ANSI colours in the terminal's lines */
  noColor: boolean;
  seedDemo: boolean;
  /** connections per database pool (central and each tenant database) */
  dbPoolMax: number;
  /** PostgreSQL statement_timeout for the server's queries; 0 = none. Below dbQueryTimeoutMs (D38). */
  dbStatementTimeoutMs: number;
  /** client-side bound of each of the server's statements: past it the connection is destroyed (D38); 0 = none */
  dbQueryTimeoutMs: number;
  /** how long opening a database connection may take, on every pool */
  dbConnectTimeoutMs: number;
  /** how long a stop waits, once the listener has closed, for in-flight requests before cutting them */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long the listener stays open once draining (readiness 503, every answer with
   * `Connection: close`) before it closes, so a load balancer takes the instance out first. SIGINT skips it.
   */
  shutdownDelayMs: number;
  /** serve /metrics on this port instead of the API port */
  metricsPort: number | undefined;
  /**
   * The address integrators reach the server at (scheme, host, optional path prefix; no trailing
   * slash), e.g. `https://api.example.com.br`: the OpenAPI `servers` and the `Link` URLs are built
   * on it. Unset: each request's own origin (ADR 0012).
   */
  publicBaseUrl: string | undefined;
  /** WEBHOOKS_ALLOW_PRIVATE=1 (D55): notification URLs may be `http://` and non-public addresses; development and tests only */
  webhooksAllowPrivate: boolean;
  /**
   * WEBHOOKS_SECRET_KEY: 32 bytes (base64) that encrypt the notification endpoints' signing secrets
   * (ADR 0021). Unset: a key kept in the central database.
   */
  webhooksSecretKey: Buffer | undefined;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`invalid environment variable ${variable}: ${reason}`);
  }
}

/** The default of DB_CONNECT_TIMEOUT_MS: how long opening a database connection (TCP, TLS, startup) may take. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;

function parseLogFormat(raw: string): Config['logFormat'] {
  const format = LOG_FORMATS.find((f) => f === raw.toLowerCase());
  if (format === undefined) throw new ConfigError('LOG_FORMAT', `"${raw}" must be one of ${LOG_FORMATS.join(', ')}`);
  return format;
}

function parsePort(name: string, raw: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) throw new ConfigError(name, `"${raw}" is not a port number (0-65535)`);
  return Number(raw);
}

function parseWhole(name: string, raw: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new ConfigError(name, `"${raw}" is not a whole number from ${min} to ${max}`);
  return Number(raw);
}

function parseBoolean(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(name, `"${raw}" is not a boolean (true/false)`);
}

function parseUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'not a valid URL');
  }
  if (!protocols.includes(url.protocol)) throw new ConfigError(name, `protocol must be one of ${protocols.join(', ')}`);
  return raw;
}

/** An http(s) URL with no query, fragment or credentials, returned without its trailing slash. */
function parseBaseUrl(name: string, raw: string): string {
  parseUrl(name, raw, ['http:', 'https:']);
  const url = new URL(raw);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '' || raw.includes('?') || raw.includes('#')) {
    throw new ConfigError(name, 'must be scheme://host[:port][/path], without query, fragment or credentials');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function parseKey(name: string, raw: string): Buffer {
  const key = Buffer.from(raw, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || key.length !== 32)
    throw new ConfigError(name, 'must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nonEmpty = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const logLevel = nonEmpty('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = nonEmpty('DATABASE_URL');
  const redisUrl = nonEmpty('REDIS_URL');
  const publicBaseUrl = nonEmpty('PUBLIC_BASE_URL');
  const secretKey = nonEmpty('WEBHOOKS_SECRET_KEY');
  const trustProxy = (nonEmpty('TRUST_PROXY') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const badProxy = trustProxy.find((entry) => parseAllowEntry(entry) === null);
  if (badProxy !== undefined) throw new ConfigError('TRUST_PROXY', `"${badProxy}" is not an IP address or CIDR network`);
  const dbQueryTimeoutMs = parseWhole('DB_QUERY_TIMEOUT_MS', nonEmpty('DB_QUERY_TIMEOUT_MS') ?? '2500', 0, 3_600_000);
  const dbStatementTimeoutMs = parseWhole('DB_STATEMENT_TIMEOUT_MS', nonEmpty('DB_STATEMENT_TIMEOUT_MS') ?? '2000', 0, 3_600_000);
  // The client gives up at DB_QUERY_TIMEOUT_MS: a statement allowed to run longer on the server
  // would go on using the database for an answer nobody reads any more (D38).
  if (dbQueryTimeoutMs > 0 && (dbStatementTimeoutMs === 0 || dbStatementTimeoutMs >= dbQueryTimeoutMs))
    throw new ConfigError('DB_STATEMENT_TIMEOUT_MS', `must be from 1 to less than DB_QUERY_TIMEOUT_MS (${dbQueryTimeoutMs})`);
  return {
    port: parsePort('PORT', nonEmpty('PORT') ?? '3000'),
    host: nonEmpty('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty('DATA_DIR') ?? './data'),
    databaseUrl: databaseUrl === undefined ? undefined : parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']),
    redisUrl: redisUrl === undefined ? undefined : parseUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:']),
    trustProxy,
    logLevel,
    logFormat: parseLogFormat(nonEmpty('LOG_FORMAT') ?? 'auto'),
    // The convention: present and not empty disables colour, whatever its value.
    noColor: nonEmpty('NO_COLOR') !== undefined,
    seedDemo: parseBoolean('SEED_DEMO', nonEmpty('SEED_DEMO') ?? 'true'),
    dbPoolMax: parseWhole('DB_POOL_MAX', nonEmpty('DB_POOL_MAX') ?? '10', 1, 1000),
    dbStatementTimeoutMs,
    dbQueryTimeoutMs,
    dbConnectTimeoutMs: parseWhole(
      'DB_CONNECT_TIMEOUT_MS',
      nonEmpty('DB_CONNECT_TIMEOUT_MS') ?? String(DEFAULT_CONNECT_TIMEOUT_MS),
      1,
      600_000,
    ),
    shutdownGraceMs: parseWhole('SHUTDOWN_GRACE_MS', nonEmpty('SHUTDOWN_GRACE_MS') ?? '10000', 0, 600_000),
    shutdownDelayMs: parseWhole('SHUTDOWN_DELAY_MS', nonEmpty('SHUTDOWN_DELAY_MS') ?? '0', 0, 600_000),
    metricsPort: nonEmpty('METRICS_PORT') === undefined ? undefined : parsePort('METRICS_PORT', nonEmpty('METRICS_PORT') ?? ''),
    publicBaseUrl: publicBaseUrl === undefined ? undefined : parseBaseUrl('PUBLIC_BASE_URL', publicBaseUrl),
    webhooksAllowPrivate: parseBoolean('WEBHOOKS_ALLOW_PRIVATE', nonEmpty('WEBHOOKS_ALLOW_PRIVATE') ?? 'false'),
    webhooksSecretKey: secretKey === undefined ? undefined : parseKey('WEBHOOKS_SECRET_KEY', secretKey),
  };
}
