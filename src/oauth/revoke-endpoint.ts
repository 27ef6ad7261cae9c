import { sha256 } from '../crypto/hashes.ts';
import { timed } from '../logger.ts';
import { revokeOwnToken } from './client.query.ts';
import { invalidRequest } from './oauth-error.ts';
import { authenticateClient, checkAllowlist, type StepLog, type TokenDeps } from './token-endpoint.ts';
import { readClientForm, type RawTokenRequest } from './token-request.ts';

/**
 * POST /v1/oauth/revoke (D58, RFC 7009): the client authenticates as on the token endpoint (its
 * attempt counted in the same windows, its allowlist checked), and a token it names that is its
 * own is revoked. The answer is the same empty 200 whether the token was its own, another
 * client's, unknown or already revoked (RFC 7009 §2.2): it tells nothing about tokens.
 * `token_type_hint` is read by no one: the API issues access tokens only.
 */
export async function revokeEndpoint(deps: TokenDeps, raw: RawTokenRequest, ip: string, log: StepLog): Promise<string> {
  const form = readClientForm(raw, 'revocation');
  const token = form.get('token');
  if (token === undefined) throw invalidRequest('token is required');
  const client = await authenticateClient(deps, form.clientId, form.proof, raw.audiences, log, raw.identified);
  checkAllowlist(client, ip);
  await timed(log, 'revoke: token revoked', () => revokeOwnToken(deps.store.central, client.id, sha256(token)));
  log.debug({ client_id: form.clientId }, 'revoke: done');
  return '';
}
