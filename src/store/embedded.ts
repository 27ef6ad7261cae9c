import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { serveEmbeddedSocket } from './embedded-socket.ts';

/**
 * The embedded store: a PGlite database in DATA_DIR/pgdata, reached through a PostgreSQL
 * wire-protocol socket at DATA_DIR/.s.PGSQL.5432 so that every process — the server, and the
 * operator CLI while a server runs — talks to it with the same `pg` driver. PGlite is a single
 * session; the socket server queues statements and keeps an open transaction exclusive to the
 * connection that began it, which an in-process adapter shared with the CLI could not.
 *
 * Only one process may open the files: the first one "hosts" the store (takes DATA_DIR/.lock
 * and serves the socket); later ones connect to its socket.
 */
export interface EmbeddedHost {
  socketDir: string;
  close(): Promise<void>;
}

export const SOCKET_NAME = '.s.PGSQL.5432';

export function socketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

/** True when a live server already answers on the store's socket. */
export function socketAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR/.lock, clearing one left behind by a process that died. */
function takeLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && pidAlive(holder)) {
        throw new Error(`the embedded store in ${dataDir} is held by process ${holder}`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock the embedded store in ${dataDir}`);
}

export async function hostEmbeddedStore(dataDir: string): Promise<EmbeddedHost> {
  fs.mkdirSync(dataDir, { recursive: true });
  const sock = socketPath(dataDir);
  if (Buffer.byteLength(sock) > 103) {
    throw new Error(`DATA_DIR is too long for a local socket path (${sock}); choose a shorter DATA_DIR`);
  }
  const release = takeLock(dataDir);
  let db: PGlite | undefined;
  try {
    // Loaded here, not at the top: a server on PostgreSQL never loads PGlite (~20 MiB of RSS).
    const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/btree_gin'),
    ]);
    // The extensions the tenant migrations create (0005_search_indexes.sql).
    db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm, btree_gin } });
    const server = await serveEmbeddedSocket(db, sock);
    const opened = db;
    return {
      socketDir: dataDir,
      async close() {
        await server.close();
        await opened.close();
        fs.rmSync(sock, { force: true });
        release();
      },
    };
  } catch (err) {
    await db?.close().catch(() => undefined);
    release();
    throw err;
  }
}
