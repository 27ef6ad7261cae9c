import { randomBytes } from 'node:crypto';

export type EventType = 'alteracoes.disponiveis' | 'teste';

/** An event id: unique, the same on every attempt of the event (D53's `webhook-id`). */
export const newEventId = (): string => `evt_${randomBytes(16).toString('base64url')}`;

/**
 * An event's body (D52): thin, it only says which resource's feed to read. A test event names no
 * resource. Written once, when queued: every attempt sends these exact bytes.
 */
export function eventBody(id: string, tipo: EventType, criadoEm: Date, recurso: string | null): string {
  const criado = `${criadoEm.toISOString().slice(0, 19)}Z`;
  return JSON.stringify({ id, tipo, criado_em: criado, dados: recurso === null ? {} : { recurso } });
}
