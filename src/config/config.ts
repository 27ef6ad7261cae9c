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
  seedDemo: boolean;
  /** connections per database pool (central and each tenant database) */
  dbPoolMax: number;
  /** PostgreSQL statement_timeout for the server's queries; 0 = none */
  dbStatementTimeoutMs: number;
  /** how long SIGTERM/SIGINT wait for in-flight requests before closing anyway */
  shutdownGraceMs: number;
  /** serve /metrics on this port instead of the API port */
  metricsPort: number | undefined;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`invalid environment variable ${variable}: ${reason}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nonEmpty = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const logLevel = nonEmpty('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = nonEmpty('DATABASE_URL');
  const redisUrl = nonEmpty('REDIS_URL');
  const trustProxy = (nonEmpty('TRUST_PROXY') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const badProxy = trustProxy.find((entry) => parseAllowEntry(entry) === null);
  if (badProxy !== undefined) throw new ConfigError('TRUST_PROXY', `"${badProxy}" is not an IP address or CIDR network`);
  return {
    port: parsePort('PORT', nonEmpty('PORT') ?? '3000'),
    host: nonEmpty('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty('DATA_DIR') ?? './data'),
    databaseUrl: databaseUrl === undefined ? undefined : parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']),
    redisUrl: redisUrl === undefined ? undefined : parseUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:']),
    trustProxy,
    logLevel,
    seedDemo: parseBoolean('SEED_DEMO', nonEmpty('SEED_DEMO') ?? 'true'),
    dbPoolMax: parseWhole('DB_POOL_MAX', nonEmpty('DB_POOL_MAX') ?? '10', 1, 1000),
    dbStatementTimeoutMs: parseWhole('DB_STATEMENT_TIMEOUT_MS', nonEmpty('DB_STATEMENT_TIMEOUT_MS') ?? '15000', 0, 3_600_000),
    shutdownGraceMs: parseWhole('SHUTDOWN_GRACE_MS', nonEmpty('SHUTDOWN_GRACE_MS') ?? '10000', 0, 600_000),
    metricsPort: nonEmpty('METRICS_PORT') === undefined ? undefined : parsePort('METRICS_PORT', nonEmpty('METRICS_PORT') ?? ''),
  };
}
