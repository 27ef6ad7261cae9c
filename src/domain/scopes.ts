/**
 * The scope catalogue (spec "Authentication", item 8), in the stable order used wherever a list
 * of scopes is written (token responses, CLI output: D26).
 */
export const SCOPES = [
  'clientes:ler',
  'clientes:contato:ler',
  'os:ler',
  'produtos:ler',
  'servicos:ler',
  'contas-receber:ler',
  'contas-pagar:ler',
  'boletos:ler',
] as const;

export type Scope = (typeof SCOPES)[number];

/** Scopes whose grant or change needs the administrator's current password. */
export const SENSITIVE_SCOPES: ReadonlySet<Scope> = new Set<Scope>([
  'clientes:contato:ler',
  'contas-receber:ler',
  'contas-pagar:ler',
  'boletos:ler',
]);

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes in catalogue order, each once. */
export function sortScopes(scopes: Iterable<string>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}
