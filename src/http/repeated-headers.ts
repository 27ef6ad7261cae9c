import type { FastifyReply, FastifyRequest } from 'fastify';
import { statusOf } from '../errors/catalogue.ts';
import { envelope } from '../errors/envelope.ts';

/**
 * Headers the API reads that may be sent once only (RFC 9110 §5.3: a field that is not a list
 * must not be repeated), as their names are usually spelled. Node keeps the first copy of each in
 * `request.headers` and drops the others silently, so a request with two of them would be served
 * on whichever copy Node kept — while a proxy in front may have read the other one: the company
 * behind the second `Bearer`, the virtual host of the second `Host` (RFC 9112 §3.2 requires a 400
 * for the latter). Headers that are lists (`Accept`, `X-Forwarded-For`, `Cookie`, ...) may repeat.
 */
const ONCE_ONLY = ['Authorization', 'Host', 'Content-Type'] as const;
const ONCE_ONLY_LOWER: readonly string[] = ONCE_ONLY.map((name) => name.toLowerCase());

type OnceOnlyHeader = (typeof ONCE_ONLY)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body of the route's answer to a repeated header, as sent (the token endpoint's OAuth
     * shape); without it, the data envelope. Text, so that the route's response schemas do not
     * serialize it as another shape.
     */
    repeatedHeaderBody?: (header: OnceOnlyHeader) => string;
  }
}

/** The first header of ONCE_ONLY that `rawHeaders` (name, value, name, value, ...) holds twice, names compared case-insensitively. */
export function firstRepeatedHeader(rawHeaders: readonly string[]): OnceOnlyHeader | null {
  // A bit per header seen rather than a Set: this runs on every request.
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const index = ONCE_ONLY_LOWER.indexOf((rawHeaders[i] ?? '').toLowerCase());
    if (index === -1) continue;
    const bit = 1 << index;
    if ((seen & bit) !== 0) return ONCE_ONLY[index] ?? null;
    seen |= bit;
  }
  return null;
}

const message = (header: OnceOnlyHeader): string => `Requisição HTTP malformada: o cabeçalho ${header} foi enviado mais de uma vez.`;

/**
 * A request with a repeated once-only header is a 400, decided in the root onRequest hook: before
 * authentication and before the token endpoint counts the attempt, as nothing the request says
 * can be read without guessing which copy was meant. Answered in the route's own shape (the OAuth
 * one on the token endpoint, `repeatedHeaderBody`), else in the data envelope, and the connection
 * is closed: an intermediary that read the other copy may frame or route what follows differently.
 */
export function refuseRepeatedHeaders(request: FastifyRequest, reply: FastifyReply): boolean {
  const header = firstRepeatedHeader(request.raw.rawHeaders);
  if (header === null) return false;
  const ownBody = request.routeOptions.config.repeatedHeaderBody;
  const body = ownBody ? ownBody(header) : JSON.stringify(envelope('requisicao_invalida', request.id, [], message(header)));
  reply.code(statusOf('requisicao_invalida')).header('connection', 'close').type('application/json; charset=utf-8').send(body);
  return true;
}
