import type pg from 'pg';
import type { Store } from '../store/store.ts';
import { importDataset } from '../store/import/import.ts';
import { applyDemoChanges } from './demo-changes.ts';
import { buildDemoDataset } from './demo-dataset/index.ts';
import { createCredential, type CreatedCredential } from '../credentials/credentials.service.ts';
import { listCredentials } from '../credentials/credentials.query.ts';
import { OPERATOR } from '../credentials/audit.ts';
import { SCOPES } from '../domain/scopes.ts';

export const DEMO_COMPANY_ID = 1;
export const DEMO_CREDENTIAL_NAME = 'Credencial de demonstração';

/** Loads the demo data set (idempotent: upserts by id), then changes a few records as the product would (demo-changes.ts). */
export async function seedDemoData(pool: pg.Pool): Promise<Record<string, number>> {
  const { imported } = await importDataset(pool, buildDemoDataset());
  await applyDemoChanges(pool, DEMO_COMPANY_ID);
  return imported;
}

/** The demo credential printed at first start: every scope of the demo company. */
export async function createDemoCredential(store: Store): Promise<CreatedCredential> {
  return createCredential(
    store.central,
    { empresaId: DEMO_COMPANY_ID, name: DEMO_CREDENTIAL_NAME, scopes: [...SCOPES], allowedIps: [], expires: null },
    OPERATOR,
  );
}

/**
 * The client id of the demo credential while it is active, found by its company and name: its
 * secret was shown once and is kept nowhere, so a person who lost it rotates this one.
 */
export async function activeDemoCredential(store: Store): Promise<string | null> {
  const credentials = await listCredentials(store.central, DEMO_COMPANY_ID);
  return credentials.find((c) => c.name === DEMO_CREDENTIAL_NAME && c.status === 'active')?.client_id ?? null;
}
