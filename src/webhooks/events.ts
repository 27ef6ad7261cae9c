import { randomFillSync } from 'node:crypto';

export type EventType = 'alteracoes.disponiveis' | 'teste';

const ID_BYTES = 16;
/**
 * Random bytes drawn ahead for event ids, 256 ids at a time: a scan names an event per endpoint
 * and resource, and one call to the system's generator per id was ~2% of a delivery's CPU
 * (profile of bench:webhooks). An id is no secret (it travels in every attempt's header); it
 * only has to be unique, which 16 random bytes from the same generator still are.
 */
const drawn = Buffer.alloc(ID_BYTES * 256);
let next = drawn.length;

/** An event id: unique, the same on every attempt of the event (D53's `webhook-id`). */
export function newEventId(): string {
  if (next === drawn.length) {
    randomFillSync(drawn);
    next = 0;
  }
  const id = drawn.toString('base64url', next, next + ID_BYTES);
  next += ID_BYTES;
  return `evt_${id}`;
}

/**
 * An event's body (D52): thin, it only says which resource's feed to read. A test event names no
 * resource. Written once, when queued: every attempt sends these exact bytes.
 */
export function eventBody(id: string, tipo: EventType, criadoEm: Date, recurso: string | null): string {
  const criado = `${criadoEm.toISOString().slice(0, 19)}Z`;
  return JSON.stringify({ id, tipo, criado_em: criado, dados: recurso === null ? {} : { recurso } });
}
