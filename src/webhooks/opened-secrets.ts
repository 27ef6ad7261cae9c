import { open } from '../crypto/secret-box.ts';

/** Opened secrets one instance keeps (two per endpoint for a day after a rotation); past it, the longest unused is forgotten. */
const MAX_SECRETS = 10_000;

interface Opened {
  key: Buffer;
  secret: string;
}

/**
 * Endpoints' signing secrets once opened (ADR 0021), so that an endpoint's attempts do not each
 * decrypt the same box: opening one was ~6% of the worker's CPU per delivery (bench:webhooks
 * --profile). An entry is found only by the very bytes of its box and used only with the same key:
 * a rotated secret is a new box, opened afresh, and another key fails as `open` fails. The
 * secrets stay in this process's memory while they are kept here, as each did during its attempts.
 */
export class OpenedSecrets {
  /** by the box's bytes (as latin1 text: one character per byte) */
  private readonly entries = new Map<string, Opened>();

  constructor(
    private readonly max = MAX_SECRETS,
    /** how a box is opened (tests count the calls) */
    private readonly opener: (key: Buffer, box: Buffer) => string = open,
  ) {}

  /** The secret in `box`, opened with `key` (throws SecretBoxError as `open` does). */
  secret(key: Buffer, box: Buffer): string {
    const id = box.toString('latin1');
    const cached = this.entries.get(id);
    if (cached !== undefined && cached.key.equals(key)) {
      // Used now: to the end of the map's order, the last to be forgotten.
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached.secret;
    }
    const secret = this.opener(key, box);
    this.entries.delete(id);
    this.entries.set(id, { key, secret });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return secret;
  }

  clear(): void {
    this.entries.clear();
  }
}
