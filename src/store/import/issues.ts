/** One problem found in a data set, located well enough for a person to fix the file. */
export interface ImportIssue {
  collection: string;
  /** The record's position in its collection's array; null when the problem is not one record's. */
  index: number | null;
  /** Path inside the record, such as `itens[2].subtotal` or `endereco.cidade`; '' for the whole record. */
  field: string;
  message: string;
}

// Past this many, a broken file only repeats itself and the list stops being readable.
export const MAX_ISSUES = 100;

/** Collects issues up to MAX_ISSUES. */
export class IssueList {
  readonly items: ImportIssue[] = [];

  get full(): boolean {
    return this.items.length >= MAX_ISSUES;
  }

  add(issue: ImportIssue): void {
    if (!this.full) this.items.push(issue);
  }
}

/** `<collection>[<index>].<field>: <message>`, leaving out the parts an issue does not have. */
export function describeIssue(issue: ImportIssue): string {
  const index = issue.index === null ? '' : `[${issue.index}]`;
  const field = issue.field === '' ? '' : `.${issue.field}`;
  const where = `${issue.collection}${index}${field}`;
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}
