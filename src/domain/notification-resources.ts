import type { Scope } from './scopes.ts';

/**
 * The resources a notification endpoint may follow (D51, D52): each one with a change feed, the
 * scope that reads it and the table whose changes it reports (the feed's log names tables). In
 * the scope catalogue's order, which is the order wherever a list of them is written.
 */
export const NOTIFIABLE_RESOURCES = [
  { recurso: 'clientes', scope: 'clientes:ler', tabela: 'clientes' },
  { recurso: 'ordens-servico', scope: 'os:ler', tabela: 'ordens_servico' },
  { recurso: 'produtos', scope: 'produtos:ler', tabela: 'produtos' },
  { recurso: 'servicos', scope: 'servicos:ler', tabela: 'servicos' },
  { recurso: 'contas-receber', scope: 'contas-receber:ler', tabela: 'contas_receber' },
  { recurso: 'contas-pagar', scope: 'contas-pagar:ler', tabela: 'contas_pagar' },
  { recurso: 'boletos', scope: 'boletos:ler', tabela: 'boletos' },
] as const satisfies readonly { recurso: string; scope: Scope; tabela: string }[];

export type NotifiableResource = (typeof NOTIFIABLE_RESOURCES)[number]['recurso'];

export const isNotifiableResource = (value: string): value is NotifiableResource => NOTIFIABLE_RESOURCES.some((r) => r.recurso === value);

/** The resources a credential with these scopes may follow, in catalogue order. */
export const followableWith = (scopes: readonly string[]): NotifiableResource[] =>
  NOTIFIABLE_RESOURCES.filter((r) => scopes.includes(r.scope)).map((r) => r.recurso);

/** Resources in catalogue order, each once. */
export function sortResources(resources: Iterable<string>): NotifiableResource[] {
  const set = new Set(resources);
  return NOTIFIABLE_RESOURCES.filter((r) => set.has(r.recurso)).map((r) => r.recurso);
}
