import type { Kysely } from 'kysely';
import type { CredentialRow, CredentialStatus } from '../credentials/credentials.query.ts';
import type { AuthMethod } from '../domain/client-auth.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { userNames } from './users.query.ts';
import { addDays, todayInSaoPaulo } from '../time/sao-paulo-date.ts';

/** docs/settings-api.md "Credential": never a secret, not even its hash. */
export interface CredentialView {
  client_id: string;
  name: string;
  scopes: string[];
  allowed_ips: string[];
  expires: string | null;
  status: CredentialStatus;
  expires_soon: boolean;
  created_at: string;
  /** null: created by the operator (CLI) */
  created_by: { id: number; nome: string | null } | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  /** D57: `client_secret_basic` (a secret) or `private_key_jwt` (a public key, by its thumbprint) */
  auth_method: AuthMethod;
  key_thumbprint: string | null;
}

/** How far ahead an expiry is shown prominently. */
export const EXPIRES_SOON_DAYS = 7;

/**
 * An active credential whose last valid day (D32) is today or one of the next 7 days, counted
 * in America/Sao_Paulo (D15): expiring on today + 7 is soon, on today + 8 is not.
 */
export function expiresSoon(row: Pick<CredentialRow, 'status' | 'expires'>, today: string): boolean {
  return row.status === 'active' && row.expires !== null && row.expires <= addDays(today, EXPIRES_SOON_DAYS);
}

function view(row: CredentialRow, creators: Map<number, string | null>, today: string): CredentialView {
  const creator = row.created_by_usuario_id;
  return {
    client_id: row.client_id,
    name: row.name,
    scopes: row.scopes,
    allowed_ips: row.allowed_ips,
    expires: row.expires,
    status: row.status,
    expires_soon: expiresSoon(row, today),
    created_at: row.created_at,
    created_by: creator === null ? null : { id: creator, nome: creators.get(creator) ?? null },
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    auth_method: row.auth_method,
    key_thumbprint: row.key_thumbprint,
  };
}

/** Views of the company's rows, with their creators' names looked up once. */
export async function credentialViews(
  db: Kysely<CentralDatabase>,
  empresaId: number,
  rows: readonly CredentialRow[],
): Promise<CredentialView[]> {
  const ids = rows.flatMap((r) => (r.created_by_usuario_id === null ? [] : [r.created_by_usuario_id]));
  const creators = await userNames(db, empresaId, ids);
  const today = todayInSaoPaulo();
  return rows.map((row) => view(row, creators, today));
}

export async function credentialView(db: Kysely<CentralDatabase>, empresaId: number, row: CredentialRow): Promise<CredentialView> {
  const [one] = await credentialViews(db, empresaId, [row]);
  if (one === undefined) throw new Error('a view of one row is one view');
  return one;
}
