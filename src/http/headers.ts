import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers every API response carries (spec "Headers on responses"), errors included, besides
 * `Content-Type` and `X-Request-ID`. Also written by hand where Fastify does not answer
 * (client-error.ts).
 */
export const COMMON_HEADERS = {
  'cache-control': 'no-store',
  pragma: 'no-cache',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

export function setCommonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers({ ...COMMON_HEADERS, 'x-request-id': request.id });
}
