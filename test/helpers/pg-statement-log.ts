import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that reads what the clients send and records every statement
 * they run: each simple Query, and each Execute with the text of the statement bound to it (a
 * statement prepared by name is parsed once per connection and then only bound, so the proxy
 * remembers each connection's statements by name). Tests point DATABASE_URL at it to prove what a
 * request did — or did not — ask of the database, from outside the server.
 */
export class PgStatementLog {
  /** the text of every statement executed, in order */
  readonly statements: string[] = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<PgStatementLog> {
    let log: PgStatementLog | null = null;
    const server = net.createServer((client) => log?.relay(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    log = new PgStatementLog(server, (server.address() as net.AddressInfo).port);
    return log;
  }

  /** The statements run since `mark` (an earlier `statements.length`). */
  since(mark: number): string[] {
    return this.statements.slice(mark);
  }

  private relay(client: net.Socket, target: { host: string; port: number }): void {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    client.on('end', () => upstream.end());
    const prepared = new Map<string, string>();
    let bound = '';
    let pending = Buffer.alloc(0);
    let started = false;
    const cstrings = (body: Buffer, count: number): string[] => {
      const out: string[] = [];
      let at = 0;
      for (let i = 0; i < count; i++) {
        const end = body.indexOf(0, at);
        out.push(body.subarray(at, end).toString('utf8'));
        at = end + 1;
      }
      return out;
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // The startup message (or an SSL request before it) has no type byte.
          if (pending.length < 4) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code !== 80877103) started = true;
          continue;
        }
        if (pending.length < 5) return;
        const type = String.fromCharCode(pending[0] ?? 0);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        const body = pending.subarray(5, 1 + length);
        pending = pending.subarray(1 + length);
        if (type === 'Q') this.statements.push(cstrings(body, 1)[0] ?? '');
        else if (type === 'P') {
          const [name = '', text = ''] = cstrings(body, 2);
          prepared.set(name, text);
        } else if (type === 'B') bound = prepared.get(cstrings(body, 2)[1] ?? '') ?? '';
        else if (type === 'E') this.statements.push(bound);
      }
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
