// The company's credentials: the table with each one's actions, and the banner naming those
// about to expire.
import { byId, el } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { COPY_BY_HAND, copyText } from './clipboard.js';
import { badge } from './dom.js';
import { formatDate, formatDateTime, statusLabel, whenLeft } from './format.js';
import { handleCommonFailure } from './session.js';
import { isSensitive, scopeLabel, state } from './state.js';
/** @import { Credential, CredentialsAnswer } from './state.js' */
import { toast } from './toast.js';

export async function reloadCredentials() {
  try {
    const data = /** @type {CredentialsAnswer} */ (await api('GET', '/credentials'));
    state.credentials = Array.isArray(data.credentials) ? data.credentials : [];
    state.scopes = Array.isArray(data.scopes) ? data.scopes : [];
    byId('main-error').hidden = true;
    renderCredentials();
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    showMainError(messageOf(err));
  }
}

/** @param {string} text */
function showMainError(text) {
  const box = byId('main-error');
  box.textContent = text;
  box.hidden = false;
}

function renderCredentials() {
  const body = byId('credentials-body');
  body.replaceChildren();
  const list = state.credentials;
  byId('credentials-empty').hidden = list.length > 0;
  byId('credentials-table').hidden = list.length === 0;
  for (const cred of list) body.append(credentialRow(cred));
  renderExpiring();
}

/**
 * A key credential's method under its name: the badge and the key's thumbprint, shortened (the
 * whole of it in the title, and for screen readers).
 * @param {Credential} cred
 * @returns {HTMLDivElement}
 */
function keyMethod(cred) {
  const thumbprint = cred.key_thumbprint || '';
  return el('div', { className: 'key-method' }, [
    badge('Chave pública', 'badge-key'),
    thumbprint
      ? el('span', { className: 'key-thumbprint muted', title: 'Impressão digital da chave: ' + thumbprint }, [
          el('span', { 'aria-hidden': 'true', text: thumbprint.slice(0, 8) + '…' }),
          el('span', { className: 'visually-hidden', text: 'Impressão digital da chave: ' + thumbprint }),
        ])
      : null,
  ]);
}

/**
 * @param {Credential} cred
 * @returns {HTMLTableRowElement}
 */
