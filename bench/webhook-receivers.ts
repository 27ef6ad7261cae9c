/**
 * The fast receivers of `bench:webhooks` (bench/webhooks.ts), in a child process of their own so
 * that their work is not the bench's: a few HTTP servers on loopback that answer 204 as soon as
 * a request's body has arrived, and record its arrival time with the endpoint (the URL's path)
 * and what the event names (its resource, or `teste`). A sample of endpoints also gets its
 * signature verified with the `standardwebhooks` library, as an integrator's receiver would.
 *
 * Talks to its parent over IPC only:
 *   child → parent  { type: 'ready', ports }                     once listening
 *   parent → child  { type: 'secrets', secrets: { path: secret } } the sample to verify
 *   parent → child  { type: 'dump' }  → { type: 'records', records, verified, failed } (and forgets them)
 *   parent → child  { type: 'stop' }                              closes the servers and exits
 */
import http from 'node:http';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';

/** [endpoint path, resource or 'teste', arrival (ms since the epoch), the event's criado_em (s since the epoch)] */
export type Arrival = [string, string, number, number];

export type ToReceivers = { type: 'secrets'; secrets: Record<string, string> } | { type: 'dump' } | { type: 'stop' };
export type FromReceivers =
  { type: 'ready'; ports: number[] } | { type: 'records'; records: Arrival[]; verified: number; failed: number; failures: string[] };

/** Several servers: one event loop still answers them all, but connections spread over listeners. */
const SERVERS = Number(process.env.BENCH_RECEIVERS ?? 4);

let records: Arrival[] = [];
let verified = 0;
let failed = 0;
let failures: string[] = [];
const verifiers = new Map<string, Webhook>();
/** Sub-millisecond wall clock, comparable with the parent's (same machine, same clock). */
const wallNow = () => performance.timeOrigin + performance.now();

function send(message: FromReceivers): void {
  process.send?.(message);
}

function receive(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = wallNow();
    // Answered first: the sender's timing must not include the bookkeeping below.
    res.writeHead(204).end();
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    try {
      const event = JSON.parse(body) as { tipo: string; criado_em: string; dados: { recurso?: string } };
      records.push([path, event.dados.recurso ?? event.tipo, at, Date.parse(event.criado_em) / 1000]);
    } catch {
      records.push([path, 'unreadable', at, NaN]);
    }
    const verifier = verifiers.get(path);
    if (verifier === undefined) return;
    try {
      verifier.verify(body, req.headers as Record<string, string>);
      verified++;
    } catch (err) {
      failed++;
      if (failures.length < 5) failures.push(`${path}: ${(err as Error).message}`);
    }
  });
}

async function listen(): Promise<{ servers: http.Server[]; ports: number[] }> {
  const servers = Array.from({ length: SERVERS }, () => http.createServer({ keepAliveTimeout: 30_000 }, receive));
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    ),
  );
  return { servers, ports };
}

const { servers, ports } = await listen();
process.on('message', (message: ToReceivers) => {
  if (message.type === 'secrets') {
    for (const [path, secret] of Object.entries(message.secrets)) verifiers.set(path, new Webhook(secret));
  } else if (message.type === 'dump') {
    send({ type: 'records', records, verified, failed, failures });
    records = [];
    verified = 0;
    failed = 0;
    failures = [];
  } else {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    process.disconnect();
  }
});
send({ type: 'ready', ports });
