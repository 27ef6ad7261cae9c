/**
 * Synthetic data at scale for benchmarks (`seed generate`): any number of companies, with
 * `records` receivables and the other resources sized from it (PER_THOUSAND_RECORDS), spread
 * evenly across the companies, in the import's data-set format. The sandbox data set
 * (demo-dataset/) is the other profile of the same core (core/).
 *
 * Every record is a pure function of (seed, collection, index): its own PRNG is seeded from
 * them, so the same options always give the same records, whatever the chunk size, and a
 * chunk is generated without holding the rest of the data set. Record `i` of a collection
 * belongs to company `i % companies` and has id `SYNTHETIC_ID_BASE + 1 + i`, so a company's
 * records (and what they point at) are found by arithmetic, never by a lookup table
 * (synthetic/plan.ts); the records themselves are made in synthetic/records.ts.
 */
import { COLLECTIONS, type CollectionName, type Dataset } from '../store/import/dataset.ts';
import { makePlan, totalOf, type Plan, type SyntheticOptions } from './synthetic/plan.ts';
import { at, type RecordOf } from './synthetic/records.ts';

export { PER_THOUSAND_RECORDS, SYNTHETIC_ID_BASE, SYNTHETIC_LIMITS, type SyntheticOptions } from './synthetic/plan.ts';

/** Counts of the records `syntheticChunks` yields, by collection. */
export function syntheticTotals(options: SyntheticOptions): Record<CollectionName, number> {
  const plan = makePlan(options);
  return Object.fromEntries(COLLECTIONS.map((name) => [name, totalOf(plan, name)])) as Record<CollectionName, number>;
}

export const DEFAULT_CHUNK_SIZE = 50_000;

function put<K extends CollectionName>(chunk: Dataset, plan: Plan, name: K, start: number, end: number): void {
  const records: RecordOf<K>[] = new Array<RecordOf<K>>(end - start);
  for (let index = start; index < end; index++) records[index - start] = at(plan, name, index);
  // Dataset[K] is exactly an array of RecordOf<K>.
  (chunk as { [P in K]?: RecordOf<K>[] })[name] = records;
}

/**
 * The data set in chunks of at most `chunkSize` records (an order's items ride with it), in
 * the import's collection order: companies first, then what names them; `only` restricts it
 * to some collections. Lazy: only the current chunk exists in memory.
 */
export function* syntheticChunks(
  options: SyntheticOptions,
  chunkSize = DEFAULT_CHUNK_SIZE,
  only?: readonly CollectionName[],
): Generator<Dataset> {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunk size must be a positive integer');
  const plan = makePlan(options);
  let chunk: Dataset = {};
  let size = 0;
  for (const name of COLLECTIONS) {
    if (only !== undefined && !only.includes(name)) continue;
    const total = totalOf(plan, name);
    for (let start = 0; start < total;) {
      const end = Math.min(total, start + chunkSize - size);
      put(chunk, plan, name, start, end);
      size += end - start;
      start = end;
      if (size === chunkSize) {
        yield chunk;
        chunk = {};
        size = 0;
      }
    }
  }
  if (size > 0) yield chunk;
}
