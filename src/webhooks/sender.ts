import { performance } from 'node:perf_hooks';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { nonPublicRange } from '../domain/public-address.ts';
import { publicOnlyLookup, RefusedAddress, refusedLiteral, type Resolver } from './public-lookup.ts';

/** D54: an attempt succeeds on a 2xx within this time. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The receiver's body is read and thrown away (keep-alive needs it read); past this it is cut. */
const MAX_IGNORED_BODY = 64 * 1024;
/** Connections kept open per origin (scheme, host, port): at most this many sends to one receiver at a time. */
const SOCKETS_PER_ORIGIN = 4;

export interface Attempt {
  url: string;
  /** the event, as sent (the signature covers these exact bytes) */
  body: string;
  /** the Standard Webhooks headers of this attempt (D53) */
  headers: Readonly<Record<string, string>>;
}

/** What became of one attempt, for the delivery log (D54): an answer, a network error, or a refusal (D55). */
export type Outcome =
  | { kind: 'resposta'; status: number; durationMs: number }
  | { kind: 'erro'; error: string; durationMs: number }
  | { kind: 'recusado'; error: string; durationMs: number };

export const succeeded = (outcome: Outcome): boolean => outcome.kind === 'resposta' && outcome.status >= 200 && outcome.status < 300;

export interface SenderOptions {
  /** WEBHOOKS_ALLOW_PRIVATE=1 (D55): `http://` and non-public addresses allowed; development and tests only */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** how names are resolved (tests give their own; `dns.lookup` otherwise) */
  resolver?: Resolver;
  /** extra trusted certificate authorities, for a test receiver's own certificate */
  ca?: string | Buffer;
  /**
   * How connections are opened, in place of undici's with `resolver`, `ca` and the timeout (tests:
   * one that reaches a non-public address past the name's check, for the second guard to meet).
   */
  connector?: buildConnector.connector;
}

