import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// Canonical 8-4-4-4-12 hex form, any version, either case (D34).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Echoes a caller's valid UUID, otherwise makes a new one (D34). */
export function requestIdFor(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && UUID.test(sent) ? sent : randomUUID();
}
