/**
 * Makes API credentials in bulk through the product's own credentials service: one process and
 * one pool, instead of one CLI process per credential (a minute for a few hundred). This is the
 * bench's only import from src/; repoint it here when the service moves.
 */
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { createCredential } from '../src/credentials/credentials.service.ts';

type CentralDb = Parameters<typeof createCredential>[0] extends Kysely<infer DB> ? DB : never;

/** Every read scope the bench's requests need. */
export const BENCH_SCOPES = [
  'clientes:ler',
  'os:ler',
  'produtos:ler',
  'servicos:ler',
  'contas-receber:ler',
  'contas-pagar:ler',
  'boletos:ler',
];

export interface Credential {
  client_id: string;
  client_secret: string;
  empresa_id: number;
}

/** `count` credentials of company `empresaId`, made `parallel` at a time on `pool`. */
export async function createCredentials(
  pool: pg.Pool,
  empresaId: number,
  count: number,
  namePrefix: string,
  parallel = 4,
): Promise<Credential[]> {
  // Not destroyed here: that would end the caller's pool.
  const db = new Kysely<CentralDb>({ dialect: new PostgresDialect({ pool }) });
  const made: Credential[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const created = await createCredential(
        db,
        { empresaId, name: `${namePrefix} ${i + 1}`, scopes: BENCH_SCOPES, allowedIps: [], expires: null },
        { type: 'operator' },
        // Load, not people: hundreds of credentials keep each under 120 requests a minute (D47's
        // cap of 50 active per company is for the settings area and the CLI).
        { maxActive: Number.POSITIVE_INFINITY },
      );
      made.push({ client_id: created.client_id, client_secret: created.client_secret, empresa_id: empresaId });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return made;
}
