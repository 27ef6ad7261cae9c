import type { TenantDbRef } from '../store/tenant-directory.ts';
import type { Scope } from '../domain/scopes.ts';

/** Who is calling a data route: the credential behind the bearer token and its company. */
export interface Principal {
  credentialId: number;
  clientId: string;
  empresaId: number;
  /** the token's scopes that its credential still holds (D30) */
  scopes: ReadonlySet<Scope>;
  allowedIps: readonly string[];
  /** the company's editable OS status catalogue (D14) */
  statusPersonalizados: readonly string[];
  /** where the tenant directory places the company's data (name and URL); null = the central database */
  tenantDb: TenantDbRef | null;
}
