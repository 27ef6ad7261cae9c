// What the page knows, in memory only: gone with the tab, never in browser storage.
//
// The shapes the page reads from the JSON API (docs/settings-api.md) and keeps here, as JSDoc
// types (tsconfig.pages.json type-checks the page). Other modules name them with a JSDoc
// `@import` tag, which loads nothing at run time.

/**
 * The signed-in user (docs/settings-api.md, `usuario`).
 * @typedef {object} Usuario
 * @property {number} id
 * @property {string | null} nome
 * @property {string | null} email
 * @property {{ id: number, nome: string }} empresa
 * @property {boolean} api_externa whether the user may see and manage the credentials
 */

/**
 * `GET` and `POST /settings/api/session`: the user and the session's CSRF token.
 * @typedef {object} SessionAnswer
 * @property {Usuario} usuario
 * @property {string} csrf_token
 */

/** @typedef {'active' | 'expired' | 'revoked'} CredentialStatus */

/**
 * What every credential has (docs/settings-api.md, `Credential`): never a secret.
 * @typedef {object} CredentialFields
 * @property {string} client_id
 * @property {string} name
 * @property {string[]} scopes
 * @property {string[]} allowed_ips
 * @property {CredentialStatus} status
 * @property {string} created_at
 * @property {{ id: number, nome: string | null } | null} created_by null: created by the operator
 * @property {string | null} last_used_at
 * @property {string | null} last_used_ip
 * @property {'client_secret_basic' | 'private_key_jwt'} auth_method a secret, or the integrator's public key
 * @property {string | null} key_thumbprint the public key's RFC 7638 thumbprint (key credentials only)
 */

/**
 * A credential. `expires` is its last valid day (`YYYY-MM-DD`) or null for none, and
 * `expires_soon` is true only for a credential that has one within 7 days
 * (src/settings/credential-view.ts).
 * @typedef {CredentialFields & ({ expires: string, expires_soon: true } | { expires: string | null, expires_soon: false })} Credential
 */

/**
 * A scope as its checkbox shows it (docs/settings-api.md, `ScopeInfo`).
 * @typedef {object} ScopeInfo
 * @property {string} scope
 * @property {string} recurso the pt-BR name of the resource it reads
 * @property {string} descricao
 * @property {boolean} sensivel granting or keeping it asks for the user's current password
 */

/**
 * `GET /settings/api/credentials`.
 * @typedef {object} CredentialsAnswer
 * @property {Credential[]} credentials
 * @property {ScopeInfo[]} scopes
 */

/**
 * `PATCH /settings/api/credentials/{client_id}` (and revoke).
 * @typedef {object} CredentialAnswer
 * @property {Credential} credential
 */

/**
 * `POST /settings/api/credentials` (201): the only time the new credential's secret is shown.
 * @typedef {object} CreatedAnswer
 * @property {Credential} credential
 * @property {string} [client_secret] absent for a key credential (`public_key` given), which has none
 */

/**
 * `POST /settings/api/credentials/{client_id}/rotate`: the new secret, shown once.
 * @typedef {object} RotatedAnswer
 * @property {string} client_id
 * @property {string} client_secret
 */

/**
 * The body of a create (every field) or an edit (only the fields that changed).
 * @typedef {object} CredentialBody
 * @property {string} [name]
 * @property {string[]} [scopes]
 * @property {string[]} [allowed_ips]
 * @property {string | null} [expires]
 * @property {string} [senha_atual] when the credential has or gains a sensitive scope
 * @property {string} [public_key] on create only: the integrator's public key, for a key credential
 */

/**
 * Who did something to a credential (docs/settings-api.md, `AuditEvent`).
 * @typedef {object} AuditActor
 * @property {'operator' | 'usuario' | 'anonimo'} type
 * @property {number | null} id
 * @property {string | null} nome
 */

/**
 * One entry of a credential's audit trail.
 * @typedef {object} AuditEvent
 * @property {number} id
 * @property {string} action e.g. `credential.update`
 * @property {AuditActor} actor
 * @property {string | null} ip
 * @property {Record<string, unknown>} details what changed, never a secret
 * @property {string} created_at
 */

/**
 * `GET /settings/api/credentials/{client_id}/audit`, newest first.
 * @typedef {object} AuditAnswer
 * @property {AuditEvent[]} events
 */

/**
 * One item of an error's `detalhes`: the field (`campo`) and what is wrong with it.
 * @typedef {object} ApiErrorDetail
 * @property {string} campo
 * @property {string} mensagem
 */

