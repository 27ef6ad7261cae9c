import pg from 'pg';
import { hashPassword } from '../../crypto/password.ts';
import { migrate } from '../migrate.ts';
import { COLLECTIONS, type Dataset, type DatasetUsuario } from './dataset.ts';
import { describeIssue, type ImportIssue } from './issues.ts';
import { checkAgainstStored, loadStoredFacts } from './stored-facts.ts';
import { beginTenantTransaction, lockTenantRoutes, splitByDatabase, type TenantTransaction } from './tenants.ts';
import { validateDataset } from './validate.ts';
import { writeDataset } from './write.ts';

export type { ImportIssue } from './issues.ts';

/** A data set that cannot be imported; nothing of it was written. */
export class ImportError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    const [first] = issues;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? 's' : ''})` : '';
    super(`invalid data set: ${first === undefined ? 'unknown problem' : describeIssue(first)}${more}`);
    this.name = 'ImportError';
  }
}

export interface ImportOptions {
  /** Called after each batch written: records written so far, of all records in the file. */
  onProgress?: (done: number, total: number) => void;
}

// scrypt runs on libuv's thread pool (4 threads by default): more at once only queues.
const HASH_CONCURRENCY = 4;

type HashedUsuario = Omit<DatasetUsuario, 'senha'> & { senha_hash: string | null };

/** Each user with `senha_hash` in place of the plain-text `senha`. */
async function withHashedPasswords(usuarios: readonly DatasetUsuario[]): Promise<HashedUsuario[]> {
  const result = new Array<HashedUsuario>(usuarios.length);
  // One iterator shared by the workers: each takes the next user when it is free.
  const queue = usuarios.entries();
  const worker = async () => {
    for (const [i, { senha, ...usuario }] of queue) {
      result[i] = { ...usuario, senha_hash: typeof senha === 'string' ? await hashPassword(senha) : null };
    }
  };
  await Promise.all(Array.from({ length: HASH_CONCURRENCY }, worker));
  return result;
}

const TABLE_COLLECTIONS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(COLLECTIONS.map((name) => [name, name])),
  ordens_servico_itens: 'ordens_servico',
  ordens_servico_checklist: 'ordens_servico',
};

// Unique indexes over expressions name no column: the field they guard.
const CONSTRAINT_FIELDS: Readonly<Record<string, string>> = { usuarios_email: 'email' };

/** A constraint violation the validation did not foresee, told in the same terms; undefined if it is not one. */
function constraintIssue(err: unknown): ImportError | undefined {
  if (!(err instanceof pg.DatabaseError) || !err.code?.startsWith('23')) return undefined;
  const collection = TABLE_COLLECTIONS[err.table ?? ''];
  if (collection === undefined) return undefined;
  const detail = err.detail === undefined ? '' : ` (${err.detail})`;
  return new ImportError([
    { collection, index: null, field: err.column ?? CONSTRAINT_FIELDS[err.constraint ?? ''] ?? '', message: `${err.message}${detail}` },
  ]);
}

function counts(dataset: Dataset): Record<string, number> {
  return Object.fromEntries(COLLECTIONS.flatMap((name) => (dataset[name] === undefined ? [] : [[name, dataset[name].length]])));
}

/**
 * Loads a data set (docs/dataset-format.md): validates all of it, creates the schema
 * if needed, then upserts every record by id. Companies and users go to the central database;
 * every other record to its company's tenant database (ADR 0006), or the central one for a
 * company placed nowhere (a company the file creates starts there). An invalid file or a failed
 * write leaves every database as it was. Throws ImportError naming what is wrong.
 *
 * All or nothing across databases: one transaction per database involved, all opened before
 * the first write, and committed only once every write succeeded, tenant databases first and
 * the central one last (it holds the directory locks, see lockTenantRoutes). Without two-phase
 * commit there is a short window: if a database fails between those COMMITs (after a tenant
 * committed, before the central or another tenant did), the databases already committed keep
 * the new records and the others do not. Running the same import again completes it, since
 * records are upserted by id.
 */
export async function importDataset(
  pool: pg.Pool,
  input: unknown,
  options: ImportOptions = {},
): Promise<{ imported: Record<string, number> }> {
  const validation = validateDataset(input);
  if (!validation.ok) throw new ImportError(validation.errors);
  const { dataset } = validation;
  await migrate(pool, ['central', 'tenant']);
  // Hashing is slow by design: done before the transaction, which holds locks (and, on the
  // embedded store, the only session) until it ends.
  const usuarios = dataset.usuarios && (await withHashedPasswords(dataset.usuarios));
  const imported = counts(dataset);
  const total = Object.values(imported).reduce((sum, n) => sum + n, 0);
  let done = 0;
  const progress = (written: number) => options.onProgress?.((done += written), total);
  const client = await pool.connect();
  const tenants: TenantTransaction[] = [];
  let broken = false;
  try {
    await client.query('BEGIN');
    const issues = checkAgainstStored(dataset, await loadStoredFacts(client, dataset));
    if (issues.length > 0) throw new ImportError(issues);
    const split = splitByDatabase({ ...dataset, usuarios }, await lockTenantRoutes(client, dataset));
    for (const { ref } of split.tenants.values()) tenants.push(await beginTenantTransaction(ref));
    await writeDataset(client, split.central, progress);
    for (const tenant of tenants) await writeDataset(tenant.client, split.tenants.get(tenant.name)?.dataset ?? {}, progress);
    for (const tenant of tenants) {
      await tenant.client.query('COMMIT');
      tenant.committed = true;
    }
    await client.query('COMMIT');
    return { imported };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    await Promise.all(
      tenants
        .filter((t) => !t.committed)
        .map((t) =>
          t.client.query('ROLLBACK').then(
            () => t.end(false),
            () => t.end(true),
          ),
        ),
    );
    throw constraintIssue(err) ?? err;
  } finally {
    client.release(broken);
    await Promise.all(tenants.filter((t) => t.committed).map((t) => t.end(false)));
  }
}
