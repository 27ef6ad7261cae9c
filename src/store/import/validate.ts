import { COLLECTIONS, type CollectionName, type Dataset } from './dataset.ts';
import { checkShape, duplicateIds, isPlainObject } from './checks.ts';
import { IssueList, type ImportIssue } from './issues.ts';
import { RULES } from './rules.ts';

export type { ImportIssue } from './issues.ts';

export type ValidationResult = { ok: true; dataset: Dataset } | { ok: false; errors: ImportIssue[] };

function isCollectionName(key: string): key is CollectionName {
  return (COLLECTIONS as readonly string[]).includes(key);
}

function checkRecords(name: CollectionName, records: readonly unknown[], issues: IssueList): void {
  const { shape, refine } = RULES[name];
  for (let index = 0; index < records.length && !issues.full; index++) {
    const report = (field: string, message: string) => issues.add({ collection: name, index, field, message });
    const record = records[index];
    if (checkShape(record, shape, '', report)) refine?.(record, report);
  }
  // Ids are unique per collection across all companies (docs/dataset-format.md), so upserts by id are unambiguous.
  for (const { index, id, first } of duplicateIds(records)) {
    issues.add({ collection: name, index, field: 'id', message: `duplicate id ${id} (also at index ${first})` });
  }
}

/** Sign-in is by e-mail, so among live users an e-mail (case-insensitive) names one user. */
function checkLiveEmails(usuarios: readonly unknown[], issues: IssueList): void {
  const owners = new Map<string, number>();
  usuarios.forEach((usuario, index) => {
    if (!isPlainObject(usuario) || usuario.excluido === true || typeof usuario.email !== 'string') return;
    const key = usuario.email.toLowerCase();
    const first = owners.get(key);
    if (first === undefined) owners.set(key, index);
    else issues.add({ collection: 'usuarios', index, field: 'email', message: `e-mail already used by usuarios[${first}]` });
  });
}

/**
 * Checks a parsed data-set file completely, without touching a database, and reports every
 * problem found (up to MAX_ISSUES). What needs the database — whether a company exists and
 * its status catalogue — is checked by stored-facts.ts.
 */
export function validateDataset(input: unknown): ValidationResult {
  const issues = new IssueList();
  if (!isPlainObject(input)) {
    issues.add({ collection: '', index: null, field: '', message: 'the data set must be a JSON object' });
    return { ok: false, errors: issues.items };
  }
  for (const key of Object.keys(input)) {
    if (!isCollectionName(key)) {
      issues.add({ collection: key, index: null, field: '', message: `unknown collection (expected one of: ${COLLECTIONS.join(', ')})` });
    }
  }
  for (const name of COLLECTIONS) {
    const records = input[name];
    if (records === undefined) continue;
    if (!Array.isArray(records)) {
      issues.add({ collection: name, index: null, field: '', message: 'must be an array of records' });
      continue;
    }
    checkRecords(name, records, issues);
    if (name === 'usuarios') checkLiveEmails(records, issues);
  }
  if (issues.items.length > 0) return { ok: false, errors: issues.items };
  // Every collection present was checked against its shape above.
  return { ok: true, dataset: input as Dataset };
}
