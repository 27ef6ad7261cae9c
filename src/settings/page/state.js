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

/**
 * Whether granting or keeping a scope asks for the password. The page keeps no list of its own:
 * the scope table comes from the server with the credentials (GET /settings/api/credentials).
 */
export function isSensitive(scope) {
  const info = state.scopes.find((s) => s.scope === scope);
  return info !== undefined && info.sensivel === true;
}

export function findCredential(clientId) {
  return state.credentials.find((c) => c.client_id === clientId) || null;
}
