/**
 * A small seeded PRNG (mulberry32) for demo and synthetic data: the same seed always gives
 * the same sequence, on every platform, so generated data sets are reproducible.
 */
export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** true with probability p */
  chance(p: number): boolean;
  /** picks a value with probability proportional to its weight */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** a new array with the items in random order (Fisher-Yates) */
  shuffle<T>(items: readonly T[]): T[];
  /** a string of n random decimal digits */
  digits(n: number): string;
}

/** FNV-1a: turns a label such as "empresa-1/clientes" into a 32-bit seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32 as a Random that can be re-seeded in place: the synthetic generator seeds one per
 * record, and a new object (or closures) per record would cost a third of its time.
 */
export class SeededRandom implements Random {
  private state = 0;

  reseed(seed: number): this {
    this.state = seed >>> 0;
    return this;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`invalid integer range [${min}, ${max}]`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    if (!(total > 0)) throw new RangeError('weights must add up to a positive number');
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    // Floating-point leftovers land on the last entry with a positive weight.
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i] as readonly [T, number];
      if (entry[1] > 0) return entry[0];
    }
    throw new RangeError('weights must add up to a positive number');
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  digits(n: number): string {
    let text = '';
    for (let i = 0; i < n; i++) text += String(this.int(0, 9));
    return text;
  }
}

export function createRandom(seed: number): Random {
  return new SeededRandom().reseed(seed);
}
