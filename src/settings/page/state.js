// What the page knows, in memory only: gone with the tab, never in browser storage.

export const state = {
  usuario: null,
  csrf: null,
  credentials: [],
  scopes: [],
  form: null, // { mode: 'create' | 'edit', credential, trigger }
  auditClientId: null,
  auditTrigger: null,
  dialogCredential: null,
  dialogTrigger: null,
};

/** Used only when the API's scope list does not say (it always should). */
const KNOWN_SENSITIVE = ['clientes:contato:ler', 'contas-receber:ler', 'contas-pagar:ler', 'boletos:ler'];

export function isSensitive(scope) {
  const info = state.scopes.find((s) => s.scope === scope);
  return info ? info.sensivel === true : KNOWN_SENSITIVE.includes(scope);
}

export function findCredential(clientId) {
  return state.credentials.find((c) => c.client_id === clientId) || null;
}
