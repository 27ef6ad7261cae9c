import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import type { WindowState } from '../../src/ratelimit/limiter.ts';

/**
 * An in-memory limiter with the windows whose keys start with one of `prefixes` lifted (e.g.
 * `token-ip:`): for a file whose every request comes from 127.0.0.1 and whose many token attempts
 * would pass a limit tested on its own in test/oauth. Every other window stays as the server has it.
 */
export function limiterLifting(prefixes: readonly string[]): MemoryLimiter {
  return new (class extends MemoryLimiter {
    override hit(key: string, limit: number): Promise<WindowState> {
      return super.hit(key, prefixes.some((prefix) => key.startsWith(prefix)) ? Number.MAX_SAFE_INTEGER : limit);
    }
  })();
}
