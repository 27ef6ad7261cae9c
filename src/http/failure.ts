import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../domain/limits.ts';
import { statusOf, type DataErrorCode } from '../errors/catalogue.ts';
import { CodedError, DataError } from '../errors/coded-error.ts';
import { envelope } from '../errors/envelope.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';
import './request-log-entry.ts';

/**
 * What went wrong with a request, as every plugin's error handler sees it (architecture
 * convention 3: ours, the framework's, unknown): a coded error of ours; a client error the
 * framework raised (a body too large, a media type no parser takes, a malformed body); a store
 * that cannot be reached (D38: 503, never 500); or a bug (500, logged, nothing internal told).
 * Each plugin answers these in its own format: the data envelope, the settings codes, OAuth.
 */
export type Failure =
  | { kind: 'coded'; error: CodedError }
  | { kind: 'client'; status: number; error: FastifyError }
  | { kind: 'unavailable' }
  | { kind: 'bug' };

export function classify(err: unknown): Failure {
  if (err instanceof CodedError) return { kind: 'coded', error: err };
  const status = (err as FastifyError | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { kind: 'client', status, error: err as FastifyError };
  return isStoreUnavailable(err) ? { kind: 'unavailable' } : { kind: 'bug' };
}

/** Logs what a failure needs logged: a 503 briefly (expected while a store is away), a bug whole. */
export function logFailure(request: FastifyRequest, failure: Failure, err: unknown): void {
  if (failure.kind === 'unavailable') {
    const { message, code } = err as { message?: string; code?: string };
    request.log.warn({ err: { message, code } }, 'store unavailable');
  } else if (failure.kind === 'bug') {
    request.log.error({ err }, 'unexpected failure');
  }
}

/** Answers a coded error in the envelope: the catalogue's status, and Retry-After / WWW-Authenticate when it carries them. */
export function sendCoded(reply: FastifyReply, request: FastifyRequest, err: CodedError): void {
  if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
  if (err.challenge !== undefined) reply.header('www-authenticate', err.challenge);
  request.outcomeCode = err.codigo;
  reply.code(statusOf(err.codigo)).send(envelope(err.codigo, request.id, err.detalhes, err.message));
}

// The framework's client errors that the data envelope has a code for; any other is a 400.
const CODE_BY_STATUS: Record<number, DataErrorCode> = { 413: 'corpo_muito_grande', 415: 'tipo_conteudo_invalido' };

/**
 * The error handler of the data API, the operational routes and the root (unknown routes): the
 * data envelope. A coded error of another area (a settings code) cannot be answered here: it is
 * a bug.
 */
export function envelopeErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const failure = classify(err);
  logFailure(request, failure, err);
  switch (failure.kind) {
    case 'coded':
      if (failure.error instanceof DataError) return sendCoded(reply, request, failure.error);
      request.log.error({ err }, 'a code of another area reached the data envelope');
      return sendCoded(reply, request, new DataError('erro_interno'));
    case 'client': {
      const codigo = CODE_BY_STATUS[failure.status] ?? 'requisicao_invalida';
      return sendCoded(reply, request, new DataError(codigo));
    }
    case 'unavailable':
      return sendCoded(reply, request, new DataError('servico_indisponivel', [], { retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS }));
    case 'bug':
      return sendCoded(reply, request, new DataError('erro_interno'));
  }
}
