import fs from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** Log lines leave in writes of at least this many bytes (~30 access-log lines)… */
const LOG_BATCH_BYTES = 8 * 1024;
/** …or this long after the first of them was logged, whichever comes first. */
const LOG_FLUSH_MS = 100;
const WARN = pino.levels.values.warn ?? 40;

/**
 * `json`: one JSON object per line, for collectors and pipelines (docs/operations.md, "Logs").
 * `pretty`: a line a person reads in a terminal — time, level, message, the rest on the same line.
 */
export type LogFormat = 'json' | 'pretty';

export interface LogOutput {
  format: LogFormat;
  /** ANSI colours in the `pretty` format */
  color: boolean;
}

/** Where a logger's lines go, and how text for a person joins them (printNow). */
interface Sink {
  stream: DestinationStream;
  write(text: string): void;
  flush(): void;
}

const sinks = new WeakMap<Logger, Sink>();

/**
 * Lines go to stdout asynchronously and in batches: a synchronous write per access-log line was the
 * largest single cost of a list request under load (measured with --cpu-prof: ~120 µs of ~365 µs),
 * and an asynchronous write per line still cost ~14% of a list request's CPU (bench A/B, LOG_LEVEL
 * info vs warn): each write is a trip through libuv's thread pool (a futex wake, a thread switch, a
 * write, a wake-up of the loop). So lines gather until LOG_BATCH_BYTES are waiting or
 * LOG_FLUSH_MS have passed since the first of them, whichever comes first, and leave in one write: a
 * line is on stdout at most LOG_FLUSH_MS after it was logged, and a warning or an error leaves at
 * once with what is before it. What is still waiting when the process exits is written then,
 * synchronously.
 *
 * The lines gather here, in a list joined once per batch, and pino's destination (sonic-boom) gets
 * whole batches. Gathered in sonic-boom itself (its `minLength`), every line measured the UTF-8
 * length of the batch so far, which flattens that growing string: ~4.9 KB copied and ~2 µs per line,
 * more than half of what a line cost (a heap sampling of `bench:webhooks`, where it was the largest
 * allocation of the notifications; ADR 0014, amended).
 */
function jsonSink(): Sink {
  const destination = pino.destination({ dest: 1, sync: false });
  let lines: string[] = [];
  let waiting = 0;
  let timer: NodeJS.Timeout | null = null;
  const take = (): string => {
    const text = lines.length === 1 ? (lines[0] as string) : lines.join('');
    lines = [];
    waiting = 0;
    return text;
  };
  const send = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (lines.length > 0) destination.write(take());
  };
  const write = (line: string): void => {
    lines.push(line);
    // UTF-16 units, not bytes: a bound on the batch, not its exact size.
    waiting += line.length;
    if (waiting >= LOG_BATCH_BYTES) send();
    else timer ??= setTimeout(send, LOG_FLUSH_MS).unref();
  };
  process.once('exit', () => {
    // What sonic-boom holds is older than what waits here; each is tried even if the other fails.
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done for a log line while the process exits.
    }
    try {
      if (lines.length > 0) fs.writeSync(1, take());
    } catch {
      // As above.
    }
  });
  return { stream: { write }, write, flush: send };
}

/**
 * A terminal is a person reading, not a collector: each line is written at once, as
 * `HH:MM:ss LEVEL message {fields}`, and an access-log line reads `GET /v1/clientes 200 3.4 ms`.
 * The JSON line pino wrote is parsed again here — a cost the JSON format never pays.
 */
function prettySink(color: boolean): Sink {
  const destination = pino.destination({ dest: 1, sync: true });
  const prettify = prettyFactory({ colorize: color, singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' });
  const stream = {
    write(line: string): void {
      destination.write(prettify(readableRequestLine(line)));
    },
  };
  return { stream, write: (text) => destination.write(text), flush: () => undefined };
}

/** An access-log line (msg "request") with its method, route, status and time as the message. */
function readableRequestLine(line: string): string | Record<string, unknown> {
  let log: Record<string, unknown>;
  try {
    log = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (log.msg !== 'request' || typeof log.method !== 'string') return log;
  const { method, route, status, ms, ...rest } = log;
  return { ...rest, msg: `${method} ${typeof route === 'string' ? route : '(no route)'} ${String(status)} ${String(ms)} ms` };
}

/**
 * The process logger. Logs never hold a secret or a token: requests are logged by route, never
 * with headers or bodies, and these paths are redacted should anything ever pass them along.
 * `output`: JSON lines (the default) or lines for a terminal; server.ts picks by LOG_FORMAT.
 */
export function createLogger(level: string, output: LogOutput = { format: 'json', color: false }): Logger {
  const sink = output.format === 'pretty' ? prettySink(output.color) : jsonSink();
  const logger = pino(
    {
      level,
      hooks: {
        // Warnings and errors are rare and wanted at once (an outage, a failing store): they take
        // the lines before them along instead of waiting for the batch.
        logMethod(args, method, lineLevel) {
          method.apply(this, args);
          if (lineLevel >= WARN) sink.flush();
        },
      },
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
    sink.stream,
  );
  sinks.set(logger, sink);
  return logger;
}

/**
 * Writes `text` (lines for a person, not JSON) on stdout after the lines logged so far, and sends
 * all of it now rather than with the next batch: a start's `listening` line and the banner that
 * follows it leave together, in that order (supervisors and tests wait for the line).
 */
export function printNow(log: Logger, text: string): void {
  const sink = sinks.get(log);
  if (sink === undefined) throw new Error('a logger not made by createLogger');
  if (text !== '') sink.write(text);
  sink.flush();
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
