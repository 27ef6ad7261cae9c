import { Readable } from 'node:stream';
import { EXPORT_BUSY_RETRY_AFTER_SECONDS } from '../domain/limits.ts';
import { DataError } from '../errors/coded-error.ts';
import type { Lease } from '../ratelimit/limiter.ts';
import type { ExportBatch, ExportReader } from '../store/export/export-reader.ts';
import type { ListSpec } from '../store/list/list-spec.ts';
import type { DataRouteContext } from './data-route.ts';
import { encodeCursor } from './feed-cursor.ts';
import type { ParamSpecs } from './params.ts';

/**
 * `GET /v1/<recurso>/exportacao` (D48, D49, ADR 0019): every current record of the company, from
 * one snapshot, as NDJSON, then the `fim` line with the total and the feed cursor that resumes
 * exactly after that snapshot.
 */

export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';

export const EXPORT_DESCRIPTION =
  'Todos os registros atuais da empresa (ativos e inativos; excluídos não vêm), numa só resposta, em NDJSON: um objeto JSON por ' +
  'linha, cada registro exatamente como o feed de alterações o traz em `registro`, por `id` crescente, todos do mesmo instante do ' +
  'banco. A última linha é `{"fim":true,"total":<registros enviados>,"proximo_cursor":"<cursor>"}`: leia depois ' +
  '`alteracoes?cursor=<esse cursor>` para receber exatamente o que mudou desde a exportação. Uma resposta cuja última linha não é a ' +
  'de `fim` está incompleta (a conexão caiu, ou o serviço falhou durante o envio): comece de novo. ' +
  'Conta como uma requisição no limite por minuto. Uma exportação por vez por credencial: outra ao mesmo tempo recebe 429 ' +
  `\`limite_excedido\` com \`Retry-After: ${EXPORT_BUSY_RETRY_AFTER_SECONDS}\`. Um cliente que não lê nada por 60 segundos tem a exportação ` +
  'encerrada (a conexão é fechada, sem a linha de `fim`). Com `Accept-Encoding: gzip` a resposta vem comprimida. Não tem `ETag`.';

/** The lease's life: renewed a third of the way, so a lost renewal or two still holds it; a crashed instance frees it this soon. */
const LEASE_TTL_MS = 30_000;
/** Pieces of at most this many bytes go to the socket: a slow reader drains each within the idle bound (http side). */
export const EXPORT_CHUNK_BYTES = 16 * 1024;

/** Completes a batch's records outside the database (contas of a tenant database name their usuario cedentes). */
export type CompleteLines = (lines: string) => Promise<string>;

/**
 * The export's body: the records of every batch, read only when the socket takes more (back
 * pressure: `_read` is called when what was pushed has been consumed), then the `fim` line. A
 * failure after the first byte destroys the stream: the connection closes without `fim` (D48).
 * Closing, however it happens, ends the snapshot and frees the credential's lease; at the end of
 * the records, before the `fim` line is sent.
 */
export class ExportStream extends Readable {
  private total = 0;
  private reading = false;
  private wanted = false;
  private ended = false;
  private first: ExportBatch | null;

  constructor(
    private readonly reader: ExportReader,
    first: ExportBatch | null,
    private readonly cursor: string,
    private readonly release: () => Promise<void>,
    private readonly complete: CompleteLines | undefined,
  ) {
    super({ highWaterMark: EXPORT_CHUNK_BYTES });
    this.first = first;
  }

  override _read(): void {
    // Asked for more while a batch is being read: read another when it ends. (Ignoring the call
    // would leave a consumer that asked in between waiting for a push that never comes.)
    this.wanted = true;
    if (!this.reading) void this.pump();
  }

  private async pump(): Promise<void> {
    this.reading = true;
    try {
      while (this.wanted && !this.destroyed && !this.ended) {
        this.wanted = false;
        await this.readBatch();
      }
    } catch (err) {
      this.destroy(err instanceof Error ? err : new Error(String(err)));
    } finally {
      this.reading = false;
    }
  }

  private async readBatch(): Promise<void> {
    const batch = this.first ?? (await this.reader.next());
    this.first = null;
    if (this.destroyed) return;
    if (batch === null) {
      this.ended = true;
      // The snapshot ends and the credential's lease is freed before the client can see the end: an
      // integrator that starts its next export on reading `fim` must find the lease free (D49).
      await this.release().catch(() => undefined);
      if (this.destroyed) return;
      this.push(`${JSON.stringify({ fim: true, total: this.total, proximo_cursor: this.cursor })}\n`);
      this.push(null);
      return;
    }
    const bytes = this.complete === undefined ? batch.bytes : Buffer.from(await this.complete(batch.bytes.toString('utf8')), 'utf8');
    this.total += batch.count;
    for (let at = 0; at < bytes.length; at += EXPORT_CHUNK_BYTES) this.push(bytes.subarray(at, at + EXPORT_CHUNK_BYTES));
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.release().then(
      () => callback(err),
      () => callback(err),
    );
  }
}

/** The message of the second export (D49), with what to do. */
const BUSY =
  'Já há uma exportação em andamento para esta credencial: só uma por vez. Aguarde o fim dela e tente de novo em ' +
  `${EXPORT_BUSY_RETRY_AFTER_SECONDS} segundos.`;

/**
 * Starts the export of `spec`'s table for the caller's company: the credential's lease (429 while
 * another export of it runs), the snapshot and its first batch, all before the first byte, so that
 * any failure until then is the usual envelope (503 when the store is away).
 */
export async function startExport(ctx: DataRouteContext<ParamSpecs>, spec: ListSpec, complete?: CompleteLines): Promise<ExportStream> {
  const lease: Lease | null = await ctx.exportLease(LEASE_TTL_MS);
  if (lease === null) throw new DataError('limite_excedido', [], { retryAfter: EXPORT_BUSY_RETRY_AFTER_SECONDS, mensagem: BUSY });
  const renewal = setInterval(() => void lease.renew(), LEASE_TTL_MS / 3);
  renewal.unref();
  let reader: ExportReader | null = null;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    clearInterval(renewal);
    await reader?.close();
    await lease.release();
  };
  try {
    const key = await ctx.cursorKey();
    reader = await ctx.openExport(spec);
    const cursor = encodeCursor(key, { empresaId: ctx.principal.empresaId, tabela: spec.table }, reader.end);
    const first = await reader.next();
    return new ExportStream(reader, first, cursor, release, complete);
  } catch (err) {
    await release();
    throw err;
  }
}
