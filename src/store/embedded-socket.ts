import fs from 'node:fs';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The PostgreSQL wire protocol over a Unix socket, in front of the one PGlite session of the
 * embedded store (ADR 0001), so that every process — the server's pool, the operator CLI — talks
 * to it with the `pg` driver.
 *
 * PGlite is ONE backend session; the connections share it. A request's messages must therefore
 * reach it as one unit: node-pg sends Parse/Bind/Describe/Execute/Sync, and the unnamed statement
 * and portal they create live in the session until ReadyForQuery. `@electric-sql/pglite-socket`
 * (0.2.17) queued single messages, so two connections' batches interleaved — measured: 8
 * concurrent token requests gave 401s and 500s ("unnamed prepared statement does not exist"), and
 * statements of the same shape can silently swap their rows (upstream electric-sql/pglite#1046).
 * Here a connection's messages are queued up to a Sync or a simple Query and run together; while
 * that connection holds an open transaction (or has Flushed without a Sync), only its own batches
 * run, so its transaction stays its own.
 */

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Messages after which the backend answers ReadyForQuery: the end of a batch. */
const ENDS_BATCH = new Set(['S', 'Q']);
/** A Flush asks for the answers so far, in the middle of a batch: sent, but the batch stays open. */
const FLUSH = 'H';
const TERMINATE = 'X';
/**
 * A connection that holds the session in an open transaction and sends nothing for this long,
 * while other connections wait, is closed and its transaction rolled back. PGlite is one session:
 * a client that stopped mid-transaction (a hung or stopped CLI process) would otherwise hold every
 * other connection — the server's requests included — for as long as it stays alive. Like
 * PostgreSQL's idle_in_transaction_session_timeout, but only when someone is kept waiting. The
 * server's requests give up after DB_QUERY_TIMEOUT_MS meanwhile (503, D38); after this, they are
 * served again.
 */
export const IDLE_OWNER_MS = 5000;
/** How often an owner already silent that long is looked at again, until someone waits for it. */
const OWNER_RECHECK_MS = 250;

interface Batch {
  connection: Connection;
  bytes: Buffer;
  /** true when the batch leaves the protocol mid-cycle (it ended with a Flush) */
  open: boolean;
}

interface Connection {
  socket: net.Socket;
  /** bytes received and not yet cut into messages */
  buffer: Buffer;
  /** messages received since the last batch boundary */
  pending: Buffer[];
  started: boolean;
  closed: boolean;
  /** when the connection last sent bytes (Date.now()) */
  lastHeard: number;
}

export interface EmbeddedSocketServer {
  close(): Promise<void>;
}

/** The owner of the session while the transaction of a connection that left is rolled back. */
const RELEASING: Connection = { socket: new net.Socket(), buffer: Buffer.alloc(0), pending: [], started: true, closed: true, lastHeard: 0 };

export async function serveEmbeddedSocket(db: PGlite, socketPath: string): Promise<EmbeddedSocketServer> {
  const queue: Batch[] = [];
  let running = false;
  /** the connection the session belongs to until it commits, rolls back or Syncs */
  let owner: Connection | null = null;
  const connections = new Set<Connection>();
  let idleTimer: NodeJS.Timeout | null = null;

  /** Watches the owner of an open transaction while it holds the session (IDLE_OWNER_MS). */
  function watchOwner(): void {
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
    const held = owner;
    if (held === null || held === RELEASING) return;
    const wait = Math.max(0, held.lastHeard + IDLE_OWNER_MS - Date.now());
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (owner !== held || held.closed) return;
      const silent = Date.now() - held.lastHeard >= IDLE_OWNER_MS;
      if (silent && !running && queue.some((b) => b.connection !== held)) close(held);
      else watchOwner();
    }, wait || OWNER_RECHECK_MS);
    idleTimer.unref();
  }

  async function run(batch: Batch): Promise<void> {
    const { socket } = batch.connection;
    await db.runExclusive(() =>
      db.execProtocolRawStream(new Uint8Array(batch.bytes), {
        onRawData: (data) => {
          if (!batch.connection.closed && socket.writable) socket.write(Buffer.from(data));
        },
      }),
    );
    owner = db.isInTransaction() || batch.open ? batch.connection : null;
    watchOwner();
    // It left while its batch ran: what it left open is rolled back now.
    if (batch.connection.closed) release(batch.connection);
  }

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner === null ? 0 : queue.findIndex((b) => b.connection === owner);
        if (index === -1 || queue.length === 0) break;
        const [batch] = queue.splice(index, 1);
        if (batch === undefined) break;
        try {
          await run(batch);
        } catch {
          // The session could not take the batch (not a SQL error: those are answered in the
          // protocol). The connection cannot be trusted to be in step any more: close it.
          close(batch.connection);
        }
      }
    } finally {
      running = false;
    }
  }

  function close(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    connection.socket.destroy();
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.connection === connection) queue.splice(i, 1);
    release(connection);
  }

  /** A connection that leaves with the session in its transaction gives the transaction up. */
  function release(connection: Connection): void {
    if (owner === connection) {
      // Held by no one who can send to it, until the rollback ends: nobody else's batch may run
      // inside the transaction left open. (exec takes PGlite's own lock: not under runExclusive.)
      owner = RELEASING;
      void (db.isInTransaction() ? db.exec('ROLLBACK') : Promise.resolve())
        .catch(() => undefined)
        .finally(() => {
          owner = null;
          void drain();
        });
    }
  }

  function enqueue(connection: Connection, open: boolean): void {
    queue.push({ connection, bytes: Buffer.concat(connection.pending), open });
    connection.pending = [];
    void drain();
  }

  /** Cuts the connection's buffer into messages; a message still incomplete waits for more bytes. */
  function receive(connection: Connection, chunk: Buffer): void {
    connection.lastHeard = Date.now();
    connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
    for (;;) {
      const { buffer } = connection;
      if (!connection.started) {
        // Before the startup message, messages carry no type byte: length, then a code.
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST) {
          connection.socket.write('N'); // no TLS on a local socket
        } else if (code === CANCEL_REQUEST) {
          close(connection); // cancelling is not supported: the statement runs to its end
          return;
        } else {
          connection.started = true;
          connection.pending.push(buffer.subarray(0, length));
          enqueue(connection, false);
        }
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0] ?? 0);
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      connection.buffer = buffer.subarray(length);
      if (type === TERMINATE) {
        // The session is shared: the connection ends, the backend does not.
        close(connection);
        return;
      }
      connection.pending.push(buffer.subarray(0, length));
      if (ENDS_BATCH.has(type)) enqueue(connection, false);
      else if (type === FLUSH) enqueue(connection, true);
    }
  }

  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    const connection: Connection = { socket, buffer: Buffer.alloc(0), pending: [], started: false, closed: false, lastHeard: Date.now() };
    connections.add(connection);
    socket.on('data', (chunk: Buffer) => receive(connection, chunk));
    socket.on('error', () => close(connection));
    socket.on('close', () => close(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    async close() {
      if (idleTimer !== null) clearTimeout(idleTimer);
      for (const connection of [...connections]) close(connection);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
