import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classify, logFailure } from '../http/failure.ts';
import { baseUrlOf } from '../http/base-url.ts';
import type { LogSubject } from '../http/request-log-entry.ts';
import { assertionAudiences } from '../oauth/authorization-server-metadata.ts';
import { readBasic, type BasicCredentials } from '../oauth/basic-auth.ts';
import {
  bodyTooLarge,
  invalidRequest,
  OAuthError,
  repeatedHeader,
  serverError,
  temporarilyUnavailable,
  unsupportedMediaType,
} from '../oauth/oauth-error.ts';
import type { TokenDeps } from '../oauth/token-endpoint.ts';
import { DISCOVERY_ROUTES, OAUTH_ROUTES } from '../routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the Authorization header of a token request, parsed once for the attempt limits and authentication */
    basic: BasicCredentials | null;
  }
}

const oauthBody = (err: OAuthError) => ({ error: err.error, error_description: err.description });

function sendOAuth(request: FastifyRequest, reply: FastifyReply, err: OAuthError): void {
  request.outcomeCode = err.error;
  reply.code(err.status).headers(err.headers).send(oauthBody(err));
}

function clientError(status: number): OAuthError {
  if (status === 413) return bodyTooLarge();
  if (status === 415) return unsupportedMediaType();
  return invalidRequest('Malformed request', status);
}

/**
 * Errors of the token endpoint in the OAuth shape `{error, error_description}` (spec "Token
 * endpoint errors"): ours as they are; the framework's client errors (body over the limit) as
 * `invalid_request` with their status; a store that cannot be reached as 503
 * `temporarily_unavailable` (D38); anything else 500 `server_error`, logged.
 */
function oauthErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof OAuthError) return sendOAuth(request, reply, err);
  const failure = classify(err);
  logFailure(request, failure, err);
  switch (failure.kind) {
    case 'client':
      return sendOAuth(request, reply, clientError(failure.status));
    case 'unavailable':
      return sendOAuth(request, reply, temporarilyUnavailable());
    default:
      if (failure.kind === 'coded') request.log.error({ err }, 'a coded error reached the token endpoint');
      return sendOAuth(request, reply, serverError());
  }
}

/**
 * POST /v1/oauth/token and the discovery metadata. Encapsulated: its own body parsing — every media type is read as text,
 * up to the body limit, so the endpoint itself answers 415 in the OAuth shape (D41) — and its own
 * error format. Every attempt is counted before the body is read (D27).
 */
export interface OAuthPluginDeps extends TokenDeps {
  /** PUBLIC_BASE_URL: the origin the discovery metadata names (else each request's own) */
  publicBaseUrl?: string | undefined;
}

export async function oauthPlugin(app: FastifyInstance, deps: OAuthPluginDeps): Promise<void> {
  app.setErrorHandler(oauthErrorHandler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.decorateRequest('basic', null);
  for (const route of OAUTH_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      schema: route.schema,
      // Never compressed: the body holds a secret (the token) beside a value the caller chose
      // (`scope`), the precondition of BREACH-style length attacks; and it is far under the threshold.
      compress: false,
      // A repeated Authorization, Host or Content-Type is refused by the root before the attempt
      // is counted (http/repeated-headers.ts), in this endpoint's OAuth shape.
      config: { repeatedHeaderBody: (header) => JSON.stringify(oauthBody(repeatedHeader(header))) },
      onRequest: async (request) => {
        request.basic = readBasic(request.headers.authorization);
        await route.countAttempt(deps, request.ip, request.basic, request.log);
      },
      handler: async (request) => {
        const basic = request.basic ?? readBasic(request.headers.authorization);
        const body = typeof request.body === 'string' ? request.body : '';
        const { 'content-type': contentType, 'content-encoding': contentEncoding } = request.headers;
        const audiences = assertionAudiences(baseUrlOf(request, deps.publicBaseUrl));
        // D59: once the client id is a credential's, the request is logged for its company, refused or not.
        const identified = (client: LogSubject) => {
          request.logSubject = client;
        };
        const raw = { contentType, contentEncoding, url: request.url, body, basic, audiences, identified };
        return route.handle(deps, raw, request.ip, request.log);
      },
    });
  }
  // Static JSON, no store: nothing to count or authenticate. Not in the OpenAPI description of
  // the v1 API (it describes the resources; RFC 8414 describes this document).
  for (const route of DISCOVERY_ROUTES) {
    app.route({ method: route.method, url: route.url, handler: async (request) => route.handle(request, deps.publicBaseUrl) });
  }
}