/**
 * The error envelope's `erro` (docs/settings-api.md).
 * @typedef {object} ApiError
 * @property {string} codigo
 * @property {string} mensagem
 * @property {ApiErrorDetail[]} [detalhes]
 * @property {string} [request_id]
 */

/**
 * Where focus goes back to: an element, or else a credential's row button (`action`, `clientId`).
 * @typedef {object} FocusTarget
 * @property {HTMLElement | null} [element]
 * @property {string} [action]
 * @property {string} [clientId]
 */

/**
 * The open create or edit form: edit always has its credential, create never does.
 * @typedef {{ mode: 'create', credential: null, trigger: HTMLElement } | { mode: 'edit', credential: Credential, trigger: HTMLElement }} FormState
 */

/** @typedef {'ativo' | 'pausado' | 'desativado_por_falhas'} WebhookStatus */

/**
 * A notification endpoint of a credential (docs/settings-api.md, `Webhook`): never its secret.
 * @typedef {object} Webhook
 * @property {number} id
 * @property {string} client_id
 * @property {string} url
 * @property {string[]} resources the resources it follows (`clientes`, `ordens-servico`…)
 * @property {WebhookStatus} status
 * @property {string | null} reason why it was disabled (`desativado_por_falhas`), else null
 * @property {string} created_at
 * @property {string} updated_at
 */

/**
 * `GET /settings/api/credentials/{client_id}/webhooks`.
 * @typedef {object} WebhooksAnswer
 * @property {Webhook[]} webhooks
 * @property {string[]} resources what this credential's scopes let its endpoints follow
 */

/**
 * `POST .../webhooks` (201), the only time the endpoint's secret is shown.
 * @typedef {object} WebhookCreatedAnswer
 * @property {Webhook} webhook
 * @property {string} secret
 */

/**
 * `POST .../webhooks/{id}/rotate-secret`: the new secret, shown once.
 * @typedef {object} WebhookRotatedAnswer
 * @property {number} id
 * @property {string} secret
 * @property {string} [previous_valid_until] until when the previous secret signs too
 */

/**
 * One line of an endpoint's delivery log (`GET .../webhooks/{id}/deliveries`), newest first.
 * @typedef {object} Delivery
 * @property {string} at
 * @property {string} event_id
 * @property {string} tipo
 * @property {number} attempt
 * @property {number | null} http_status
 * @property {string | null} error
 * @property {number} duration_ms
 */

/**
 * @typedef {object} DeliveriesAnswer
 * @property {Delivery[]} deliveries
 */

/**
 * The notifications panel, while open: whose endpoints it shows, and which endpoint's log.
 * @typedef {object} WebhooksPanel
 * @property {Credential} credential
 * @property {Webhook[]} webhooks
 * @property {string[]} resources
 * @property {number | null} logId the endpoint whose delivery log is shown
 * @property {FocusTarget | null} trigger
 */

/**
 * @typedef {object} PageState
 * @property {Usuario | null} usuario
 * @property {string | null} csrf
 * @property {Credential[]} credentials
 * @property {ScopeInfo[]} scopes
 * @property {FormState | null} form
 * @property {string | null} auditClientId
 * @property {FocusTarget | null} auditTrigger
 * @property {Credential | null} dialogCredential
 * @property {FocusTarget | null} dialogTrigger
 * @property {WebhooksPanel | null} webhooks the open notifications panel
 * @property {Webhook | null} dialogWebhook the endpoint an open dialog acts on
 */

/** @type {PageState} */
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
  webhooks: null,
  dialogWebhook: null,
};

/**
 * A scope's entry in the scope table. The page keeps no list of its own: the table comes from
 * the server with the credentials (GET /settings/api/credentials).
 * @param {string} scope
 * @returns {ScopeInfo | undefined}
 */
function scopeInfo(scope) {
  return state.scopes.find((s) => s.scope === scope);
}

/**
 * Whether granting or keeping a scope asks for the password.
 * @param {string} scope
 * @returns {boolean}
 */
export function isSensitive(scope) {
  const info = scopeInfo(scope);
  return info !== undefined && info.sensivel === true;
}

/**
 * A scope's name in words: what the form heads its checkbox with (`recurso`), so that the list and
 * the form say the same; the code itself for a scope the table does not know.
 * @param {string} scope
 * @returns {string}
 */
export function scopeLabel(scope) {
  const info = scopeInfo(scope);
  return info === undefined ? scope : info.recurso;
}

/**
 * @param {string} clientId
 * @returns {Credential | null}
 */
export function findCredential(clientId) {
  return state.credentials.find((c) => c.client_id === clientId) || null;
}
