import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers every API response carries (spec "Headers on responses"), errors included. */
export function setCommonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers({
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-request-id': request.id,
  });
}
