import pino, { type Logger } from 'pino';

/**
 * The process logger. Logs never hold a secret or a token: requests are logged by route, never
 * with headers or bodies, and these paths are redacted should anything ever pass them along.
 *
 * Lines go to stdout asynchronously: a synchronous write per access-log line was the largest
 * single cost of a list request under load (measured with --cpu-prof: ~120 µs of ~365 µs). Lines
 * written while a write is in flight leave together in the next one; none waits when the server is
 * idle. What is still buffered when the process exits is written then, synchronously.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done for a log line while the process exits.
    }
  });
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          'authorization',
          'client_secret',
          'access_token',
          'secret',
          'token',
          'senha',
          'password',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * Whether a logger writes lines of `level` (Fastify's logger type does not expose pino's
 * isLevelEnabled): lines that cost something to build are built only when they will be written.
 */
export function logsAt(log: { level: string }, level: 'debug' | 'trace'): boolean {
  return (pino.levels.values[log.level] ?? Infinity) <= (pino.levels.values[level] ?? 0);
}

/**
 * At `trace`, how long a store call took (`store_ms`, to a tenth of a millisecond): where a slow
 * request spends its time. Below trace the work runs unmeasured.
 */
export async function timed<T>(
  log: { level: string; trace(obj: object, msg: string): void },
  msg: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!logsAt(log, 'trace')) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    log.trace({ store_ms: Math.round((performance.now() - started) * 10) / 10 }, msg);
  }
}
