import { REVOKE_PATH } from '../domain/api-paths.ts';
import { TOKEN_BODY_LIMIT } from '../domain/limits.ts';
import { revokeEndpoint } from './revoke-endpoint.ts';
import { countAttempt } from './token-endpoint.ts';
import { OAuthErrorSchema } from './token.schema.ts';

/** POST /v1/oauth/revoke (D58): the token endpoint's limits, body rules and error shape. */
export const revokeRoute = {
  method: 'POST',
  url: REVOKE_PATH,
  bodyLimit: TOKEN_BODY_LIMIT,
  schema: {
    response: Object.fromEntries([400, 401, 403, 413, 415, 429, 500, 503].map((status) => [status, OAuthErrorSchema])),
  },
  countAttempt,
  handle: revokeEndpoint,
} as const;
