// API Externa settings page: plain browser JavaScript, no framework, no build step.
// Talks only to the JSON API under /settings/api/ (docs/settings-api.md).
// Secrets (client secrets, passwords, the CSRF token) live in memory only: never in a URL,
// an attribute, browser storage or a cookie readable from here.
(function () {
  'use strict';

  const API = '/settings/api';
  const TIME_ZONE = 'America/Sao_Paulo';
  /** Used only when the API's scope list does not say (it always should). */
  const KNOWN_SENSITIVE = ['clientes:contato:ler', 'contas-receber:ler', 'contas-pagar:ler', 'boletos:ler'];

  const RESOURCE_LABELS = {
    clientes: 'Clientes',
    os: 'Ordens de serviço',
    'ordens-servico': 'Ordens de serviço',
    produtos: 'Produtos',
    servicos: 'Serviços',
    'contas-receber': 'Contas a receber',
    'contas-pagar': 'Contas a pagar',
    boletos: 'Boletos',
  };
  const STATUS_LABELS = { active: 'Ativa', expired: 'Expirada', revoked: 'Revogada' };
  const ACTION_LABELS = {
    create: 'Credencial criada',
    created: 'Credencial criada',
    update: 'Credencial alterada',
    updated: 'Credencial alterada',
    change: 'Credencial alterada',
    edit: 'Credencial alterada',
    rotate: 'Segredo rotacionado',
    rotated: 'Segredo rotacionado',
    revoke: 'Credencial revogada',
    revoked: 'Credencial revogada',
    expire: 'Credencial expirada',
    expired: 'Credencial expirada',
  };
  const DETAIL_LABELS = {
    name: 'Nome',
    scopes: 'Escopos',
    allowed_ips: 'IPs permitidos',
    expires: 'Expira em',
    status: 'Status',
    client_id: 'Client ID',
    added: 'Incluídos',
    removed: 'Retirados',
    scopes_added: 'Escopos incluídos',
    scopes_removed: 'Escopos retirados',
    reason: 'Motivo',
    motivo: 'Motivo',
  };

  /** Everything the page knows, in memory only. */
  const state = {
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
  /** The one revealed client secret, only while its dialog is open. */
  let revealed = null;
  /** Where focus goes when the secret dialog closes. */
  let secretReturnTo = null;
  let toastTimer = null;

  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- API access

  class ApiFailure extends Error {
    constructor(status, erro, retryAfter) {
      super(erro.mensagem);
      this.status = status;
      this.codigo = erro.codigo;
      this.detalhes = Array.isArray(erro.detalhes) ? erro.detalhes : [];
      this.retryAfter = retryAfter;
    }
  }

  async function api(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && state.csrf !== null) headers['X-CSRF-Token'] = state.csrf;
    let response;
    try {
      response = await fetch(API + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
        redirect: 'error',
      });
    } catch {
      throw new ApiFailure(0, {
        codigo: 'sem_conexao',
        mensagem: 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.',
      });
    }
    const text = await response.text();
    let data = null;
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
    if (!response.ok) {
      const erro =
        data !== null && typeof data === 'object' && data.erro
          ? data.erro
          : { codigo: 'http_' + response.status, mensagem: 'Erro inesperado do servidor (HTTP ' + response.status + '). Tente novamente.' };
      throw new ApiFailure(response.status, erro, response.headers.get('Retry-After'));
    }
    return data;
  }

  /** Failures every screen handles the same way; true when handled here. */
  async function handleCommonFailure(err) {
    if (!(err instanceof ApiFailure)) return false;
    if (err.status === 401) {
      forgetEverything();
      showSignIn('Sua sessão terminou. Entre novamente para continuar.');
      return true;
    }
    if (err.codigo === 'sem_permissao') {
      closeAllDialogs();
      showForbidden();
      return true;
    }
    if (err.codigo === 'csrf_invalido') {
      // Fetch the session's current token so the next attempt works.
      try {
        const session = await api('GET', '/session');
        state.csrf = session.csrf_token;
      } catch {
        /* the next attempt will tell */
      }
      return false;
    }
    return false;
  }

  function messageOf(err) {
    if (err instanceof ApiFailure) {
      let text = err.message || 'Erro inesperado. Tente novamente.';
      if (err.status === 429 && err.retryAfter) text += ' Tente novamente em ' + err.retryAfter + ' segundos.';
      return text;
    }
    return 'Erro inesperado. Tente novamente.';
  }

  // ---------------------------------------------------------------- formatting

  function todayIso() {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
    const get = (type) => (parts.find((p) => p.type === type) || { value: '' }).value;
    return get('year') + '-' + get('month') + '-' + get('day');
  }

  function formatDate(isoDate) {
    if (typeof isoDate !== 'string') return '';
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
    return m ? m[3] + '/' + m[2] + '/' + m[1] : isoDate;
  }

  const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
  function formatDateTime(iso) {
    if (typeof iso !== 'string' || iso === '') return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
  }

  function daysUntil(isoDate) {
    const [y1, m1, d1] = todayIso().split('-').map(Number);
    const [y2, m2, d2] = isoDate.split('-').map(Number);
    return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86400000);
  }

  function whenLeft(isoDate) {
    const days = daysUntil(isoDate);
    if (days <= 0) return 'expira hoje';
    if (days === 1) return 'expira amanhã';
    return 'expira em ' + days + ' dias';
  }

  function isSensitive(scope) {
    const info = state.scopes.find((s) => s.scope === scope);
    return info ? info.sensivel === true : KNOWN_SENSITIVE.includes(scope);
  }

  function resourceLabel(recurso) {
    return RESOURCE_LABELS[recurso] || recurso;
  }

  function el(tag, options, children) {
    const node = document.createElement(tag);
    if (options) {
      for (const [key, value] of Object.entries(options)) {
        if (value === undefined || value === null || value === false) continue;
        if (key === 'text') node.textContent = value;
        else if (key === 'className') node.className = value;
        else node.setAttribute(key, value === true ? '' : String(value));
      }
    }
    for (const child of children || []) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  function badge(text, className) {
    return el('span', { className: 'badge ' + className, text });
  }

  // ---------------------------------------------------------------- views

  const VIEWS = ['view-loading', 'view-signin', 'view-forbidden', 'view-main'];

  function showView(id) {
    for (const view of VIEWS) $(view).hidden = view !== id;
    const signedIn = state.usuario !== null && (id === 'view-main' || id === 'view-forbidden');
    $('topbar-user').hidden = !signedIn;
    $('topbar-user-name').textContent = signedIn ? userLine(state.usuario) : '';
    document.title = {
      'view-loading': 'Carregando… · API Externa',
      'view-signin': 'Entrar · API Externa',
      'view-forbidden': 'Sem permissão · API Externa',
      'view-main': 'API Externa · Integrações · Configurações',
    }[id];
  }

  function userLine(usuario) {
    return (usuario.nome || usuario.email || 'Usuário') + (usuario.empresa && usuario.empresa.nome ? ' · ' + usuario.empresa.nome : '');
  }

  function showSignIn(notice) {
    closeAllDialogs();
    showView('view-signin');
    const box = $('signin-notice');
    box.textContent = notice || '';
    box.hidden = !notice;
    $('signin-senha').value = '';
    $('signin-email').focus();
  }

  function showForbidden() {
    $('forbidden-user').textContent = state.usuario ? (state.usuario.nome || '') + (state.usuario.email ? ' (' + state.usuario.email + ')' : '') : '';
    showView('view-forbidden');
    $('forbidden-title').focus();
  }

  function setSession(data) {
    state.usuario = data.usuario;
    state.csrf = data.csrf_token;
  }

  function forgetEverything() {
    closeAllDialogs();
    state.usuario = null;
    state.csrf = null;
    state.credentials = [];
    state.scopes = [];
    state.form = null;
    state.auditClientId = null;
    $('credentials-body').replaceChildren();
    $('audit-list').replaceChildren();
    $('audit-section').hidden = true;
    $('expiring-list').replaceChildren();
    hideForm();
    for (const input of document.querySelectorAll('input[type="password"]')) input.value = '';
  }

  async function enter(focusTitle) {
    if (!state.usuario.api_externa) {
      showForbidden();
      return;
    }
    $('company-line').textContent = state.usuario.empresa ? 'Empresa: ' + state.usuario.empresa.nome : '';
    showView('view-main');
    await reloadCredentials();
    if (focusTitle) $('main-title').focus();
  }

  // ---------------------------------------------------------------- sign-in and sign-out

  async function onSignIn(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = $('signin-email').value.trim();
    const senha = $('signin-senha').value;
    clearErrors(form);
    $('signin-error').hidden = true;
    let invalid = null;
    if (email === '') invalid = invalid || setFieldError('signin-email', 'Informe o seu e-mail.');
    if (senha === '') invalid = invalid || setFieldError('signin-senha', 'Informe a sua senha.');
    if (invalid) {
      invalid.focus();
      return;
    }
    await busy(form, async () => {
      try {
        const data = await api('POST', '/session', { email, senha });
        $('signin-senha').value = '';
        $('signin-notice').hidden = true;
        setSession(data);
        await enter(true);
      } catch (err) {
        $('signin-senha').value = '';
        if (err instanceof ApiFailure && err.codigo === 'dados_invalidos' && err.detalhes.length > 0) {
          let first = null;
          for (const d of err.detalhes) {
            const id = d.campo === 'email' ? 'signin-email' : d.campo === 'senha' ? 'signin-senha' : null;
            if (id) first = first || setFieldError(id, d.mensagem);
          }
          if (first) {
            first.focus();
            return;
          }
        }
        const box = $('signin-error');
        box.textContent = err instanceof ApiFailure && err.status === 401 && !err.message ? 'E-mail ou senha incorretos.' : messageOf(err);
        box.hidden = false;
        $('signin-senha').focus();
      }
    });
  }

  async function signOut() {
    try {
      await api('DELETE', '/session');
    } catch {
      /* signed out locally either way */
    }
    forgetEverything();
    showSignIn('Você saiu. Até logo!');
  }

  // ---------------------------------------------------------------- list

  async function reloadCredentials() {
    try {
      const data = await api('GET', '/credentials');
      state.credentials = Array.isArray(data.credentials) ? data.credentials : [];
      state.scopes = Array.isArray(data.scopes) ? data.scopes : [];
      $('main-error').hidden = true;
      renderCredentials();
    } catch (err) {
      if (await handleCommonFailure(err)) return;
      showMainError(messageOf(err));
    }
  }

  function showMainError(text) {
    const box = $('main-error');
    box.textContent = text;
    box.hidden = false;
  }

  function toast(text) {
    const box = $('toast');
    box.textContent = text;
    if (toastTimer !== null) clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      box.textContent = '';
      toastTimer = null;
    }, 10000);
  }

  function findCredential(clientId) {
    return state.credentials.find((c) => c.client_id === clientId) || null;
  }

  function renderCredentials() {
    const body = $('credentials-body');
    body.replaceChildren();
    const list = state.credentials;
    $('credentials-empty').hidden = list.length > 0;
    $('credentials-table').hidden = list.length === 0;
    for (const cred of list) body.append(credentialRow(cred));
    renderExpiring();
  }

  function credentialRow(cred) {
    const soon = cred.status === 'active' && cred.expires_soon === true;
    const row = el('tr', { className: [soon ? 'is-soon' : '', cred.status === 'revoked' ? 'is-revoked' : ''].join(' ').trim() || null, 'data-client-id': cred.client_id });

    const nameCell = el('th', { scope: 'row' }, [
      el('div', {}, [el('span', { className: 'cred-name', text: cred.name })]),
      el('span', { className: 'visually-hidden', text: 'Client ID: ' }),
      el('code', { className: 'client-id', text: cred.client_id }),
      soon ? el('div', {}, [badge(whenLeft(cred.expires), 'badge-soon')]) : null,
    ]);

    const scopeList = el(
      'ul',
      { className: 'plain scope-list' },
      (cred.scopes || []).map((scope) =>
        el('li', {}, [el('code', { text: scope }), isSensitive(scope) ? ' ' : null, isSensitive(scope) ? badge('sensível', 'badge-sensitive') : null]),
      ),
    );

    const ips =
      cred.allowed_ips && cred.allowed_ips.length > 0
        ? el('ul', { className: 'plain' }, cred.allowed_ips.map((ip) => el('li', {}, [el('code', { text: ip })])))
        : el('span', { className: 'muted', text: 'Qualquer IP' });

    const expires = cred.expires ? el('span', { className: 'nowrap', text: formatDate(cred.expires) }) : el('span', { className: 'muted', text: 'Sem expiração' });

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
    const button = (action, text, label) =>
      el('button', { type: 'button', className: 'button button-small', 'data-action': action, 'data-client-id': cred.client_id, 'aria-label': label + ' “' + cred.name + '”', text });
    if (cred.status !== 'revoked') {
      actions.append(button('edit', 'Editar', 'Editar'));
      actions.append(button('rotate', 'Rotacionar segredo', 'Rotacionar segredo de'));
      actions.append(button('revoke', 'Revogar', 'Revogar'));
    }
    actions.append(button('audit', 'Histórico', 'Histórico de'));

    row.append(
      nameCell,
      el('td', { 'data-label': 'Escopos' }, [scopeList]),
      el('td', { 'data-label': 'IPs permitidos' }, [ips]),
      el('td', { 'data-label': 'Expira em' }, [expires]),
      el('td', { 'data-label': 'Status' }, [badge(STATUS_LABELS[cred.status] || cred.status, 'status-' + cred.status)]),
      el('td', { 'data-label': 'Criada por' }, [created]),
      el('td', { 'data-label': 'Último uso' }, [lastUsed]),
      el('td', { 'data-label': 'Ações' }, [actions]),
    );
    return row;
  }

  function renderExpiring() {
    const soon = state.credentials.filter((c) => c.status === 'active' && c.expires_soon === true);
    const list = $('expiring-list');
    list.replaceChildren(
      ...soon.map((c) =>
        el('li', {}, [el('strong', { text: c.name }), ' (', el('code', { text: c.client_id }), ') — ' + whenLeft(c.expires) + ', em ' + formatDate(c.expires) + '.']),
      ),
    );
    $('expiring-banner').hidden = soon.length === 0;
  }

  // ---------------------------------------------------------------- field errors

  function errorBoxFor(fieldId) {
    return $(fieldId + '-error');
  }

  /** Shows a message beside a field (or a list of messages); returns the element to focus. */
  function setFieldError(fieldId, messages) {
    const field = $(fieldId);
    const box = errorBoxFor(fieldId);
    const list = Array.isArray(messages) ? messages : [messages];
    if (box.tagName === 'DIV') {
      box.replaceChildren(list.length === 1 ? el('p', { className: 'field-error', text: list[0] }) : el('ul', {}, list.map((m) => el('li', { text: m }))));
    } else {
      box.textContent = list.join(' ');
    }
    box.hidden = false;
    field.setAttribute('aria-invalid', 'true');
    if (field.tagName === 'FIELDSET') return field.querySelector('input') || field;
    return field;
  }

  function clearErrors(root) {
    for (const box of root.querySelectorAll('.field-error')) {
      if (box.id && box.id.endsWith('-error')) {
        box.hidden = true;
        box.replaceChildren();
      }
    }
    for (const node of root.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
    for (const box of root.querySelectorAll('.notice-error')) {
      box.hidden = true;
      box.replaceChildren();
    }
  }

  function showFormError(boxId, text, extra) {
    const box = $(boxId);
    box.replaceChildren(text);
    if (extra && extra.length > 0) box.append(el('ul', {}, extra.map((m) => el('li', { text: m }))));
    box.hidden = false;
  }

  async function busy(form, work) {
    const buttons = form.querySelectorAll('button[type="submit"]');
    form.setAttribute('aria-busy', 'true');
    for (const b of buttons) b.disabled = true;
    try {
      await work();
    } finally {
      form.removeAttribute('aria-busy');
      for (const b of buttons) b.disabled = false;
    }
  }

  // ---------------------------------------------------------------- IP and CIDR check (the server checks again)

  function validIpv4(text) {
    const parts = text.split('.');
    if (parts.length !== 4) return null;
    const bytes = [];
    for (const p of parts) {
      if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
      bytes.push(Number(p));
    }
    return bytes;
  }

  function validIpv6(text) {
    if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
    const halves = text.split('::');
    if (halves.length > 2) return false;
    const groupsOf = (part) => (part === '' ? [] : part.split(':'));
    const all = groupsOf(halves[0]).concat(halves.length === 2 ? groupsOf(halves[1]) : []);
    let count = 0;
    for (let i = 0; i < all.length; i++) {
      const group = all[i];
      if (i === all.length - 1 && group.includes('.')) {
        if (validIpv4(group) === null) return false;
        count += 2;
      } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) count += 1;
      else return false;
    }
    return halves.length === 2 ? count <= 7 : count === 8;
  }

  /** A pt-BR complaint about one allowlist entry, or null when it looks right. */
  function ipProblem(entry) {
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined) return 'não é um endereço IP nem uma rede CIDR';
    const v4 = validIpv4(address);
    const v6 = v4 === null && validIpv6(address);
    if (v4 === null && !v6) return 'não é um endereço IP nem uma rede CIDR';
    if (bits === undefined) return null;
    const max = v4 !== null ? 32 : 128;
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return 'o prefixo da rede deve ser um número de 0 a ' + max;
    if (v4 !== null) {
      const value = ((v4[0] << 24) | (v4[1] << 16) | (v4[2] << 8) | v4[3]) >>> 0;
      const prefix = Number(bits);
      const hostMask = prefix === 0 ? 0xffffffff : prefix === 32 ? 0 : (0xffffffff >>> prefix) >>> 0;
      if ((value & hostMask) >>> 0 !== 0) {
        const network = (value & ~hostMask) >>> 0;
        const text = [network >>> 24, (network >>> 16) & 255, (network >>> 8) & 255, network & 255].join('.');
        return 'a rede tem bits de host; você quis dizer ' + text + '/' + prefix + '?';
      }
    }
    return null;
  }

  function ipLines() {
    return $('cred-ips')
      .value.split(/\r?\n/)
      .map((line, index) => ({ line: index + 1, text: line.trim() }))
      .filter((l) => l.text !== '');
  }

  // ---------------------------------------------------------------- create and edit form

  function renderScopeCheckboxes(selected) {
    const container = $('cred-scopes-groups');
    container.replaceChildren();
    const groups = new Map();
    for (const info of state.scopes) {
      if (!groups.has(info.recurso)) groups.set(info.recurso, []);
      groups.get(info.recurso).push(info);
    }
    let index = 0;
    for (const [recurso, infos] of groups) {
      const group = el('fieldset', { className: 'scope-group' }, [el('legend', { text: resourceLabel(recurso) })]);
      for (const info of infos) {
        const id = 'scope-' + index++;
        const input = el('input', { type: 'checkbox', id, name: 'scopes', value: info.scope });
        input.checked = selected.includes(info.scope);
        input.addEventListener('change', updatePasswordField);
        const label = el('label', { for: id }, [
          info.descricao || info.scope,
          info.sensivel ? ' ' : null,
          info.sensivel ? badge('sensível', 'badge-sensitive') : null,
          el('span', { className: 'scope-code mono', text: info.scope }),
        ]);
        group.append(el('div', { className: 'scope-option' + (info.sensivel ? ' is-sensitive' : '') }, [input, label]));
      }
      container.append(group);
    }
  }

  function selectedScopes() {
    return Array.from($('cred-scopes-groups').querySelectorAll('input[type="checkbox"]:checked')).map((i) => i.value);
  }

  function passwordNeeded() {
    if (state.form === null) return false;
    const gains = selectedScopes().some(isSensitive);
    const carries = state.form.mode === 'edit' && state.form.credential.scopes.some(isSensitive);
    return gains || carries;
  }

  function updatePasswordField() {
    const needed = passwordNeeded();
    const field = $('cred-senha-field');
    const input = $('cred-senha');
    field.hidden = !needed;
    input.required = needed;
    if (needed) input.setAttribute('aria-required', 'true');
    else {
      input.removeAttribute('aria-required');
      input.value = '';
    }
    $('cred-senha-hint').textContent =
      state.form && state.form.mode === 'edit' && state.form.credential.scopes.some(isSensitive)
        ? 'Necessária porque esta credencial tem um escopo sensível.'
        : 'Necessária porque você escolheu um escopo sensível.';
  }

  function openForm(mode, credential, trigger) {
    const form = $('credential-form');
    form.reset();
    clearErrors(form);
    state.form = { mode, credential, trigger };
    const editing = mode === 'edit';
    $('form-title').textContent = editing ? 'Alterar credencial' : 'Nova credencial';
    $('form-subtitle').hidden = !editing;
    $('form-subtitle').replaceChildren(...(editing ? ['“' + credential.name + '” · Client ID ', el('code', { text: credential.client_id })] : []));
    $('form-submit').textContent = editing ? 'Salvar alterações' : 'Criar credencial';
    renderScopeCheckboxes(editing ? credential.scopes : []);
    $('cred-name').value = editing ? credential.name : '';
    $('cred-ips').value = editing ? credential.allowed_ips.join('\n') : '';
    $('cred-expires').value = editing && credential.expires ? credential.expires : '';
    $('cred-expires').min = todayIso();
    updatePasswordField();
    $('form-section').hidden = false;
    $('new-credential-button').setAttribute('aria-expanded', 'true');
    $('form-section').scrollIntoView({ block: 'start' });
    $('cred-name').focus();
  }

  function hideForm() {
    const form = $('credential-form');
    form.reset();
    $('cred-senha').value = '';
    clearErrors(form);
    $('form-section').hidden = true;
    $('new-credential-button').setAttribute('aria-expanded', 'false');
    const trigger = state.form ? state.form.trigger : null;
    state.form = null;
    return trigger;
  }

  function sameList(a, b) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  /** Checks the form; returns the body to send, or null after showing the problems. */
  function collectForm() {
    const form = $('credential-form');
    clearErrors(form);
    const editing = state.form.mode === 'edit';
    const original = state.form.credential;
    const name = $('cred-name').value.trim();
    const scopes = selectedScopes();
    const lines = ipLines();
    const expires = $('cred-expires').value || null;
    const senha = $('cred-senha').value;
    const problems = [];

    if (name === '') problems.push(setFieldError('cred-name', 'Informe um nome para a credencial.'));
    else if (name.length > 100) problems.push(setFieldError('cred-name', 'Use no máximo 100 caracteres.'));
    if (scopes.length === 0) problems.push(setFieldError('cred-scopes', 'Escolha ao menos um escopo.'));
    const ipErrors = [];
    for (const l of lines) {
      const problem = ipProblem(l.text);
      if (problem) ipErrors.push('Linha ' + l.line + ': “' + l.text + '” — ' + problem + (problem.endsWith('?') ? '' : '.'));
    }
    if (ipErrors.length > 0) problems.push(setFieldError('cred-ips', ipErrors));
    const expiresChanged = !editing || expires !== (original.expires || null);
    if (expires !== null && expiresChanged) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) problems.push(setFieldError('cred-expires', 'Informe uma data válida.'));
      else if (expires < todayIso()) problems.push(setFieldError('cred-expires', 'A data de expiração não pode estar no passado.'));
    }
    const needed = passwordNeeded();
    if (needed && senha === '') problems.push(setFieldError('cred-senha', 'Informe a sua senha atual: a credencial tem ou terá um escopo sensível.'));

    if (problems.length > 0) {
      showFormError('form-error', problems.length === 1 ? 'Corrija o campo indicado.' : 'Corrija os ' + problems.length + ' campos indicados.');
      problems[0].focus();
      return null;
    }

    const ips = lines.map((l) => l.text);
    let body;
    if (!editing) {
      body = { name, scopes, allowed_ips: ips, expires };
    } else {
      body = {};
      if (name !== original.name) body.name = name;
      if (!sameList([...scopes].sort(), [...original.scopes].sort())) body.scopes = scopes;
      if (!sameList(ips, original.allowed_ips)) body.allowed_ips = ips;
      if (expiresChanged) body.expires = expires;
      if (Object.keys(body).length === 0) {
        showFormError('form-error', 'Nenhuma alteração para salvar.');
        $('cred-name').focus();
        return null;
      }
    }
    if (needed) body.senha_atual = senha;
    return body;
  }

  const FIELD_FOR = [
    [/^(name|nome)\b/, 'cred-name'],
    [/^scopes?\b/, 'cred-scopes'],
    [/^allowed_ips\b/, 'cred-ips'],
    [/^expires\b/, 'cred-expires'],
    [/^senha(_atual)?\b/, 'cred-senha'],
  ];

  /** Puts the API's `detalhes` beside the fields they name; returns the first field to focus. */
  function showServerFieldErrors(detalhes, fieldFor, formErrorBox) {
    const byField = new Map();
    const other = [];
    for (const d of detalhes) {
      const match = fieldFor.find(([pattern]) => pattern.test(String(d.campo)));
      if (match) {
        if (!byField.has(match[1])) byField.set(match[1], []);
        byField.get(match[1]).push(d.mensagem);
      } else other.push((d.campo ? d.campo + ': ' : '') + d.mensagem);
    }
    let first = null;
    for (const [fieldId, messages] of byField) {
      if (fieldId.endsWith('-senha')) $(fieldId + '-field').hidden = false;
      const target = setFieldError(fieldId, messages);
      first = first || target;
    }
    if (other.length > 0 || first === null) showFormError(formErrorBox, 'Não foi possível salvar.', other);
    else showFormError(formErrorBox, 'Corrija os campos indicados.');
    return first;
  }

  async function onSubmitCredential(event) {
    event.preventDefault();
    if (state.form === null) return;
    const body = collectForm();
    if (body === null) return;
    const form = event.currentTarget;
    const { mode, credential } = state.form;
    await busy(form, async () => {
      try {
        if (mode === 'create') {
          const data = await api('POST', '/credentials', body);
          const trigger = hideForm();
          await reloadCredentials();
          toast('Credencial “' + data.credential.name + '” criada.');
          openSecret(data.credential.name, data.credential.client_id, data.client_secret, { element: trigger });
          data.client_secret = null;
        } else {
          const data = await api('PATCH', '/credentials/' + encodeURIComponent(credential.client_id), body);
          hideForm();
          await reloadCredentials();
          await refreshAuditIf(credential.client_id);
          toast('Alterações salvas em “' + data.credential.name + '”.');
          focusRowButton('edit', credential.client_id);
        }
      } catch (err) {
        $('cred-senha').value = '';
        if (await handleCommonFailure(err)) return;
        if (err instanceof ApiFailure && err.codigo === 'senha_incorreta') {
          $('cred-senha-field').hidden = false;
          setFieldError('cred-senha', err.message || 'Senha incorreta.').focus();
          showFormError('form-error', 'Corrija o campo indicado.');
          return;
        }
        if (err instanceof ApiFailure && err.detalhes.length > 0) {
          const first = showServerFieldErrors(err.detalhes, FIELD_FOR, 'form-error');
          (first || $('form-error')).focus();
          return;
        }
        showFormError('form-error', messageOf(err));
        $('cred-name').focus();
      }
    });
  }

  function focusRowButton(action, clientId) {
    const target = document.querySelector('button[data-action="' + action + '"][data-client-id="' + CSS.escape(clientId) + '"]');
    if (target) target.focus();
    else $('credentials-title').focus();
  }

  // ---------------------------------------------------------------- dialogs

  function closeAllDialogs() {
    wipeSecret();
    secretReturnTo = null;
    state.dialogTrigger = null;
    for (const dialog of document.querySelectorAll('dialog[open]')) dialog.close();
  }

  /** Returns focus to where the user was: `{ element }` or `{ action, clientId }`. */
  function restoreFocus(target) {
    if (!target) return;
    if (target.element && target.element.isConnected && !target.element.closest('[hidden]')) target.element.focus();
    else if (target.action && target.clientId) focusRowButton(target.action, target.clientId);
    else if (!$('view-main').hidden) $('credentials-title').focus();
  }

  function openSecret(name, clientId, secret, returnTo) {
    const dialog = $('secret-dialog');
    revealed = { secret };
    secretReturnTo = returnTo;
    $('secret-name').textContent = name;
    $('secret-client-id').textContent = clientId;
    $('secret-value').textContent = secret;
    $('secret-copy-status').textContent = '';
    dialog.showModal();
    dialog.querySelector('[data-action="secret-copy"]').focus();
  }

  /** Removes the secret from the DOM and from memory; runs before the dialog is gone. */
  function wipeSecret() {
    $('secret-value').replaceChildren();
    $('secret-client-id').replaceChildren();
    $('secret-name').replaceChildren();
    $('secret-copy-status').textContent = '';
    const selection = window.getSelection();
    if (selection) selection.removeAllRanges();
    revealed = null;
  }

  function closeSecret() {
    wipeSecret();
    const returnTo = secretReturnTo;
    secretReturnTo = null;
    $('secret-dialog').close();
    restoreFocus(returnTo);
  }

  async function copySecret() {
    if (revealed === null) return;
    const status = $('secret-copy-status');
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard API');
      await navigator.clipboard.writeText(revealed.secret);
      status.textContent = 'Segredo copiado para a área de transferência.';
    } catch {
      // Fallback: select the text and ask the browser to copy it.
      const node = $('secret-value');
      const range = document.createRange();
      range.selectNodeContents(node);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      let copied = false;
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
      status.textContent = copied
        ? 'Segredo copiado para a área de transferência.'
        : 'Não foi possível copiar automaticamente: o segredo está selecionado, use Ctrl+C (ou Cmd+C) para copiá-lo.';
    }
  }

  function openRotate(cred, trigger) {
    const dialog = $('rotate-dialog');
    const form = $('rotate-form');
    form.reset();
    clearErrors(form);
    state.dialogCredential = cred;
    state.dialogTrigger = { action: 'rotate', clientId: cred.client_id, element: trigger };
    $('rotate-name').textContent = cred.name;
    const needed = cred.scopes.some(isSensitive);
    $('rotate-senha-field').hidden = !needed;
    $('rotate-senha').required = needed;
    if (needed) $('rotate-senha').setAttribute('aria-required', 'true');
    else $('rotate-senha').removeAttribute('aria-required');
    dialog.showModal();
    (needed ? $('rotate-senha') : dialog.querySelector('[data-action="dialog-cancel"]')).focus();
  }

  async function onRotate(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const cred = state.dialogCredential;
    if (!cred) return;
    clearErrors(form);
    const needed = !$('rotate-senha-field').hidden;
    const senha = $('rotate-senha').value;
    if (needed && senha === '') {
      setFieldError('rotate-senha', 'Informe a sua senha atual.').focus();
      return;
    }
    await busy(form, async () => {
      try {
        const data = await api('POST', '/credentials/' + encodeURIComponent(cred.client_id) + '/rotate', needed ? { senha_atual: senha } : {});
        $('rotate-senha').value = '';
        const returnTo = { action: 'rotate', clientId: cred.client_id };
        state.dialogTrigger = null;
        $('rotate-dialog').close();
        await reloadCredentials();
        await refreshAuditIf(cred.client_id);
        toast('Segredo de “' + cred.name + '” rotacionado. O segredo anterior deixou de funcionar.');
        openSecret(cred.name, data.client_id, data.client_secret, returnTo);
        data.client_secret = null;
      } catch (err) {
        $('rotate-senha').value = '';
        if (await handleCommonFailure(err)) return;
        if (err instanceof ApiFailure && (err.codigo === 'senha_incorreta' || err.detalhes.some((d) => /^senha/.test(String(d.campo))))) {
          $('rotate-senha-field').hidden = false;
          const detail = err.detalhes.find((d) => /^senha/.test(String(d.campo)));
          setFieldError('rotate-senha', detail ? detail.mensagem : err.message).focus();
          return;
        }
        showFormError('rotate-error', messageOf(err));
      }
    });
  }

  function openRevoke(cred, trigger) {
    const dialog = $('revoke-dialog');
    clearErrors($('revoke-form'));
    state.dialogCredential = cred;
    state.dialogTrigger = { action: 'revoke', clientId: cred.client_id, element: trigger };
    $('revoke-name').textContent = cred.name;
    dialog.showModal();
    dialog.querySelector('[data-action="dialog-cancel"]').focus();
  }

  async function onRevoke(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const cred = state.dialogCredential;
    if (!cred) return;
    clearErrors(form);
    await busy(form, async () => {
      try {
        await api('POST', '/credentials/' + encodeURIComponent(cred.client_id) + '/revoke', {});
        state.dialogTrigger = null;
        $('revoke-dialog').close();
        await reloadCredentials();
        await refreshAuditIf(cred.client_id);
        toast('Credencial “' + cred.name + '” revogada. Ela e seus tokens deixaram de funcionar.');
        focusRowButton('audit', cred.client_id);
      } catch (err) {
        if (await handleCommonFailure(err)) return;
        showFormError('revoke-error', messageOf(err));
      }
    });
  }

  // ---------------------------------------------------------------- audit

  function actionLabel(action) {
    const key = String(action).split('.').pop();
    return ACTION_LABELS[key] || String(action);
  }

  function actorLabel(actor) {
    if (!actor) return '—';
    if (actor.type === 'operator') return 'Operador do sistema';
    if (actor.type === 'anonimo') return 'Anônimo';
    return actor.nome || 'Usuário #' + actor.id;
  }

  function formatValue(key, value) {
    if (value === null || value === undefined) return key === 'expires' ? 'sem expiração' : '—';
    if (Array.isArray(value)) {
      if (value.length === 0) return key === 'allowed_ips' ? 'qualquer IP' : '(nenhum)';
      return value.map((v) => formatValue(key, v)).join(', ');
    }
    if (typeof value === 'object') {
      const pairs = [
        ['from', 'to'],
        ['old', 'new'],
        ['antes', 'depois'],
        ['de', 'para'],
        ['before', 'after'],
      ];
      for (const [a, b] of pairs) {
        if (a in value || b in value) return formatValue(key, value[a]) + ' → ' + formatValue(key, value[b]);
      }
      return Object.entries(value)
        .map(([k, v]) => (DETAIL_LABELS[k] || k) + ': ' + formatValue(k, v))
        .join('; ');
    }
    if (typeof value === 'boolean') return value ? 'sim' : 'não';
    if (key === 'expires' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) return formatDate(String(value));
    if (key === 'status') return STATUS_LABELS[value] || String(value);
    return String(value);
  }

  function detailLines(details) {
    if (!details || typeof details !== 'object') return [];
    const lines = [];
    for (const [key, value] of Object.entries(details)) {
      if ((key === 'changes' || key === 'alteracoes' || key === 'changed') && value && typeof value === 'object' && !Array.isArray(value)) {
        lines.push(...detailLines(value));
        continue;
      }
      lines.push((DETAIL_LABELS[key] || key) + ': ' + formatValue(key, value));
    }
    return lines;
  }

  async function openAudit(cred, trigger) {
    state.auditClientId = cred.client_id;
    state.auditTrigger = { action: 'audit', clientId: cred.client_id, element: trigger };
    $('audit-title').textContent = 'Histórico — ' + cred.name;
    $('audit-section').hidden = false;
    await loadAudit(cred.client_id);
    $('audit-section').scrollIntoView({ block: 'start' });
    $('audit-title').focus();
  }

  async function refreshAuditIf(clientId) {
    if (state.auditClientId === clientId && !$('audit-section').hidden) await loadAudit(clientId);
  }

  async function loadAudit(clientId) {
    const list = $('audit-list');
    list.setAttribute('aria-busy', 'true');
    try {
      const data = await api('GET', '/credentials/' + encodeURIComponent(clientId) + '/audit');
      const events = Array.isArray(data.events) ? data.events : [];
      list.replaceChildren(...events.map(auditItem));
      $('audit-empty').hidden = events.length > 0;
    } catch (err) {
      if (await handleCommonFailure(err)) return;
      list.replaceChildren(el('li', { className: 'notice notice-error', text: messageOf(err) }));
    } finally {
      list.removeAttribute('aria-busy');
    }
  }

  function auditItem(event) {
    const lines = detailLines(event.details);
    return el('li', {}, [
      el('div', { className: 'audit-head' }, [
        el('time', { datetime: event.created_at, text: formatDateTime(event.created_at) }),
        el('span', { className: 'audit-action', text: actionLabel(event.action) }),
      ]),
      el('div', { className: 'audit-meta' }, ['por ' + actorLabel(event.actor), event.ip ? ' · IP ' : null, event.ip ? el('code', { text: event.ip }) : null]),
      lines.length > 0 ? el('ul', { className: 'audit-details' }, lines.map((l) => el('li', { text: l }))) : null,
    ]);
  }

  function closeAudit() {
    $('audit-section').hidden = true;
    $('audit-list').replaceChildren();
    state.auditClientId = null;
    restoreFocus(state.auditTrigger);
    state.auditTrigger = null;
  }

  // ---------------------------------------------------------------- wiring

  function onClick(event) {
    const target = event.target instanceof Element ? event.target.closest('[data-action]') : null;
    if (!target) return;
    const action = target.getAttribute('data-action');
    const clientId = target.getAttribute('data-client-id');
    const cred = clientId ? findCredential(clientId) : null;
    switch (action) {
      case 'sign-out':
        signOut();
        break;
      case 'form-cancel': {
        const trigger = hideForm();
        restoreFocus(trigger ? { element: trigger } : null);
        break;
      }
      case 'edit':
        if (cred) openForm('edit', cred, target);
        break;
      case 'rotate':
        if (cred) openRotate(cred, target);
        break;
      case 'revoke':
        if (cred) openRevoke(cred, target);
        break;
      case 'audit':
        if (cred) openAudit(cred, target);
        break;
      case 'audit-close':
        closeAudit();
        break;
      case 'dialog-cancel': {
        const trigger = state.dialogTrigger;
        state.dialogTrigger = null;
        target.closest('dialog').close();
        restoreFocus(trigger);
        break;
      }
      case 'secret-copy':
        copySecret();
        break;
      case 'secret-close':
        closeSecret();
        break;
    }
  }

  function onDialogClosed(event) {
    const dialog = event.currentTarget;
    if (dialog.id === 'secret-dialog') {
      wipeSecret();
      const returnTo = secretReturnTo;
      secretReturnTo = null;
      restoreFocus(returnTo);
      return;
    }
    for (const input of dialog.querySelectorAll('input[type="password"]')) input.value = '';
    const trigger = state.dialogTrigger;
    state.dialogTrigger = null;
    state.dialogCredential = null;
    restoreFocus(trigger);
  }

  async function boot() {
    document.addEventListener('click', onClick);
    $('signin-form').addEventListener('submit', onSignIn);
    $('credential-form').addEventListener('submit', onSubmitCredential);
    $('rotate-form').addEventListener('submit', onRotate);
    $('revoke-form').addEventListener('submit', onRevoke);
    $('new-credential-button').addEventListener('click', (event) => {
      if (state.form === null || state.form.mode !== 'create') openForm('create', null, event.currentTarget);
      else $('cred-name').focus();
    });
    $('new-credential-button').setAttribute('aria-expanded', 'false');
    for (const dialog of document.querySelectorAll('dialog')) dialog.addEventListener('close', onDialogClosed);
    // Escape: the secret goes before the dialog does (the close event comes a moment later).
    $('secret-dialog').addEventListener('cancel', wipeSecret);

    showView('view-loading');
    try {
      setSession(await api('GET', '/session'));
      await enter(false);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 401) showSignIn();
      else showSignIn(messageOf(err));
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
  else boot();
})();
