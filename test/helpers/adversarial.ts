import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { windowState, type Lease, type Limiter, type WindowState } from '../../src/ratelimit/limiter.ts';
import { LocalLeases } from '../../src/ratelimit/local-leases.ts';

/**
 * Shared pieces of the adversarial suites (test/adversarial/, docs/reliability.md "Adversarial
 * suites"). `npm test` runs them at a size that fits the CI budget with fixed seeds;
 * `ADVERSARIAL_LONG=1` runs the long sizes, with the same seeds, as the figures in
 * docs/reliability.md were measured.
 */
export const LONG = process.env.ADVERSARIAL_LONG === '1';

/** The size of a suite: `short` in npm test, `long` behind ADVERSARIAL_LONG=1. */
export const size = (short: number, long: number): number => (LONG ? long : short);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Headers = Record<string, string | string[] | number | undefined>;

/**
 * The six headers the spec puts on every response ("Headers on responses"): checked against the
 * spec's values, not the server's constants. Returns the reasons it fails, empty when it holds.
 */
export function specHeaderProblems(headers: Headers, status?: number, url?: string): string[] {
  // An export's 200 is NDJSON (D48), with the spec's other common headers; its errors are JSON.
  const ndjson = status === 200 && url !== undefined && /\/exportacao(?:\?|$)/.test(url);
  const expected: Record<string, string> = {
    'content-type': ndjson ? 'application/x-ndjson; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  const problems = Object.entries(expected)
    .filter(([name, value]) => headers[name] !== value)
    .map(([name, value]) => `${name}: ${String(headers[name])} (want ${value})`);
  if (!UUID.test(String(headers['x-request-id']))) problems.push(`x-request-id: ${String(headers['x-request-id'])}`);
  return problems;
}

export function assertSpecHeaders(res: { headers: Headers; statusCode?: number; raw?: { req: { url?: string } } }, context = ''): void {
  assert.deepEqual(specHeaderProblems(res.headers, res.statusCode, res.raw?.req.url), [], context);
}

/**
 * An answer with what legitimately differs between two otherwise identical answers blanked out:
 * the request id (body and header), the rate-limit values (D4: the window moves with every
 * request) and the date; the headers themselves stay. Two probes whose normalised answers are
 * equal are indistinguishable.
 */
export function normalised(res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>): {
  status: number;
  headers: Headers;
  body: string;
} {
  const requestId = String(res.headers['x-request-id']);
  const headers: Headers = {};
  for (const [name, value] of Object.entries(res.headers)) {
    // Their values differ, but each must be there (or not) in both answers alike: the request id,
    // the date, and the window's state (X-RateLimit-*, and the IETF RateLimit field that repeats it;
    // RateLimit-Policy is the same for all and compared).
    const varies = name === 'x-request-id' || name === 'date' || name.startsWith('x-ratelimit-') || name === 'ratelimit';
    headers[name] = varies ? '<varies>' : value;
  }
  return { status: res.statusCode, headers, body: res.body.split(requestId).join('<request_id>') };
}

/**
 * A limiter that counts nothing against anyone: suites that send thousands of requests with one
 * credential (isolation, fuzzing) test what the answers hold, not the windows, which have suites
 * of their own (test/adversarial/limits.test.ts).
 */
export class UnlimitedLimiter implements Limiter {
  /** Exports still one at a time per credential: that is not a window. */
  private readonly leases = new LocalLeases();

  async hit(_key: string, limit: number): Promise<WindowState> {
    return windowState(1, limit, Date.now());
  }

  /** Nothing was counted. */
  async refund(): Promise<void> {}

  async lease(key: string, ttlMs: number): Promise<Lease | null> {
    return this.leases.take(key, ttlMs);
  }

  async close(): Promise<void> {}
}

/** The contact fields of a customer (spec "Customer", D13): only with `clientes:contato:ler` and `incluir=contato`. */
export const CONTACT_FIELDS = ['documento', 'emails', 'telefones', 'endereco'] as const;

/** Every key of every object in a JSON value, at any depth. */
export function keysDeep(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysDeep(inner, into);
    }
  }
  return into;
}

/** Seed of the adversarial property runs; FAST_CHECK_SEED replays another one. */
export const ADVERSARIAL_SEED = Number(process.env.FAST_CHECK_SEED ?? 20261124);
