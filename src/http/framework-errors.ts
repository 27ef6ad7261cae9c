import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '../errors/envelope.ts';
import { setCommonHeaders } from './headers.ts';

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs, which
 * Fastify would answer in its own JSON without our envelope and headers. The hooks did not run,
 * so the common headers (and the request id, echoed per D34) are set here.
 * A path with a malformed %-escape (FST_ERR_BAD_URL: `/v1/%zz`, also under `/v1/oauth/`) names no
 * route: 404 `recurso_nao_encontrado` (D2). Anything else the router may raise is a bad request.
 */
export function handleFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setCommonHeaders(request, reply);
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.code(404).send(envelope('recurso_nao_encontrado', request.id));
    return;
  }
  reply.code(400).send(envelope('requisicao_invalida', request.id));
}
