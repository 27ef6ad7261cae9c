import type http from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { MISSING_HOST_MESSAGE, statusOf } from '../errors/catalogue.ts';
import { envelope } from '../errors/envelope.ts';

/**
 * How long a client may take, ours rather than Node's defaults (issue 12: 200 sockets sending
 * headers byte by byte were all still open after 20 s under Node's 60 s). The API's clients are
 * servers: they send a request line and headers in one go and bodies of at most a few KiB, so the
 * budgets are generous for them and short for a slow-loris holding sockets open.
 */

/** The request line and headers must be complete this long after the request began. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included (8 KiB at most on the token endpoint, D41). */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * An idle kept-alive connection is closed after this long. Above the usual 60 s idle timeout of
 * load balancers in front of the API, so the balancer, not the server, ends an idle connection
 * (a server closing first races the balancer's next request on it: a 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * How often Node looks for connections past their header or request budget. Node's default, 30 s,
 * would let a 10 s budget run to 40 s; a sweep over the open connections each second costs little.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * The Fastify options that set the budgets above. No cap on requests per connection
 * (maxRequestsPerSocket): a kept-alive connection costs a server-to-server client nothing to
 * reuse, and what it may ask for is already bounded per credential by the rate limits (D35).
 */
export function connectionBudgets(): Pick<FastifyServerOptions, 'keepAliveTimeout' | 'requestTimeout'> & { http: http.ServerOptions } {
  return {
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
      // Node answers an HTTP/1.1 request without Host with a bare 400 of its own (no envelope,
      // none of the common headers), from a path no handler reaches: refuseMissingHost does it here.
      requireHostHeader: false,
    },
  };
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400. Answered in the data envelope with
 * every common header, like the other requests Node's parser refuses (client-error.ts), and the
 * connection is closed. HTTP/1.0 requests may omit Host.
 */
export function refuseMissingHost(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.raw.httpVersionMajor !== 1 || request.raw.httpVersionMinor < 1 || request.headers.host !== undefined) return false;
  // Sent as text: the route's own response schemas (the token endpoint's OAuth shape) must not
  // serialize the data envelope.
  const body = envelope('requisicao_invalida', request.id, [], MISSING_HOST_MESSAGE);
  reply
    .code(statusOf('requisicao_invalida'))
    .header('connection', 'close')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
  return true;
}
