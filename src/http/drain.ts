import net from 'node:net';
import type http from 'node:http';

/**
 * How long a connection must have been idle — no request under way, no byte of a next one read —
 * before a draining server closes it. HTTP/1.1 has no GOAWAY: a server can only close an idle
 * connection at a moment of its choosing, and a client that sent a request on it at that moment
 * is reset with no answer (it cannot tell whether the request was processed). A connection in
 * use is never closed that way: its next answer carries `Connection: close`, after which Node
 * ends it. So only connections idle for a while are closed, where a request racing the close is
 * unlikely — and short enough that `npm start` + Ctrl+C with a browser tab open (its idle
 * kept-alive connections) still stops in about a second.
 */
export const DRAIN_IDLE_CLOSE_MS = 1000;
/** How often a draining server looks for connections idle that long. */
const IDLE_SWEEP_MS = 100;

interface Connection {
  /** requests read on it whose response has not closed yet */
  busy: number;
  /** when it last became idle (accepted, or its last response closed), performance.now() */
  idleSince: number;
  /** its bytesRead then: more read since means a next request has begun */
  bytesAtIdle: number;
}

/**
 * The server's side of a graceful stop, at the transport: it follows every connection of the
 * HTTP server (requests under way, idle since when) and drains them so that no request the
 * server read goes unanswered (issue 19).
 *
 * - `start()`: draining. Every answer from then on — and every answer under way whose headers
 *   are not written yet — carries `Connection: close`, so the client learns before it reuses the
 *   connection; readiness (`/readyz`) reads `draining` and fails, so a balancer stops sending.
 *   The listener stays open: a client still sent here is answered.
 * - `closeListener()`: no new connections. Closed as `net.Server` closes, not `http.Server`: Node's
 *   http close (≥ 19) first destroys every idle kept-alive connection, and a client that has just
 *   written a request on one gets a reset with zero bytes — even a connection just accepted counts
 *   as idle until its request is parsed. Here connections in use close after their answer and
 *   idle ones once idle for DRAIN_IDLE_CLOSE_MS; resolves when the last one has closed.
 * - `cutAll()`: past the grace period, every connection left is destroyed.
 *
 * Set here rather than in a Fastify hook, `Connection: close` is on every answer the server
 * writes: those Fastify makes outside its hooks (a URL the router refuses) and the requests
 * already past the hooks when the drain starts.
 */
export class Drain {
  #draining = false;
  #server: http.Server | undefined;
  readonly #connections = new Map<net.Socket, Connection>();
  /** responses whose headers may not be written yet */
  readonly #responses = new Set<http.ServerResponse>();
  #sweep: NodeJS.Timeout | undefined;

  /** true once a stop has begun */
  get draining(): boolean {
    return this.#draining;
  }

  /** Follows the server's connections and requests; before it listens. */
  attach(server: http.Server): void {
    this.#server = server;
    server.on('connection', (socket: net.Socket) => {
      this.#connections.set(socket, { busy: 0, idleSince: performance.now(), bytesAtIdle: socket.bytesRead });
      socket.once('close', () => this.#connections.delete(socket));
    });
    // Before the app's own listener, so the count and the header are in place before any answer.
    server.prependListener('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      const connection = this.#connections.get(request.socket);
      if (connection !== undefined) connection.busy++;
      if (this.#draining) response.setHeader('connection', 'close');
      this.#responses.add(response);
      response.once('close', () => {
        this.#responses.delete(response);
        if (connection === undefined) return;
        connection.busy--;
        connection.idleSince = performance.now();
        connection.bytesAtIdle = request.socket.bytesRead;
      });
    });
  }

  /** Draining from now on: Connection: close on every answer, readiness fails. */
  start(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const response of this.#responses) if (!response.headersSent) response.setHeader('connection', 'close');
  }

  /** Stops accepting connections; resolves once every connection has closed. */
  closeListener(): Promise<void> {
    const server = this.#server;
    if (server === undefined) return Promise.resolve();
    this.start();
    // Idle connections are left alone while the listener is open (a delay before the stop): a
    // client may still use one, and is told Connection: close. From now on they are closed.
    // Both the close of the listener and each look for idle connections run from setImmediate,
    // right after the event loop's poll phase: once Node has accepted the connections the kernel
    // had queued and read the requests that had arrived. From a timer, after the loop was busy
    // (a long query of the embedded store, a loaded machine), they would run first, and reset a
    // connection queued meanwhile, or close one whose request was waiting unread.
    this.#sweep ??= setInterval(() => setImmediate(() => this.#closeIdle()), IDLE_SWEEP_MS).unref();
    return new Promise((resolve) => {
      setImmediate(() => {
        net.Server.prototype.close.call(server, () => {
          clearInterval(this.#sweep);
          resolve();
        });
        this.#closeIdle();
      });
    });
  }

  /** Destroys every connection still open. */
  cutAll(): void {
    for (const socket of this.#connections.keys()) socket.destroy();
  }

  /** Connections open now. */
  get open(): number {
    return this.#connections.size;
  }

  #closeIdle(): void {
    const now = performance.now();
    for (const [socket, connection] of this.#connections) {
      if (connection.busy > 0) continue;
      if (socket.bytesRead !== connection.bytesAtIdle) {
        // A next request has begun and is not read whole yet: not idle. Once read, it is answered
        // with Connection: close; should the client stall, it is idle again after as long.
        connection.idleSince = now;
        connection.bytesAtIdle = socket.bytesRead;
      } else if (now - connection.idleSince >= DRAIN_IDLE_CLOSE_MS) {
        socket.destroy();
      }
    }
  }
}
