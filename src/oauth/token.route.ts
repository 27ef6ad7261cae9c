import { TOKEN_PATH } from '../domain/api-paths.ts';
import { TOKEN_BODY_LIMIT } from '../domain/limits.ts';
import { countAttempt, tokenEndpoint } from './token-endpoint.ts';
import { tokenSchema } from './token.schema.ts';

/** POST /v1/oauth/token (D1): the one route of the oauth plugin. */
export const tokenRoute = {
  method: 'POST',
  url: TOKEN_PATH,
  /** D41: 8192 bytes are accepted, 8193 (also chunked) are 413 */
  bodyLimit: TOKEN_BODY_LIMIT,
  schema: tokenSchema,
  countAttempt,
  handle: tokenEndpoint,
} as const;
