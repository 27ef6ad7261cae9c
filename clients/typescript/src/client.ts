import { AssertionSigner, type KeyAlgorithm, type PrivateKeyInput } from './client-assertion.ts';
import { ApiError, apiErrorOf, exportErrorOf, oauthErrorOf, type OAuthError } from './errors.ts';
import type {
  ExportEnd,
  ExportPath,
  ExportQuery,
  ExportRecord,
  FeedEntry,
  FeedPage,
  FeedPath,
  FeedQuery,
  DetailPath,
  DetailQuery,
  ItemOf,
  ListPath,
  ListQuery,
  Page,
  RecordOf,
  TokenResponse,
} from './types.ts';

export interface ClientOptions {
  /** The API's address, e.g. `https://api.example.com/v1` (the origin alone is accepted too). */
  baseUrl: string;
  clientId: string;
  /** The credential's secret, sent by HTTP Basic. Give it or `privateKey`, not both. */
  clientSecret?: string;
  /**
   * The private key of a credential made with a public key (`private_key_jwt`): PKCS#8 PEM text
   * (`-----BEGIN PRIVATE KEY-----`), a Web Crypto `CryptoKey` or a node:crypto `KeyObject`. Each
   * token and revocation request then carries a JWT it signs, instead of the secret.
   */
  privateKey?: PrivateKeyInput;
  /** The algorithm `privateKey` signs with; by default RS256 for an RSA key, ES256 for an EC P-256 key. */
  algorithm?: KeyAlgorithm;
  /** Scopes to ask for; by default every scope of the credential. */
  scope?: readonly string[];
  /** A `fetch` to use instead of the platform's (a proxy agent, a test double, ...). */
  fetch?: typeof fetch;
  /**
   * Time limit of each HTTP request, in ms (default 30 000). An export's body, which can take
   * minutes, is not bound as a whole: each of its reads from the network is.
   */
  timeoutMs?: number;
  /** Retries after a 429 or 503 (default 3); 0 turns retrying off. */
  maxRetries?: number;
  /**
   * The longest wait before a retry, in ms (default 60 000). When `Retry-After` asks for more,
   * the error is thrown at once instead of sleeping.
   */
  maxRetryDelayMs?: number;
  /** A token is renewed this many seconds before it expires (default 60). */
  tokenRenewalMarginSeconds?: number;
}

export interface CallOptions {
  /** Cancels the call, its retries and their waits. */
  signal?: AbortSignal;
}

interface CachedToken {
  value: string;
  /** epoch ms after which a new token is asked for */
  renewAt: number;
}

type QueryValue = string | number | boolean | undefined | null;

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/** application/x-www-form-urlencoded, as RFC 6749 §2.3.1 wants each half of the Basic credentials. */
const formEncode = (value: string): string => new URLSearchParams({ v: value }).toString().slice(2);

/** Without Retry-After (a 503 may lack it): 1 s, 2 s, 4 s, ... */
const backoffMs = (retry: number): number => 1000 * 2 ** retry;

/**
 * The time limit of one request: `signal` aborts with a TimeoutError (as `AbortSignal.timeout`
 * does) `ms` after the start or the last `restart()`; `stop()` lifts it. A plain call is bound from
 * its start to its body's end; an export restarts the limit for each read of its body, and stops it
 * while its caller works on what was read.
 */
