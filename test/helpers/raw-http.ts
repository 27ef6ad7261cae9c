import net from 'node:net';

/** An HTTP/1.1 answer as read off a raw socket: status, headers (names lower-cased) and body. */
export interface RawHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first answer in `data`, the body cut at its Content-Length (bytes, not characters). */
export function parseRawAnswer(data: string): RawHttpAnswer {
  const end = data.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = data.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = Buffer.from(data.slice(end + 4))
    .subarray(0, length)
    .toString();
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** A raw answer, and whether the server closed the connection after it. */
export interface RawHttpExchange extends RawHttpAnswer {
  /** the server closed the connection (false: the client gave up waiting) */
  closed: boolean;
}

/**
 * Writes `request` in one go on a new connection to the loopback `port` and reads until the server
 * closes it, or `giveUpMs` pass. Rejects when the server closes without a byte of answer.
 */
export function sendRaw(port: number, request: string | Buffer, giveUpMs = 3000): Promise<RawHttpExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ ...parseRawAnswer(data), closed: false });
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      if (data === '') reject(new Error('the server closed the connection without an answer'));
      else resolve({ ...parseRawAnswer(data), closed: true });
    });
  });
}
