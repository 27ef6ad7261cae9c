import type pg from 'pg';
import { sharedKeyReader } from '../central-keys.ts';

/** The cursor signing key of the central database (central migration 0003), the same for every instance. */
export const cursorKeyReader = (pool: pg.Pool): (() => Promise<Buffer>) => sharedKeyReader(pool, 'feed_cursor_key');
