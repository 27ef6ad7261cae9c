import fs from 'node:fs';
import net from 'node:net';

/**
 * A forwarder between the app and one of its stores (PostgreSQL, the embedded store's socket,
 * Redis) that a test switches between the ways a network fails, without touching the store:
 *
 * - `pass`: bytes go both ways untouched;
 * - `refuse`: nothing listens any more (new connections are refused) and open ones are cut;
 * - `blackhole`: connections are accepted and read, and nothing ever comes back — a dead host
 *   behind a live load balancer, a partition: the case no socket error reveals. Bytes already on
 *   their way on an open connection are held, not lost (TCP retransmits them once the path heals),
 *   and delivered, in order, when the mode changes back;
 * - `slow`: every chunk, both ways, arrives `delayMs` late (in order).
 *
 * Connections accepted during a black hole stay black holes; switching back to `pass` serves the
 * next connections (the client is expected to have given up on the silent ones).
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole' | 'slow';

export type Endpoint = { host: string; port: number } | { path: string };

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** a connection accepted during a black hole never reaches the store */
  silent: boolean;
}

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  /** what each direction of each open connection holds while black-holed, to deliver later */
  private readonly held = new Map<net.Socket, Buffer[]>();
  private current: ProxyMode = 'pass';
  private delayMs = 0;
  /** TCP port listened on (when `listen` is not a path) */
  port = 0;

  constructor(
    private readonly target: Endpoint,
    /** a Unix socket path to listen on instead of a TCP port of 127.0.0.1 */
    private readonly listenPath?: string,
  ) {}

  get mode(): ProxyMode {
    return this.current;
  }

  /** How many connections are open through the proxy now. */
  get connections(): number {
    return this.pairs.size;
  }

  async open(): Promise<void> {
    await this.setMode('pass');
  }

  async setMode(mode: ProxyMode, options: { delayMs?: number } = {}): Promise<void> {
    this.delayMs = options.delayMs ?? 0;
    this.current = mode;
    if (mode === 'refuse') {
      // Stop accepting first, then cut what is open: server.close() waits for open connections.
      const stopped = this.stopListening();
      for (const pair of [...this.pairs]) destroy(pair);
      await stopped;
      return;
    }
    await this.listen();
    if (mode !== 'blackhole') this.release();
  }

  /** The path healed: what open connections sent meanwhile arrives now. */
  private release(): void {
    for (const [to, chunks] of this.held) {
      this.held.delete(to);
      for (const chunk of chunks) this.deliver(to, chunk);
    }
  }

  async close(): Promise<void> {
    await this.setMode('refuse');
  }

  private async listen(): Promise<void> {
    if (this.server !== null) return;
    const server = net.createServer((client) => this.accept(client));
    if (this.listenPath !== undefined) fs.rmSync(this.listenPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      if (this.listenPath !== undefined) server.listen(this.listenPath, () => resolve());
      else server.listen(this.port, '127.0.0.1', () => resolve());
    });
    if (this.listenPath === undefined) this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private async stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    const pair: Pair = { client, upstream: null, silent: this.current === 'blackhole' };
    this.pairs.add(pair);
    client.on('error', () => destroy(pair));
    client.on('close', () => {
      destroy(pair);
      this.pairs.delete(pair);
    });
    // A silent connection's bytes are read (so the sender's writes succeed) and dropped.
    if (pair.silent) {
      client.on('data', () => undefined);
      return;
    }
    const upstream = 'path' in this.target ? net.connect(this.target.path) : net.connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => destroy(pair));
    upstream.on('close', () => destroy(pair));
    this.forward(client, upstream);
    this.forward(upstream, client);
  }

  /** Copies `from` to `to` as the mode says, at the moment each chunk arrives. */
  private forward(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => {
      const held = this.held.get(to);
      if (this.current === 'blackhole' || held !== undefined) {
        if (held === undefined) this.held.set(to, [chunk]);
        else held.push(chunk);
        return;
      }
      this.deliver(to, chunk);
    });
    to.on('close', () => this.held.delete(to));
  }

  private readonly lastDelivery = new WeakMap<net.Socket, number>();

  private deliver(to: net.Socket, chunk: Buffer): void {
    // Latency, not a throughput limit: each chunk is delayed by delayMs, and never overtakes one
    // still delayed (also after a switch back to `pass`).
    const now = Date.now();
    const at = Math.max(now + (this.current === 'slow' ? this.delayMs : 0), this.lastDelivery.get(to) ?? 0);
    if (at <= now) {
      if (!to.destroyed) to.write(chunk);
      return;
    }
    this.lastDelivery.set(to, at);
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, at - Date.now());
  }
}

function destroy(pair: Pair): void {
  pair.client.destroy();
  pair.upstream?.destroy();
}

/** A PostgreSQL or Redis URL with its host and port replaced by the proxy's. */
export function through(proxy: TcpProxy, url: string): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

/** The host and port a PostgreSQL or Redis URL names (the proxy's target). */
export function endpointOf(url: string, defaultPort: number): Endpoint {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}