function credentialRow(cred) {
  const soon = cred.status === 'active' && cred.expires_soon === true;
  const row = el('tr', {
    className: [soon ? 'is-soon' : '', cred.status === 'revoked' ? 'is-revoked' : ''].join(' ').trim() || null,
    'data-client-id': cred.client_id,
  });

  const nameCell = el('th', { scope: 'row' }, [
    el('div', {}, [el('span', { className: 'cred-name', text: cred.name })]),
    el('div', { className: 'client-id-row' }, [
      el('span', { className: 'visually-hidden', text: 'Client ID: ' }),
      el('code', { className: 'client-id token', text: cred.client_id }),
      el('button', {
        type: 'button',
        className: 'button button-small button-quiet',
        'data-action': 'copy-client-id',
        'data-client-id': cred.client_id,
        'aria-label': 'Copiar client ID de “' + cred.name + '”',
        text: 'Copiar',
      }),
    ]),
    soon ? el('div', {}, [badge(whenLeft(cred.expires), 'badge-soon')]) : null,
    cred.auth_method === 'private_key_jwt' ? keyMethod(cred) : null,
  ]);

  const scopeList = el(
    'ul',
    { className: 'plain scope-list' },
    (cred.scopes || []).map((scope) =>
      // As its checkbox in the form shows it: the name, the badge, then the code, smaller.
      el('li', {}, [
        scopeLabel(scope),
        isSensitive(scope) ? ' ' : null,
        isSensitive(scope) ? badge('sensível', 'badge-sensitive') : null,
        el('code', { className: 'scope-code', text: scope }),
      ]),
    ),
  );

  const ips =
    cred.allowed_ips && cred.allowed_ips.length > 0
      ? el(
          'ul',
          { className: 'plain' },
          cred.allowed_ips.map((ip) => el('li', {}, [el('code', { text: ip })])),
        )
      : el('span', { className: 'muted', text: 'Qualquer IP' });

  const expires = cred.expires
    ? el('span', { className: 'nowrap', text: formatDate(cred.expires) })
    : el('span', { className: 'muted', text: 'Sem expiração' });

  const created = el('div', {}, [
    el('div', { text: cred.created_by ? cred.created_by.nome || 'Usuário #' + cred.created_by.id : 'Operador do sistema' }),
    el('div', { className: 'muted' }, ['em ', el('span', { className: 'nowrap', text: formatDateTime(cred.created_at) })]),
  ]);

  const lastUsed = cred.last_used_at
    ? el('div', {}, [
        el('div', { className: 'nowrap', text: formatDateTime(cred.last_used_at) }),
        cred.last_used_ip ? el('div', { className: 'muted' }, ['IP ', el('code', { text: cred.last_used_ip })]) : null,
      ])
    : el('span', { className: 'muted', text: 'Nunca usada' });

  const actions = el('div', { className: 'row-actions' });
  /**
   * @param {string} action
   * @param {string} text
   * @param {string} label the start of its accessible name, which ends with the credential's
   * @param {string} [style] a class beside the buttons' own
   */
  const button = (action, text, label, style) =>
    el('button', {
      type: 'button',
      className: 'button button-small' + (style ? ' ' + style : ''),
      'data-action': action,
      'data-client-id': cred.client_id,
      'aria-label': label + ' “' + cred.name + '”',
      text,
    });
  if (cred.status !== 'revoked') {
    actions.append(button('edit', 'Editar', 'Editar'));
    // A key credential has no secret to rotate: its key is replaced instead.
    if (cred.auth_method === 'private_key_jwt') actions.append(button('replace-key', 'Substituir chave', 'Substituir chave de'));
    else actions.append(button('rotate', 'Rotacionar segredo', 'Rotacionar segredo de'));
    // Final, so it looks like what it is beside the others (the dialog asks to confirm it).
    actions.append(button('revoke', 'Revogar', 'Revogar', 'button-destructive'));
  }
  actions.append(button('webhooks', 'Notificações', 'Notificações de'));
  actions.append(button('audit', 'Histórico', 'Histórico de'));
  actions.append(button('requests', 'Chamadas', 'Chamadas da API de'));

  row.append(
    nameCell,
    el('td', { 'data-label': 'Escopos' }, [scopeList]),
    el('td', { 'data-label': 'IPs permitidos' }, [ips]),
    el('td', { 'data-label': 'Expira em' }, [expires]),
    el('td', { 'data-label': 'Status' }, [badge(statusLabel(cred.status), 'status-' + cred.status)]),
    el('td', { 'data-label': 'Criada por' }, [created]),
    el('td', { 'data-label': 'Último uso' }, [lastUsed]),
    el('td', { 'data-label': 'Ações' }, [actions]),
  );
  return row;
}

function renderExpiring() {
  const soon = state.credentials.filter(
    /** @returns {c is Credential & { expires_soon: true }} */
    (c) => c.status === 'active' && c.expires_soon === true,
  );
  const list = byId('expiring-list');
  list.replaceChildren(
    ...soon.map((c) =>
      el('li', {}, [
        el('strong', { text: c.name }),
        ' (',
        el('code', { className: 'token', text: c.client_id }),
        ') — ' + whenLeft(c.expires) + ', em ' + formatDate(c.expires) + '.',
      ]),
    ),
  );
  byId('expiring-banner').hidden = soon.length === 0;
}

/**
 * The copy button beside a credential's client id, in its row.
 * @param {Credential} cred
 * @param {HTMLElement} button
 */
export async function copyClientId(cred, button) {
  const row = button.closest('.client-id-row');
  const code = row && row.querySelector('.client-id');
  if (!code) return;
  toast((await copyText(cred.client_id, code)) ? 'Client ID de “' + cred.name + '” copiado.' : COPY_BY_HAND);
}
