import type { CredentialRow } from '../credentials/credentials.query.ts';

/** A credential as the CLI prints it (docs/operations.md): never a secret, not even its hash. */
export function credentialDocument(row: CredentialRow) {
  return {
    client_id: row.client_id,
    name: row.name,
    scopes: row.scopes,
    allowed_ips: row.allowed_ips,
    expires: row.expires,
    status: row.status,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    auth_method: row.auth_method,
    ...(row.key_thumbprint === null ? {} : { key_thumbprint: row.key_thumbprint }),
  };
}

/** Scopes as the operator types them: comma-separated, spaces around names ignored. */
export function scopeList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
