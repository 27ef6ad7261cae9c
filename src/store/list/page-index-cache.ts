import type { Mark } from './list-sql.ts';

/** What a list's page index holds for one version of the data. */
export interface PageIndex {
  /** `data_versions.versao` the index was read at; null when the company has no version row yet */
  versao: number | null;
  total: number;
  /** marks[k] is the sort key of row (k + 1) × every, in the list's order */
  marks: readonly Mark[];
  /** rows per mark: MARK_EVERY, or a multiple of it for a very long list (list-engine.ts) */
  every: number;
}

/**
 * Page indexes of this instance, least recently used first out. Bounded by entries and by marks
 * (a mark is ~100 bytes: the default bound is a few MiB). Holds no secret and nothing another
 * company could reach: keys start with the database and the company.
 */
export class PageIndexCache {
  private readonly entries = new Map<string, PageIndex>();
  private marks = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxMarks = 50_000,
  ) {}

  get(key: string): PageIndex | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, index: PageIndex): void {
    this.delete(key);
    this.entries.set(key, index);
    this.marks += index.marks.length;
    while (this.entries.size > this.maxEntries || this.marks > this.maxMarks) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.marks -= entry.marks.length;
  }

  get size(): number {
    return this.entries.size;
  }
}
