import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

test('defaults are the documented ones (README, "Environment")', () => {
  const config = loadConfig({});
  assert.deepEqual(
    { ...config, dataDir: path.relative(process.cwd(), config.dataDir) },
    {
      port: 3000,
      host: '127.0.0.1',
      dataDir: 'data',
      databaseUrl: undefined,
      redisUrl: undefined,
      trustProxy: [],
      logLevel: 'info',
      logFormat: 'auto',
      noColor: false,
      seedDemo: true,
      dbPoolMax: 10,
      dbStatementTimeoutMs: 2000,
      dbQueryTimeoutMs: 2500,
      dbConnectTimeoutMs: 2000,
      shutdownGraceMs: 10000,
      shutdownDelayMs: 0,
      metricsPort: undefined,
      publicBaseUrl: undefined,
      webhooksAllowPrivate: false,
      webhooksSecretKey: undefined,
    },
  );
});

test('values are parsed once, with their types', () => {
  const config = loadConfig({
    PORT: '0',
    HOST: '::',
    DATABASE_URL: 'postgres://u@h:5432/db',
    REDIS_URL: 'redis://127.0.0.1:6379',
    TRUST_PROXY: '10.0.0.0/8, 192.0.2.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PUBLIC_BASE_URL: 'https://api.example.com.br/erp/',
    SHUTDOWN_DELAY_MS: '5000',
    LOG_FORMAT: 'JSON',
    NO_COLOR: '1',
  });
  assert.equal(config.logFormat, 'json');
  assert.equal(config.noColor, true);
  assert.equal(loadConfig({ LOG_FORMAT: 'pretty', NO_COLOR: '' }).noColor, false, 'an empty NO_COLOR is not set');
  assert.equal(config.shutdownDelayMs, 5000);
  assert.equal(config.publicBaseUrl, 'https://api.example.com.br/erp', 'without its trailing slash');
  assert.equal(loadConfig({ PUBLIC_BASE_URL: 'https://API.example.com.br:443' }).publicBaseUrl, 'https://api.example.com.br');
  assert.equal(config.port, 0);
  assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '192.0.2.1']);
  assert.equal(config.seedDemo, false);
});

test('statement and client-side query timeouts are coherent, and both may be switched off together', () => {
  assert.deepEqual(
    [loadConfig({ DB_QUERY_TIMEOUT_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '25000' })].map((c) => [
      c.dbQueryTimeoutMs,
      c.dbStatementTimeoutMs,
    ]),
    [[30000, 25000]],
  );
  const off = loadConfig({ DB_QUERY_TIMEOUT_MS: '0', DB_STATEMENT_TIMEOUT_MS: '0' });
  assert.deepEqual([off.dbQueryTimeoutMs, off.dbStatementTimeoutMs], [0, 0]);
});

test('a bad value names its variable', () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '3000x' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ TRUST_PROXY: '10.0.0.0/8,proxy.local' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'text' }, 'LOG_FORMAT'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DB_POOL_MAX: '0' }, 'DB_POOL_MAX'],
    [{ DB_STATEMENT_TIMEOUT_MS: '-1' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ DB_QUERY_TIMEOUT_MS: 'x' }, 'DB_QUERY_TIMEOUT_MS'],
    [{ DB_CONNECT_TIMEOUT_MS: '0' }, 'DB_CONNECT_TIMEOUT_MS'],
    // D38: the server never lets a statement run past the moment its client gives up on it
    [{ DB_STATEMENT_TIMEOUT_MS: '2500' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ DB_STATEMENT_TIMEOUT_MS: '0' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ DB_QUERY_TIMEOUT_MS: '1000' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ SHUTDOWN_GRACE_MS: 'soon' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_DELAY_MS: '-5' }, 'SHUTDOWN_DELAY_MS'],
    [{ SHUTDOWN_DELAY_MS: '600001' }, 'SHUTDOWN_DELAY_MS'],
    [{ METRICS_PORT: '99999' }, 'METRICS_PORT'],
    [{ WEBHOOKS_ALLOW_PRIVATE: 'talvez' }, 'WEBHOOKS_ALLOW_PRIVATE'],
    [{ WEBHOOKS_SECRET_KEY: 'curta' }, 'WEBHOOKS_SECRET_KEY'],
    [{ WEBHOOKS_SECRET_KEY: Buffer.alloc(31).toString('base64') }, 'WEBHOOKS_SECRET_KEY'],
    [{ PUBLIC_BASE_URL: 'api.example.com.br' }, 'PUBLIC_BASE_URL'],
    [{ PUBLIC_BASE_URL: 'ftp://api.example.com.br' }, 'PUBLIC_BASE_URL'],
    [{ PUBLIC_BASE_URL: 'https://api.example.com.br/?x=1' }, 'PUBLIC_BASE_URL'],
    [{ PUBLIC_BASE_URL: 'https://user:pw@api.example.com.br' }, 'PUBLIC_BASE_URL'],
  ];
  for (const [env, variable] of cases) {
    assert.throws(
      () => loadConfig(env),
      (err: unknown) => err instanceof ConfigError && err.variable === variable && err.message.includes(variable),
    );
  }
});
