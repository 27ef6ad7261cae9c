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
