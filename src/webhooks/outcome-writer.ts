import type { Kysely } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';
import { recordFinished, type Finished } from './queue.query.ts';

interface Waiting {
  finished: Finished;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** The most outcomes written by one transaction. */
const MAX_BATCH = 200;

/**
 * Writes the outcomes of finished attempts in groups (ADR 0020, amended): the attempts that end
 * while a group is being written wait and go together in the next, as a database groups commits.
 * One attempt alone is written at once (after the I/O callbacks of the same turn of the event
 * loop, which often end other sends), so a quiet queue waits for nothing; a busy one writes ~one
 * transaction per round trip instead of one per delivery. Each `write` resolves when its own
 * outcome is committed, so the dispatcher's accounting (slots, per-endpoint sends) is unchanged.
 */
export class OutcomeWriter {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly db: Kysely<CentralDatabase>) {}

  /** Writes one outcome: resolves once it is committed with its group. */
  write(finished: Finished): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ finished, resolve, reject });
      this.writing ??= new Promise<void>((started) => setImmediate(started)).then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_BATCH);
      try {
        await recordFinished(
          this.db,
          group.map((w) => w.finished),
        );
        for (const w of group) w.resolve();
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    this.writing = null;
  }
}
