import type { Config } from '../config/config.ts';
import type { Limiter } from './limiter.ts';
import { MemoryLimiter } from './memory-limiter.ts';
import type { LimiterLog } from './redis-limiter.ts';

/** Windows shared in Redis when REDIS_URL is set (ADR 0005), else in this process. */
export async function createLimiter(config: Pick<Config, 'redisUrl'>, logger: LimiterLog): Promise<Limiter> {
  if (config.redisUrl === undefined) return new MemoryLimiter();
  // Loaded only when used: ioredis costs a process ~20 MiB of memory it would never use otherwise.
  const { RedisLimiter } = await import('./redis-limiter.ts');
  // An unreachable Redis does not stop the start: the limiter begins on per-instance windows.
  return new RedisLimiter({ url: config.redisUrl, logger }).connect();
}