/** A network error as the delivery log shows it, in Portuguese, with its code. */
function describe(err: Error & { code?: string }, timeoutMs: number): string {
  if (err instanceof RefusedAddress) return `endereço não público recusado: ${err.address} (${err.range})`;
  switch (err.code) {
    case 'ATTEMPT_TIMEOUT':
      return `sem resposta em ${timeoutMs / 1000} s`;
    case 'ECONNREFUSED':
      return 'conexão recusada (ECONNREFUSED)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `nome não encontrado (${err.code})`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return `conexão encerrada pelo destino (${err.code})`;
    default:
      if (err.code?.includes('CERT') || err.code?.startsWith('ERR_TLS') || err.code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE')
        return `certificado TLS não aceito (${err.code})`;
      return `erro de rede (${err.code ?? err.message})`;
  }
}

/** An endpoint's URL as an attempt needs it: parsed once per URL text, not at every attempt. */
export interface ParsedUrl {
  protocol: string;
  /** scheme, host and port: where the connection goes, and what the log shows (a query string may hold a token) */
  origin: string;
  /** path and query string, as sent */
  path: string;
  /** an address written in the URL that is not public (D55), else null; a name is checked when it is resolved */
  refusal: RefusedAddress | null;
}

/** URLs parsed so far (PARSED_URLS_KEPT at most: past it the memo starts again). */
const parsedUrls = new Map<string, ParsedUrl | null>();
const PARSED_URLS_KEPT = 10_000;

/**
 * `url` parsed (null when it does not parse), from a memo: every attempt parsed its endpoint's URL
 * again, and the log line a second time (ADR 0020, seventh amendment). What a URL's text says
 * never changes; what its name resolves to is checked at each connection, not here.
 */
export function parsedUrl(url: string): ParsedUrl | null {
  let parsed = parsedUrls.get(url);
  if (parsed === undefined) {
    parsed = parse(url);
    if (parsedUrls.size >= PARSED_URLS_KEPT) parsedUrls.clear();
    parsedUrls.set(url, parsed);
  }
  return parsed;
}

function parse(text: string): ParsedUrl | null {
  try {
    const url = new URL(text);
    return { protocol: url.protocol, origin: url.origin, path: `${url.pathname}${url.search}`, refusal: refusedLiteral(url) };
  } catch {
    return null;
  }
}

/**
 * Sends notification attempts (D53-D55): a `POST` of the event with its headers, to the endpoint's
 * URL only (redirects are answers like any other, never followed), over connections kept alive
 * per origin, at most SOCKETS_PER_ORIGIN at a time to one origin so that a slow receiver holds only
 * its own. Every connection resolves its name through `publicOnlyLookup` and an address written in
 * the URL is checked before connecting, so no attempt reaches a non-public address unless
 * `allowPrivate`. It never throws: every end of an attempt is an Outcome.
 *
 * The client is undici's, driven through `dispatch` with a handler (no streams, no request or
 * response objects): it spends about half the CPU per attempt of `node:http`'s (ADR 0028), and a
 * delivery is mostly this send.
 */
export class NotificationSender {
  private readonly timeoutMs: number;
  private readonly agent: Agent;

  constructor(private readonly options: SenderOptions) {
    this.timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    const lookup = options.allowPrivate ? undefined : publicOnlyLookup(options.resolver);
    const connect =
      options.connector ??
      buildConnector({
        ...(lookup === undefined ? {} : { lookup }),
        ...(options.ca === undefined ? {} : { ca: options.ca }),
        timeout: this.timeoutMs,
      });
    this.agent = new Agent({
      connections: SOCKETS_PER_ORIGIN,
      // The attempt's own timer bounds it, waiting for a connection included (send): undici's
      // timers per request are off, rather than armed and refreshed on every attempt for nothing.
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: options.allowPrivate
        ? connect
        : (target, callback) =>
            connect(target, (err, socket) => {
              if (err !== null) return callback(err, null);
              // A second guard (D55): whatever path led to this socket, a non-public peer gets
              // nothing — the check is made before the request's first byte is written.
              const range = socket.remoteAddress === undefined ? 'invalido' : nonPublicRange(socket.remoteAddress);
              if (range === null) return callback(null, socket);
              socket.destroy();
              callback(new RefusedAddress(target.hostname, socket.remoteAddress ?? '?', range), null);
            }),
    });
  }

  send(attempt: Attempt): Promise<Outcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const target = parsedUrl(attempt.url);
    if (target === null) return Promise.resolve({ kind: 'recusado', error: 'URL inválida', durationMs: 0 });
    if (target.protocol !== 'https:' && !(this.options.allowPrivate && target.protocol === 'http:'))
      return Promise.resolve({ kind: 'recusado', error: 'a URL deve usar https://', durationMs: 0 });
    if (!this.options.allowPrivate && target.refusal !== null)
      return Promise.resolve({ kind: 'recusado', error: describe(target.refusal, this.timeoutMs), durationMs: 0 });
    const timeoutMs = this.timeoutMs;
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      let controller: Dispatcher.DispatchController | null = null;
      let timedOut: Error | null = null;
      // One bound for the whole exchange, waiting for a connection included: the answer within it
      // (D54), and the ignored body too, so a receiver that trickles a body holds a connection no
      // longer than one that never answers. An attempt still waiting for a connection is settled
      // now and cut as soon as undici starts it.
      const timer = setTimeout(() => {
        timedOut = Object.assign(new Error('attempt timed out'), { code: 'ATTEMPT_TIMEOUT' });
        settle({ kind: 'erro', error: describe(timedOut, timeoutMs), durationMs: elapsed() });
        controller?.abort(timedOut);
      }, timeoutMs);
      let read = 0;
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(current) {
          controller = current;
          if (timedOut !== null) current.abort(timedOut);
        },
        onResponseStart(_controller, statusCode) {
          // 1xx answers are informational: the attempt's answer is the final one.
          if (statusCode >= 200) settle({ kind: 'resposta', status: statusCode, durationMs: elapsed() });
        },
        onResponseData(current, chunk) {
          // The body is ignored (D54); read so the connection can be kept, cut when it is long.
          read += chunk.length;
          if (read > MAX_IGNORED_BODY) current.abort(new Error('ignored body too long'));
        },
        onResponseEnd() {
          clearTimeout(timer);
        },
        onResponseError(_controller, err: Error & { code?: string }) {
          clearTimeout(timer);
          settle({ kind: err instanceof RefusedAddress ? 'recusado' : 'erro', error: describe(err, timeoutMs), durationMs: elapsed() });
        },
      };
      this.agent.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headers: { ...attempt.headers, 'content-type': 'application/json', 'user-agent': 'api-externa-notificacoes/1' },
          body: attempt.body,
        },
        handler,
      );
    });
  }

  close(): void {
    this.agent.destroy().catch(() => {
      // Closing drops what is still open; nothing waits for it.
    });
  }
}
