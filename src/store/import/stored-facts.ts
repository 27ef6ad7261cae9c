import type pg from 'pg';
import { COLLECTIONS, type Dataset } from './dataset.ts';
import { IssueList, type ImportIssue } from './issues.ts';
import { STANDARD_OS_STATUS } from '../../domain/ordem-servico.ts';

/**
 * What a data set's validity depends on beyond the file itself: the companies it names but
 * does not carry, and the e-mails of live users it does not carry. Loaded in the import's
 * transaction; judged by a pure function so the rules are testable without a database.
 */
export interface StoredFacts {
  /** Companies in the database that records name but the file lacks, with their status catalogue. */
  empresas: ReadonlyMap<number, readonly string[]>;
  /** Lower-cased e-mail -> id of the live user in the database (and not in the file) who has it. */
  emails: ReadonlyMap<string, number>;
}

const OWNED_COLLECTIONS = COLLECTIONS.filter((name) => name !== 'empresas');

function namedCompanies(dataset: Dataset): number[] {
  const inFile = new Set((dataset.empresas ?? []).map((empresa) => empresa.id));
  const named = new Set<number>();
  for (const name of OWNED_COLLECTIONS) {
    for (const record of dataset[name] ?? []) if (!inFile.has(record.empresa_id)) named.add(record.empresa_id);
  }
  return [...named];
}

function liveEmails(dataset: Dataset): string[] {
  return (dataset.usuarios ?? []).flatMap((u) => (u.excluido !== true && typeof u.email === 'string' ? [u.email.toLowerCase()] : []));
}

export async function loadStoredFacts(db: pg.ClientBase, dataset: Dataset): Promise<StoredFacts> {
  const empresas = await db.query<{ id: number; status_personalizados: string[] }>(
    'SELECT id, status_personalizados FROM empresas WHERE id = ANY($1::bigint[])',
    [namedCompanies(dataset)],
  );
  const emails = await db.query<{ id: number; email: string }>(
    `SELECT id, lower(email) AS email FROM usuarios
      WHERE NOT excluido AND email IS NOT NULL AND lower(email) = ANY($1::text[]) AND NOT (id = ANY($2::bigint[]))`,
    [liveEmails(dataset), (dataset.usuarios ?? []).map((u) => u.id)],
  );
  return {
    empresas: new Map(empresas.rows.map((row) => [row.id, row.status_personalizados])),
    emails: new Map(emails.rows.map((row) => [row.email, row.id])),
  };
}

/** The catalogue each company will have once the file is imported: the file's wins over the database's. */
function catalogues(dataset: Dataset, stored: StoredFacts): Map<number, ReadonlySet<string>> {
  const result = new Map<number, ReadonlySet<string>>();
  for (const [id, custom] of stored.empresas) result.set(id, new Set([...STANDARD_OS_STATUS, ...custom]));
  for (const empresa of dataset.empresas ?? []) {
    result.set(empresa.id, new Set([...STANDARD_OS_STATUS, ...(empresa.status_personalizados ?? [])]));
  }
  return result;
}

/** Issues of a validated data set against the database's facts: unknown companies, statuses (D14), taken e-mails. */
export function checkAgainstStored(dataset: Dataset, stored: StoredFacts): ImportIssue[] {
  const issues = new IssueList();
  const statuses = catalogues(dataset, stored);
  for (const name of OWNED_COLLECTIONS) {
    (dataset[name] ?? []).forEach((record, index) => {
      if (statuses.has(record.empresa_id)) return;
      issues.add({
        collection: name,
        index,
        field: 'empresa_id',
        message: `company ${record.empresa_id} is neither in the file's empresas nor in the database`,
      });
    });
  }
  (dataset.ordens_servico ?? []).forEach((ordem, index) => {
    const allowed = statuses.get(ordem.empresa_id);
    if (allowed === undefined || allowed.has(ordem.status)) return;
    issues.add({
      collection: 'ordens_servico',
      index,
      field: 'status',
      message: `"${ordem.status}" is neither a standard status nor in company ${ordem.empresa_id}'s status_personalizados`,
    });
  });
  (dataset.usuarios ?? []).forEach((usuario, index) => {
    const owner =
      usuario.excluido === true || typeof usuario.email !== 'string' ? undefined : stored.emails.get(usuario.email.toLowerCase());
    if (owner === undefined) return;
    issues.add({ collection: 'usuarios', index, field: 'email', message: `e-mail already used by live user ${owner} in the database` });
  });
  return issues.items;
}
