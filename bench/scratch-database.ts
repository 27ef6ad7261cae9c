/**
 * A bench's own PostgreSQL database (bench:webhooks, bench:request-log): made fresh for a run, so
 * that nothing of an earlier run shapes this one, and dropped after it unless the run keeps it.
 */
import pg from 'pg';
import { HOST } from './processes.ts';

const ADMIN_URL = `postgres://postgres@${HOST}:5432/postgres`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  url: string;
  /** Drops the database if it is there (open connections included), then creates it empty. */
  fresh(): Promise<void>;
  drop(): Promise<void>;
}

export function scratchDatabase(name: string): ScratchDatabase {
  const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return {
    url: `postgres://postgres@${HOST}:5432/${name}`,
    async fresh() {
      await drop();
      await admin(`CREATE DATABASE ${name}`);
    },
    drop,
  };
}
