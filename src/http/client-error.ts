import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { CONNECTION_ERROR_DEFAULT, CONNECTION_ERRORS } from '../errors/catalogue.ts';
import { envelope } from '../errors/envelope.ts';
import { COMMON_HEADERS } from './headers.ts';

type ConnectionError = Parameters<NonNullable<FastifyServerOptions['clientErrorHandler']>>[0];

/** Node's socket knows the response in flight on it, if any (not part of Node's typings). */
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused never reaches the app, and
 * Fastify would answer it in its own JSON without our headers. It gets the data envelope and every
 * common header here, written by hand on the raw socket, with a fresh X-Request-ID (nothing the
 * request sent can be trusted, its headers included); then the connection is closed, as what
 * follows on it cannot be parsed.
 * Like Fastify's default, a reset or destroyed socket is left alone. Like Node's own handler,
 * nothing is written once a response on this connection has started: that would corrupt it.
 */
export function answerClientError(err: ConnectionError, socket: Socket, log: FastifyBaseLogger): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, codigo, mensagem } =
    (Object.hasOwn(CONNECTION_ERRORS, err.code) && CONNECTION_ERRORS[err.code]) || CONNECTION_ERROR_DEFAULT;
  const requestId = randomUUID();
  log.info({ request_id: requestId, status, err_code: err.code }, 'client error');
  if (socket.writable && !(socket as HttpSocket)._httpMessage?.headersSent) {
    socket.write(rawResponse(status, requestId, JSON.stringify(envelope(codigo, requestId, [], mensagem))));
  }
  socket.destroy(err);
}

function rawResponse(status: number, requestId: string, body: string): string {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...COMMON_HEADERS,
    'x-request-id': requestId,
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