class TimeLimit {
  readonly #controller = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly ms: number) {
    this.restart();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  restart(): void {
    this.stop();
    this.#timer = setTimeout(() => this.#controller.abort(new DOMException(`Sem resposta em ${this.ms} ms`, 'TimeoutError')), this.ms);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** A 2xx answer whose body is still to be read, under the time limit of its request. */
interface Answer {
  response: Response;
  limit: TimeLimit;
}

/**
 * A client of api-externa v1: gets and renews its own token, retries what the API says to retry,
 * and pages through lists. One instance per credential; safe to share between concurrent calls.
 */
export class ApiExternaClient {
  readonly clientes;
  readonly ordensServico;
  readonly contasReceber;
  readonly contasPagar;
  readonly boletos;
  readonly produtos;
  readonly servicos;

  private readonly origin: string;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly marginSeconds: number;
  private readonly signer: AssertionSigner | null;
  private cached: CachedToken | null = null;
  private pendingToken: Promise<CachedToken> | null = null;

  constructor(private readonly options: ClientOptions) {
    if ((options.clientSecret === undefined) === (options.privateKey === undefined)) {
      throw new TypeError('ApiExternaClient: informe clientSecret ou privateKey (um dos dois)');
    }
    this.signer = options.privateKey === undefined ? null : new AssertionSigner(options.clientId, options.privateKey, options.algorithm);
    // Paths of the description start with /v1: keep the origin (and any path before /v1).
    this.origin = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.marginSeconds = options.tokenRenewalMarginSeconds ?? 60;
    this.clientes = {
      ...this.resource('/v1/clientes', '/v1/clientes/{id}'),
      ...this.feed('/v1/clientes/alteracoes'),
      ...this.exporter('/v1/clientes/exportacao'),
    };
    this.ordensServico = {
      ...this.resource('/v1/ordens-servico', '/v1/ordens-servico/{id}'),
      ...this.feed('/v1/ordens-servico/alteracoes'),
      ...this.exporter('/v1/ordens-servico/exportacao'),
    };
    this.contasReceber = {
      ...this.list('/v1/contas-receber'),
      ...this.feed('/v1/contas-receber/alteracoes'),
      ...this.exporter('/v1/contas-receber/exportacao'),
    };
    this.contasPagar = {
      ...this.list('/v1/contas-pagar'),
      ...this.feed('/v1/contas-pagar/alteracoes'),
      ...this.exporter('/v1/contas-pagar/exportacao'),
    };
    this.boletos = { ...this.list('/v1/boletos'), ...this.feed('/v1/boletos/alteracoes'), ...this.exporter('/v1/boletos/exportacao') };
    this.produtos = {
      ...this.resource('/v1/produtos', '/v1/produtos/{id}'),
      ...this.feed('/v1/produtos/alteracoes'),
      ...this.exporter('/v1/produtos/exportacao'),
    };
    this.servicos = {
      ...this.resource('/v1/servicos', '/v1/servicos/{id}'),
      ...this.feed('/v1/servicos/alteracoes'),
      ...this.exporter('/v1/servicos/exportacao'),
    };
  }

  /**
   * `POST /v1/oauth/token`: a new token, which later calls reuse until shortly before it expires.
   * Calls that need a token get one by themselves; this is for who wants to look at it.
   */
  async token(options: CallOptions = {}): Promise<TokenResponse> {
    const form: Record<string, string> = { grant_type: 'client_credentials' };
    if (this.options.scope !== undefined) form.scope = this.options.scope.join(' ');
    const text = await this.exchange(
      async (signal) =>
        this.fetchFn(`${this.origin}/v1/oauth/token`, {
          method: 'POST',
          ...(await this.authenticated(form, { accept: 'application/json' })),
          signal,
        }),
      oauthErrorOf,
      options.signal,
    );
    const token = JSON.parse(text) as TokenResponse;
    this.cached = { value: token.access_token, renewAt: Date.now() + (token.expires_in - this.marginSeconds) * 1000 };
    return token;
  }

  /**
   * `POST /v1/oauth/revoke` (RFC 7009): revokes a token of this credential at once, on every
   * instance of the API — by default the one this client holds, which it then forgets (the next
   * call gets a new one). The server answers alike whether the token was this credential's or not.
   */
  async revoke(token?: string, options: CallOptions = {}): Promise<void> {
    const target = token ?? this.cached?.value;
    if (target === undefined) return;
    await this.exchange(
      async (signal) =>
        this.fetchFn(`${this.origin}/v1/oauth/revoke`, {
          method: 'POST',
          ...(await this.authenticated({ token: target }, {})),
          signal,
        }),
      oauthErrorOf,
      options.signal,
    );
    if (this.cached?.value === target) this.cached = null;
  }

  /**
   * The headers and form body of a request to the token or revocation endpoint, with the client's
   * authentication: the secret by HTTP Basic, or a new signed assertion in the body — built for each
   * attempt, since a retried one would repeat its `jti` and be refused.
   */
  private async authenticated(
    form: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<{ headers: Record<string, string>; body: string }> {
    const all = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
    if (this.signer !== null) {
      // The token endpoint's URL is an audience both endpoints accept (RFC 7523 §3).
      const assertion = await this.signer.fields(`${this.origin}/v1/oauth/token`);
      return { headers: all, body: new URLSearchParams({ ...form, ...assertion }).toString() };
    }
    const basic = btoa(`${formEncode(this.options.clientId)}:${formEncode(this.options.clientSecret ?? '')}`);
    return { headers: { authorization: `Basic ${basic}`, ...all }, body: new URLSearchParams(form).toString() };
  }

  /** One GET of the data API: the token, 429/503 retries, and one new token after a 401. */
  async get<T>(path: string, query: Record<string, QueryValue> = {}, options: CallOptions = {}): Promise<T> {
    const { response, limit } = await this.authorized(path, query, 'application/json', options);
    try {
      return JSON.parse(await response.text()) as T;
    } finally {
      limit.stop();
    }
  }

  /**
   * A data API GET up to its 2xx answer, body unread: the token, 429/503 retries, and one new
   * token after a 401. The caller reads the body and stops the limit.
   */
  private async authorized(path: string, query: Record<string, QueryValue>, accept: string, options: CallOptions): Promise<Answer> {
    const url = new URL(`${this.origin}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    let renewed = false;
    for (;;) {
      const token = await this.accessToken(options.signal);
      try {
        return await this.respond(
          (signal) => this.fetchFn(url, { headers: { authorization: `Bearer ${token}`, accept }, signal }),
          apiErrorOf,
          options.signal,
        );
      } catch (err) {
        // A token can be revoked (a secret rotated) or expire before we thought: get a new one, once.
        if (renewed || !(err instanceof ApiError) || err.status !== 401) throw err;
        renewed = true;
        if (this.cached?.value === token) this.cached = null;
      }
    }
  }

  private async accessToken(signal: AbortSignal | undefined): Promise<string> {
    if (this.cached !== null && Date.now() < this.cached.renewAt) return this.cached.value;
    // Concurrent calls share one token request, which therefore runs without any one caller's
    // signal (its time limit still applies); each caller stops waiting when its own signal aborts.
    this.pendingToken ??= this.token()
      .then(() => this.cached as CachedToken)
      .finally(() => {
        this.pendingToken = null;
      });
    return (await untilAborted(this.pendingToken, signal)).value;
  }

  /** Sends a request as `respond` does and returns the body of its 2xx answer. */
  private async exchange(
    send: (signal: AbortSignal) => Promise<Response>,
    errorOf: (status: number, headers: Headers, body: string) => ApiError | OAuthError,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const { response, limit } = await this.respond(send, errorOf, signal);
    try {
      return await response.text();
    } finally {
      limit.stop();
    }
  }

  /**
   * Sends a request (each attempt with its own time limit) and returns its 2xx answer, body unread.
   * A 429 or 503 is retried up to maxRetries times after Retry-After (or a backoff), unless the
   * wait would pass maxRetryDelayMs; any other failure is thrown as the error `errorOf` builds.
   */
  private async respond(
    send: (signal: AbortSignal) => Promise<Response>,
    errorOf: (status: number, headers: Headers, body: string) => ApiError | OAuthError,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    for (let retry = 0; ; retry++) {
      const limit = new TimeLimit(this.timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await send(signal ? AbortSignal.any([signal, limit.signal]) : limit.signal);
        if (response.ok) return { response, limit };
        text = await response.text();
      } catch (err) {
        limit.stop();
        throw err;
      }
      limit.stop();
      const error = errorOf(response.status, response.headers, text);
      if ((response.status !== 429 && response.status !== 503) || retry >= this.maxRetries) throw error;
      const delay = error.retryAfter !== null ? error.retryAfter * 1000 : backoffMs(retry);
      if (delay > this.maxRetryDelayMs) throw error;
      await sleep(delay, signal);
    }
  }

  private list<P extends ListPath>(path: P) {
    const page = (query: ListQuery<P>, options: CallOptions | undefined): Promise<Page<P>> =>
      this.get<Page<P>>(path, query as Record<string, QueryValue>, options);
    /** Every page from `pagina` (default 1) to the last, with the same filters. */
    async function* pages(query: ListQuery<P> = {} as ListQuery<P>, options?: CallOptions): AsyncGenerator<Page<P>> {
      let pagina = (query as { pagina?: number }).pagina ?? 1;
      for (;;) {
        const current = await page({ ...query, pagina }, options);
        yield current;
        // Offset pages: a record created or deleted meanwhile shifts the later pages (spec "Pagination").
        if (pagina >= (current as { meta: { total_paginas: number } }).meta.total_paginas) return;
        pagina++;
      }
    }
    return {
      /** One page: `data` and `meta` (pagina, por_pagina, total, total_paginas). */
      list: (query: ListQuery<P> = {} as ListQuery<P>, options?: CallOptions): Promise<Page<P>> => page(query, options),
      pages,
      /** Every record of the list, page after page (`for await (const r of client.x.all({...}))`). */
      async *all(query: ListQuery<P> = {} as ListQuery<P>, options?: CallOptions): AsyncGenerator<ItemOf<P>> {
        for await (const current of pages(query, options)) yield* (current as { data: ItemOf<P>[] }).data;
      },
    };
  }

  /**
   * A resource's change feed (`GET /v1/<recurso>/alteracoes`): `changes({ cursor })` walks it from
   * the cursor stored last time (none: from the beginning, a full sync) to now; `cursorNow()` is
   * the cursor of the feed's end at this moment (`a_partir=agora`), for a copy loaded another way:
   * `changes({ cursor })` from it reads only what changes afterwards.
   */
  private feed<F extends FeedPath>(path: F) {
    return {
      changes: (query: FeedQuery<F> = {} as FeedQuery<F>, options?: CallOptions): ChangeFeed<FeedEntry<F>> =>
        new ChangeFeed<FeedEntry<F>>(
          (cursor) =>
            this.get<FeedPage<F>>(path, { ...(query as Record<string, QueryValue>), cursor }, options) as Promise<{
              data: FeedEntry<F>[];
              meta: { proximo_cursor: string; tem_mais: boolean };
            }>,
          (query as { cursor?: string }).cursor,
        ),
      cursorNow: async (options?: CallOptions): Promise<string> => {
        const page = (await this.get<FeedPage<F>>(path, { a_partir: 'agora' }, options)) as { meta: { proximo_cursor: string } };
        return page.meta.proximo_cursor;
      },
    };
  }

  /**
   * A resource's export (`GET /v1/<recurso>/exportacao`): every current record in one streamed
   * answer, then `cursor` to resume the change feed from exactly that snapshot.
   */
  private exporter<P extends ExportPath>(path: P) {
    return {
      export: (query: ExportQuery<P> = {} as ExportQuery<P>, options: CallOptions = {}): Export<ExportRecord<P>> =>
        new Export<ExportRecord<P>>(
          () => this.authorized(path, query as Record<string, QueryValue>, 'application/x-ndjson, application/json', options),
          options.signal,
        ),
    };
  }

  private resource<L extends ListPath, D extends DetailPath>(listPath: L, detailPath: D) {
    return {
      ...this.list(listPath),
      /** One record by id (404 `recurso_nao_encontrado` when it does not exist for this company). */
      get: async (id: number, query: DetailQuery<D> = {} as DetailQuery<D>, options?: CallOptions): Promise<RecordOf<D>> => {
        const path = detailPath.replace('{id}', encodeURIComponent(String(id)));
        const body = await this.get<{ data: RecordOf<D> }>(path, query as Record<string, QueryValue>, options);
        return body.data;
      },
    };
  }
}

/**
 * One walk of a change feed: `for await (const entry of feed)` yields every change since the
 * cursor it started from, page after page, in the order the server made them visible; then
 * `feed.cursor` is where to resume next time — store it with the data the entries updated.
 *
 * The cursor moves only past a page whose every entry was yielded: a walk stopped early (a
 * `break`, an exception while applying an entry) leaves the cursor at the start of that page, so
 * resuming from it repeats those entries rather than skipping any. Applying an entry twice is
 * harmless (an `alterado` is the record's whole state, an `excluido` a deletion).
 */
export class ChangeFeed<E> implements AsyncIterable<E> {
  #cursor: string | undefined;

  constructor(
    private readonly read: (cursor: string | undefined) => Promise<{ data: E[]; meta: { proximo_cursor: string; tem_mais: boolean } }>,
    cursor: string | undefined,
  ) {
    this.#cursor = cursor;
  }

  /** Where to resume: the cursor given, until the walk has gone past a page; undefined for a walk from the beginning not yet started. */
  get cursor(): string | undefined {
    return this.#cursor;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<E> {
    for (;;) {
      const page = await this.read(this.#cursor);
      yield* page.data;
      this.#cursor = page.meta.proximo_cursor;
      if (!page.meta.tem_mais) return;
    }
  }
}

/**
 * One export of a resource: `for await (const record of exp)` sends the request and yields every
 * record of the answer as it arrives, reading the body a piece at a time (an export of a million
 * records is hundreds of MB: it is never held whole). After the loop, `exp.cursor` is the change
 * feed's cursor right after the export's snapshot — store it with the copy: `changes({ cursor })`
 * from it reads exactly what changed since — and `exp.total` the number of records.
 *
 * The last line of a complete answer is `fim`, with the total the server sent. An answer that ends
 * without it (the connection broke, the server failed mid-way), a line that is not JSON, or a total
 * other than the records yielded throw ApiError (`exportacao_incompleta`, `resposta_inesperada`)
 * after the records already yielded: what was loaded is not the whole snapshot, so load again from
 * the start. Nothing is retried once the answer has begun (the server runs one export per
 * credential at a time, and a retry would yield the first records twice); a 429 or 503 before it is
 * retried as on every call. `cursor` and `total` stay undefined unless the walk ended with a
 * complete answer; each new walk of the same object is a new export.
 */
export class Export<R> implements AsyncIterable<R> {
  #cursor: string | undefined;
  #total: number | undefined;

  constructor(
    private readonly open: () => Promise<Answer>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** The feed's cursor from the `fim` line, once a walk has read the whole answer; undefined until then. */
  get cursor(): string | undefined {
    return this.#cursor;
  }

  /** The number of records of the export, from the `fim` line (checked against those yielded); undefined until then. */
  get total(): number | undefined {
    return this.#total;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<R> {
    this.#cursor = undefined;
    this.#total = undefined;
    const { response, limit } = await this.open();
    const requestId = response.headers.get('x-request-id');
    const fail = (codigo: string, mensagem: string, cause?: unknown) => exportErrorOf(codigo, mensagem, requestId, cause);
    if (response.body === null) {
      limit.stop();
      throw fail('exportacao_incompleta', 'A exportação veio sem corpo (sem a linha de fim).');
    }
    const reader = response.body.getReader();
    // stream: true keeps a character whose bytes straddle two pieces until its last byte arrives.
    const decoder = new TextDecoder('utf-8');
    let rest = '';
    let line = 0;
    let yielded = 0;
    let end: ExportEnd | null = null;
    let done = false;
    try {
      while (!done) {
        limit.restart();
        let piece: ReadableStreamReadResult<Uint8Array>;
        try {
          piece = await reader.read();
        } catch (err) {
          // The caller's signal or the time limit: thrown as on every call. Anything else is the
          // connection breaking mid-answer.
          if (this.signal?.aborted || limit.signal.aborted) throw err;
          throw fail('exportacao_incompleta', `A conexão caiu depois de ${yielded} registros, antes da linha de fim.`, err);
        }
        // Stopped while the caller works on the records: a slow consumer is not a silent server.
        limit.stop();
        done = piece.done;
        const text = rest + (piece.done ? decoder.decode() : decoder.decode(piece.value, { stream: true }));
        let start = 0;
        for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
          const source = text.slice(start, newline);
          start = newline + 1;
          line++;
          if (end !== null) throw fail('resposta_inesperada', `A exportação tem uma linha (${line}) depois da linha de fim.`);
          let value: unknown;
          try {
            value = JSON.parse(source);
          } catch (err) {
            throw fail('resposta_inesperada', `A linha ${line} da exportação não é JSON: ${source.slice(0, 80)}`, err);
          }
          if (typeof value !== 'object' || value === null || Array.isArray(value))
            throw fail('resposta_inesperada', `A linha ${line} da exportação não é um objeto JSON: ${source.slice(0, 80)}`);
          if ('fim' in value) {
            if (!isEnd(value)) throw fail('resposta_inesperada', `A linha de fim da exportação está malformada: ${source.slice(0, 200)}`);
            end = value;
          } else {
            yielded++;
            yield value as R;
          }
        }
        rest = text.slice(start);
      }
    } finally {
      limit.stop();
      // Left early (a break, an exception while saving a record, a failure above): closing the
      // answer ends the export on the server, which frees the credential for the next one.
      if (!done) await reader.cancel().catch(() => undefined);
    }
    if (rest !== '') throw fail('exportacao_incompleta', `A exportação terminou no meio de uma linha, depois de ${yielded} registros.`);
    if (end === null) throw fail('exportacao_incompleta', `A exportação terminou sem a linha de fim, depois de ${yielded} registros.`);
    if (end.total !== yielded) throw fail('exportacao_incompleta', `A linha de fim informa ${end.total} registros, mas vieram ${yielded}.`);
    this.#total = end.total;
    this.#cursor = end.proximo_cursor;
  }
}

/** A well-formed `fim` line (a line with `fim` is never a record: no record has that field). */
function isEnd(value: object): value is ExportEnd {
  const { fim, total, proximo_cursor } = value as Record<string, unknown>;
  return fim === true && Number.isSafeInteger(total) && typeof proximo_cursor === 'string';
}
