import http from 'node:http';
import type { Socket } from 'node:net';

/**
 * A small closed-loop HTTP load on raw node:http, for watching what clients see while a server
 * stops: each request's outcome is recorded with the bytes its socket received, so a reset with
 * no answer at all (the client cannot tell whether the request was processed) is told apart from
 * a refused connection (the request was never sent) and from an answer cut midway.
 */

export interface Outcome {
  kind: 'keep-alive' | 'fresh';
  path: string;
  /** when the request was started, `performance.now()` */
  startedAt: number;
  /** sent on a kept-alive socket that had already carried a request */
  reused: boolean;
  /** the whole answer was read: status, headers and the full body */
  complete: boolean;
  status?: number;
  /** the answer's `Connection` header */
  connection?: string;
  /** the error's code (ECONNRESET, ECONNREFUSED, EPIPE…) when there was no complete answer */
  error?: string;
  /** bytes the socket received for this request before it completed or failed */
  bytes: number;
}

function send(url: URL, path: string, agent: http.Agent | false, headers: Record<string, string>, kind: Outcome['kind']): Promise<Outcome> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    let socket: Socket | undefined;
    let bytesBefore = 0;
    let settled = false;
    const received = () => (socket === undefined ? 0 : socket.bytesRead - bytesBefore);
    const settle = (outcome: Omit<Outcome, 'kind' | 'path' | 'startedAt' | 'reused' | 'bytes'>) => {
      if (settled) return;
      settled = true;
      resolve({ kind, path, startedAt, reused: request.reusedSocket, bytes: received(), ...outcome });
    };
    const request = http.request({ host: url.hostname, port: url.port, path, agent, headers });
    request.on('socket', (s: Socket) => {
      socket = s;
      bytesBefore = s.bytesRead;
    });
    request.on('response', (res) => {
      res.resume();
      const seen = { status: res.statusCode ?? 0, ...(res.headers.connection === undefined ? {} : { connection: res.headers.connection }) };
      res.on('end', () => settle({ complete: res.complete, ...seen }));
      res.on('error', (err: NodeJS.ErrnoException) => settle({ complete: false, error: err.code ?? err.message, ...seen }));
      res.on('close', () => settle({ complete: res.complete, ...seen, ...(res.complete ? {} : { error: 'closed mid-answer' }) }));
    });
    request.on('error', (err: NodeJS.ErrnoException) => settle({ complete: false, error: err.code ?? err.message }));
    request.end();
  });
}

export interface LoadOptions {
  url: string;
  /** clients each on one kept-alive connection (an Agent with keepAlive and maxSockets 1) */
  keepAlive: number;
  /** clients opening a new connection for every request */
  fresh: number;
  /** the paths each client asks for in turn */
  paths: string[];
  headers?: Record<string, string>;
}

/** Runs the clients until `stop()`; each finishes the request it is on. */
export function runLoad(options: LoadOptions): { outcomes: Outcome[]; stop(): Promise<Outcome[]> } {
  const url = new URL(options.url);
  const outcomes: Outcome[] = [];
  let stopping = false;
  const agents: http.Agent[] = [];
  const client = async (kind: Outcome['kind'], agent: http.Agent | false, offset: number) => {
    for (let i = offset; !stopping; i++) {
      const outcome = await send(url, options.paths[i % options.paths.length] ?? '/', agent, options.headers ?? {}, kind);
      outcomes.push(outcome);
      // A refused or reset client tries again a little later, not in a busy loop.
      if (!outcome.complete) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const clients = [
    ...Array.from({ length: options.keepAlive }, (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      return client('keep-alive', agent, i);
    }),
    ...Array.from({ length: options.fresh }, (_, i) => client('fresh', false, i)),
  ];
  return {
    outcomes,
    async stop() {
      stopping = true;
      await Promise.all(clients);
      for (const agent of agents) agent.destroy();
      return outcomes;
    },
  };
}

/** The figures of a run: answered, refused, reset with zero bytes, cut midway. */
export function tally(outcomes: Outcome[]) {
  const failed = outcomes.filter((o) => !o.complete);
  const refused = failed.filter((o) => o.error === 'ECONNREFUSED');
  const zeroByteResets = failed.filter((o) => o.error !== 'ECONNREFUSED' && o.bytes === 0);
  return {
    requests: outcomes.length,
    keepAlive: outcomes.filter((o) => o.kind === 'keep-alive').length,
    fresh: outcomes.filter((o) => o.kind === 'fresh').length,
    answered: outcomes.length - failed.length,
    refused: refused.length,
    zeroByteResets: zeroByteResets.length,
    /** of which sent on a kept-alive connection that had carried a request before */
    zeroByteResetsReused: zeroByteResets.filter((o) => o.reused).length,
    /** of which the first request of a new connection */
    zeroByteResetsNew: zeroByteResets.filter((o) => !o.reused).length,
    cutMidAnswer: failed.filter((o) => o.error !== 'ECONNREFUSED' && o.bytes > 0).length,
  };
}
