import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestLogEntry } from '../request-log/request-log-entry.ts';

/** Whom a request named, for the request log (D59): set by the data API's token check or by the token endpoint. */
export interface LogSubject {
  empresaId: number;
  credentialId: number | null;
  clientId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** a token or revocation request's client, once its client id is known to be a credential's (D59) */
    logSubject: LogSubject | null;
    /** the error code the answer carries (`codigo`, or OAuth's `error`), for the request log */
    outcomeCode: string | null;
  }
}

/**
 * The request log's entry for an answered request (D59): the URL as sent — neither the data API
 * nor the OAuth endpoints carry a credential in it —, never a header or a body.
 */
export function logEntry(request: FastifyRequest, reply: FastifyReply, subject: LogSubject): RequestLogEntry {
  const length = Number(reply.getHeader('content-length'));
  const durationMs = reply.elapsedTime;
  return {
    empresaId: subject.empresaId,
    at: Date.now() - durationMs,
    credentialId: subject.credentialId,
    clientId: subject.clientId,
    method: request.method,
    path: request.url,
    status: reply.statusCode,
    codigo: reply.statusCode >= 400 ? request.outcomeCode : null,
    durationMs: Math.round(durationMs * 100) / 100,
    ip: request.ip,
    requestId: request.id,
    bytes: Number.isFinite(length) ? length : null,
  };
}
