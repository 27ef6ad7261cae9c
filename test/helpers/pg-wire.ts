import net from 'node:net';

/**
 * A bare PostgreSQL wire-protocol client, for tests that must control how messages are cut and
 * interleaved on the wire (node-pg always writes a whole extended query at once).
 */
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const cstring = (s: string) => Buffer.from(`${s}\0`);
const message = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);

export const wire = {
  parse: (sql: string) => message('P', Buffer.concat([cstring(''), cstring(sql), int16(0)])),
  bind: (value: string) =>
    message(
      'B',
      Buffer.concat([cstring(''), cstring(''), int16(0), int16(1), int32(Buffer.byteLength(value)), Buffer.from(value), int16(0)]),
    ),
  execute: () => message('E', Buffer.concat([cstring(''), int32(0)])),
  sync: () => message('S', Buffer.alloc(0)),
};

export class WireClient {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
  }

  static async connect(socketPath: string): Promise<WireClient> {
    const socket = net.connect(socketPath);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const client = new WireClient(socket);
    const params = Buffer.concat([cstring('user'), cstring('postgres'), cstring('database'), cstring('postgres'), Buffer.from([0])]);
    socket.write(Buffer.concat([int32(params.length + 8), int32(196608), params]));
    await client.untilReady();
    return client;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** The messages up to the next ReadyForQuery: the first column of each DataRow, and any error text. */
  async untilReady(): Promise<{ values: string[]; errors: string[] }> {
    for (;;) {
      const result = this.takeUntilReady();
      if (result !== null) return result;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  private takeUntilReady(): { values: string[]; errors: string[] } | null {
    const values: string[] = [];
    const errors: string[] = [];
    let at = 0;
    while (at + 5 <= this.received.length) {
      const type = String.fromCharCode(this.received[at] ?? 0);
      const length = this.received.readInt32BE(at + 1);
      if (at + 1 + length > this.received.length) return null;
      const body = this.received.subarray(at + 5, at + 1 + length);
      at += 1 + length;
      if (type === 'D') values.push(body.subarray(6, 6 + body.readInt32BE(2)).toString());
      if (type === 'E') errors.push(body.toString().replace(/\0/g, ' '));
      if (type === 'Z') {
        this.received = this.received.subarray(at);
        return { values, errors };
      }
    }
    return null;
  }

  close(): void {
    this.socket.end();
  }
}
