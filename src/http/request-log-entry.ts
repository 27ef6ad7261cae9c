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

// Query parameters that carry credentials wherever they appear (OAuth's, and the obvious ones).
const CREDENTIAL_PARAMS = /^(?:access_token|token|refresh_token|id_token|client_secret|client_assertion|assertion|password|senha|secret)$/i;
// What our tokens and secrets look like (D40), and a JWS: masked wherever they are in the URL.
const CREDENTIAL_SHAPES = /\b(ae_(?:at|sk)_)[A-Za-z0-9_-]+|\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/**
 * The URL as logged (D59: never a token, secret or assertion): no endpoint takes a credential in
 * the URL, but a client may still put one there (`?access_token=`, a token pasted as an id). The
 * values of credential-named parameters become `***`, and anything shaped like our tokens and
 * secrets or like a JWT is masked too, wherever it is.
 */
export function loggedPath(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query =
    at === -1
      ? ''
      : `?${url
          .slice(at + 1)
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            const name = eq === -1 ? pair : pair.slice(0, eq);
            let decoded = name;
            try {
              decoded = decodeURIComponent(name.replaceAll('+', ' '));
            } catch {
              // a malformed escape: the name is compared as sent
            }
            return eq !== -1 && CREDENTIAL_PARAMS.test(decoded) ? `${name}=***` : pair;
          })
          .join('&')}`;
  return `${path}${query}`.replace(CREDENTIAL_SHAPES, (whole, prefix: string | undefined) =>
    prefix === undefined ? '***' : `${prefix}***`,
  );
}

/** The request log's entry for an answered request (D59): never a header or a body, the URL as loggedPath makes it. */
export function logEntry(request: FastifyRequest, reply: FastifyReply, subject: LogSubject): RequestLogEntry {
  const length = Number(reply.getHeader('content-length'));
  const durationMs = reply.elapsedTime;
  return {
    empresaId: subject.empresaId,
    at: Date.now() - durationMs,
    credentialId: subject.credentialId,
    clientId: subject.clientId,
    method: request.method,
    path: loggedPath(request.url),
    status: reply.statusCode,
    codigo: reply.statusCode >= 400 ? request.outcomeCode : null,
    durationMs: Math.round(durationMs * 100) / 100,
    ip: request.ip,
    requestId: request.id,
    bytes: Number.isFinite(length) ? length : null,
  };
}
