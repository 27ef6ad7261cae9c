import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/config.ts';
import { activeDemoCredential, createDemoCredential, seedDemoData } from './demo/seed-demo.ts';
import { addressesBanner, demoBanner, framed, startBanner } from './demo/start-banner.ts';
import { Drain } from './http/drain.ts';
import { createLogger, printNow, type LogOutput } from './logger.ts';
import { createLimiter } from './ratelimit/create-limiter.ts';
import { Metrics } from './observability/metrics.ts';
import { startMetricsServer } from './ops/metrics-server.ts';
import { isInitialised, migrate } from './store/migrate.ts';
import { openStore, type Store } from './store/store.ts';
import type { CreatedCredential } from './credentials/credentials.service.ts';
import { startNotificationWorker } from './webhooks/notification-worker.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function prepareStore(config: Config, store: Store, log: ReturnType<typeof createLogger>): Promise<CreatedCredential | null> {
  // Migrations and the first start's demo data are not requests: on a large store a migration may
  // take minutes, and on a busy machine one statement of the demo import may take seconds, past
  // the bounds every request has (D38), so they run on a connection without them.
  const maintenance = store.unboundedPool();
  try {
    const fresh = !(await isInitialised(maintenance));
    const applied = await migrate(maintenance, ['central', 'tenant']);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    if (!fresh || store.kind !== 'embedded' || !config.seedDemo) return null;
    const imported = await seedDemoData(maintenance);
    log.info({ imported }, 'demo data loaded');
  } finally {
    await maintenance.end();
  }
  return createDemoCredential(store);
}

/**
 * JSON lines for collectors and pipelines; lines for a person when stdout is a terminal, unless
 * LOG_FORMAT says otherwise (docs/operations.md, "Logs").
 */
function logOutput(config: Config): LogOutput {
  const tty = process.stdout.isTTY === true;
  const format = config.logFormat === 'auto' ? (tty ? 'pretty' : 'json') : config.logFormat;
  return { format, color: format === 'pretty' && tty && !config.noColor };
}

const FORCED_EXIT_AFTER_GRACE_MS = 3000;

/**
 * Stops accepting connections, lets the requests under way finish up to the grace period (each
 * answered with Connection: close, idle connections closed, http/drain.ts), then cuts the rest.
 * Fastify's close comes last, for its onClose hooks: it would close the listener with Node's
 * http close, which destroys idle connections at once — with none left, there is nothing to
 * destroy.
 */
async function closeWithin(app: FastifyInstance, drain: Drain, graceMs: number, log: ReturnType<typeof createLogger>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), graceMs);
  });
  const drained = drain.closeListener();
  log.info({ open_connections: drain.open }, 'listener closed: answering the requests under way');
  if ((await Promise.race([drained.then(() => 'drained' as const), expired])) === 'expired') {
    log.warn({ grace_ms: graceMs, open_connections: drain.open }, 'grace period over: closing the connections still open');
    drain.cutAll();
    await drained;
  }
  clearTimeout(timer);
  await app.close();
}

async function main(): Promise<void> {
  const config = readConfig();
  const output = logOutput(config);
  const log = createLogger(config.logLevel, output);
  const store = await openStore(config, {
    embeddedRole: 'host',
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeoutMs: config.dbQueryTimeoutMs,
  });
  const demo = await prepareStore(config, store, log);
  const limiter = await createLimiter(config, log);
  const metrics = new Metrics();
  if (limiter.usingFallback !== undefined) {
    metrics.gauge('api_externa_rate_limit_fallback', '1 while rate limits use per-instance windows because Redis does not answer', () =>
      limiter.usingFallback === true ? 1 : 0,
    );
  }
  const metricsOnOwnPort = config.metricsPort !== undefined;
  // Follows the connections, so that a stop answers every request it has read (issue 19).
  const drain = new Drain();
  let notifications: ReturnType<typeof startNotificationWorker> | null = null;
  // An event queued by the settings API (a test, a resumed endpoint) is sent now rather than at the worker's next poll.
  const notificationQueued = () => notifications?.dispatcher.wake();
  const app: FastifyInstance = await buildApp({
    config,
    store,
    limiter,
    logger: log,
    metrics,
    metricsOnOwnPort,
    drain,
    notificationQueued,
  });
  drain.attach(app.server);
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;

  let stopping = false;
  let endDelay: (() => void) | undefined;
  const stop = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (stopping) {
      // Ctrl+C while a SIGTERM's delay runs: stop now.
      if (signal === 'SIGINT') endDelay?.();
      return;
    }
    stopping = true;
    drain.start();
    // SIGTERM is what a supervisor or orchestrator sends: the listener stays open for the delay
    // (readiness 503, every answer with Connection: close) while the balancer takes the instance
    // out. SIGINT is Ctrl+C in a terminal: nobody to wait for.
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    log.info({ signal, delay_ms: delayMs, grace_ms: config.shutdownGraceMs }, 'shutting down: draining in-flight requests');
    // A request stuck on a database that never answers must not keep the process alive: past
    // the grace period and a short allowance to close the pools, exit anyway.
    setTimeout(
      () => {
        log.error({ grace_ms: config.shutdownGraceMs }, 'shutdown did not finish in time: exiting with work still open');
        process.exit(1);
      },
      delayMs + config.shutdownGraceMs + FORCED_EXIT_AFTER_GRACE_MS,
    ).unref();
    try {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        endDelay = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      await closeWithin(app, drain, config.shutdownGraceMs, log);
      await notifications?.stop();
      await metricsServer?.close();
      await limiter.close();
      await store.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  // Installed before the server listens: a supervisor may signal as soon as it sees the port (or
  // the "listening" line), and a signal that arrived before the handlers would kill the process
  // without draining — npm would then report the signal, not the server's exit code.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Once serving: the worker's reads of the queue never compete with the start's own work.
  if (!stopping) notifications = startNotificationWorker(config, store, log, metrics);
  metricsServer = config.metricsPort === undefined ? null : await startMetricsServer(metrics, config.host, config.metricsPort);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  // Outside tools wait for this line (docs/operations.md, "Logs"), so it is written at any level but silent.
  const startup = log.level === 'silent' ? log : log.child({}, { level: 'info' });
  const banner =
    store.kind === 'embedded'
      ? demo === null
        ? startBanner(url, config.dataDir, await demoClientIdForBanner(store, log))
        : demoBanner(url, config.dataDir, demo)
      : output.format === 'pretty'
        ? addressesBanner(url)
        : null;
  startup.info({ url, base_url: `${url}/v1`, store: store.kind }, 'listening');
  // Now, not with the next batch of log lines, and the banner right after the line.
  printNow(log, banner === null ? '' : output.format === 'pretty' ? framed(banner, store.kind, output.color) : `${banner}\n`);
}

/**
 * The demo credential the banner names, for its "lost the secret?" hint. The hint is a courtesy:
 * a store slow to answer this one lookup (it runs under the request bounds) leaves it out rather
 * than stopping a server that is already serving.
 */
async function demoClientIdForBanner(store: Store, log: ReturnType<typeof createLogger>): Promise<string | null> {
  try {
    return await activeDemoCredential(store);
  } catch (err) {
    log.warn({ err }, 'the demo credential could not be looked up for the start banner');
    return null;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
