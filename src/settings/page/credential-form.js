// The create and edit form: its scope checkboxes, the password field that a sensitive scope
// asks for, and the checks made before anything is sent (the server checks again).
import { byId, el } from '../../page-base/dom.js';
import { badge } from './dom.js';
import { todayIso } from './format.js';
import { clearErrors, clearWhenValid, setFieldError, showFieldsSummary, showFormError } from './form-feedback.js';
import { ipProblem } from './ip-check.js';
import { publicKeyProblem } from './public-key-check.js';
import { isSensitive, state } from './state.js';
/** @import { Credential, CredentialBody, FormState, ScopeInfo } from './state.js' */

/** @param {string[]} selected the scopes checked to begin with */
function renderScopeCheckboxes(selected) {
  const container = byId('cred-scopes-groups');
  container.replaceChildren();
  /** @type {Map<string, ScopeInfo[]>} */
  const groups = new Map();
  for (const info of state.scopes) {
    const group = groups.get(info.recurso);
    if (group) group.push(info);
    else groups.set(info.recurso, [info]);
  }
  let index = 0;
  for (const [recurso, infos] of groups) {
    // `recurso` is already the pt-BR label (SCOPE_TABLE in src/domain/scopes.ts); the credentials
    // list names each scope by it too (scopeLabel in state.js).
    const group = el('fieldset', { className: 'scope-group' }, [el('legend', { text: recurso })]);
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

/** @returns {string[]} */
function selectedScopes() {
  return Array.from(
    /** @type {NodeListOf<HTMLInputElement>} */ (byId('cred-scopes-groups').querySelectorAll('input[type="checkbox"]:checked')),
  ).map((i) => i.value);
}

function passwordNeeded() {
  if (state.form === null) return false;
  const gains = selectedScopes().some(isSensitive);
  const carries = state.form.mode === 'edit' && state.form.credential.scopes.some(isSensitive);
  return gains || carries;
}

function updatePasswordField() {
  const needed = passwordNeeded();
  const field = byId('cred-senha-field');
  const input = /** @type {HTMLInputElement} */ (byId('cred-senha'));
  field.hidden = !needed;
  input.required = needed;
  if (needed) input.setAttribute('aria-required', 'true');
  else {
    input.removeAttribute('aria-required');
    input.value = '';
  }
  byId('cred-senha-hint').textContent =
    state.form && state.form.mode === 'edit' && state.form.credential.scopes.some(isSensitive)
      ? 'Necessária porque esta credencial tem um escopo sensível.'
      : 'Necessária porque você escolheu um escopo sensível.';
}

/** @returns {boolean} whether the form creates a key credential (private_key_jwt) */
function keyChosen() {
  return state.form !== null && state.form.mode === 'create' && /** @type {HTMLInputElement} */ (byId('cred-method-key')).checked;
}

/** The method is chosen at creation only; the key's textarea shows when the key is chosen. */
function updateMethodFields() {
  byId('cred-method').hidden = state.form === null || state.form.mode !== 'create';
  byId('cred-public-key-field').hidden = !keyChosen();
}

/**
 * Opens the form empty, to create a credential.
 * @overload
 * @param {'create'} mode
 * @param {null} credential
 * @param {HTMLElement} trigger the element that opened it, where focus goes back to
 * @returns {void}
 */
/**
 * Opens the form filled in with a credential, to edit it.
 * @overload
 * @param {'edit'} mode
 * @param {Credential} credential
 * @param {HTMLElement} trigger the element that opened it, where focus goes back to
 * @returns {void}
 */
/**
 * @param {FormState['mode']} mode
 * @param {Credential | null} credential
 * @param {HTMLElement} trigger
 */
export function openForm(mode, credential, trigger) {
  const form = /** @type {HTMLFormElement} */ (byId('credential-form'));
  form.reset();
  clearErrors(form);
  // The overloads above pair 'edit' with a credential and 'create' with none.
  const opened = /** @type {FormState} */ ({ mode, credential, trigger });
  state.form = opened;
  const editing = opened.mode === 'edit';
  byId('form-title').textContent = editing ? 'Alterar credencial' : 'Nova credencial';
  byId('form-subtitle').hidden = !editing;
  byId('form-subtitle').replaceChildren(
    ...(editing
      ? ['“' + opened.credential.name + '” · Client ID ', el('code', { className: 'token', text: opened.credential.client_id })]
      : []),
  );
  byId('form-submit').textContent = editing ? 'Salvar alterações' : 'Criar credencial';
  renderScopeCheckboxes(editing ? opened.credential.scopes : []);
  /** @type {HTMLInputElement} */ (byId('cred-name')).value = editing ? opened.credential.name : '';
  /** @type {HTMLTextAreaElement} */ (byId('cred-ips')).value = editing ? opened.credential.allowed_ips.join('\n') : '';
  const expiresInput = /** @type {HTMLInputElement} */ (byId('cred-expires'));
  expiresInput.value = editing && opened.credential.expires ? opened.credential.expires : '';
  expiresInput.min = todayIso();
  /** @type {HTMLTextAreaElement} */ (byId('cred-public-key')).value = '';
  updateMethodFields();
  updatePasswordField();
  byId('form-section').hidden = false;
  byId('new-credential-button').setAttribute('aria-expanded', 'true');
  byId('form-section').scrollIntoView({ block: 'start' });
  byId('cred-name').focus();
}

/**
 * Empties and hides the form; returns the element that opened it, for focus.
 * @returns {HTMLElement | null}
 */
export function hideForm() {
  const form = /** @type {HTMLFormElement} */ (byId('credential-form'));
  form.reset();
  /** @type {HTMLInputElement} */ (byId('cred-senha')).value = '';
  clearErrors(form);
  byId('form-section').hidden = true;
  byId('new-credential-button').setAttribute('aria-expanded', 'false');
  const trigger = state.form ? state.form.trigger : null;
  state.form = null;
  return trigger;
}

/** @returns {{ line: number, text: string }[]} the lines that are not blank, numbered from 1 */
function ipLines() {
  return /** @type {HTMLTextAreaElement} */ (byId('cred-ips')).value
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter((l) => l.text !== '');
}

/**
 * @param {string[]} a
 * @param {string[]} b
 */
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** @returns {string | null} what is wrong with the name, or null */
function nameProblem() {
  const name = /** @type {HTMLInputElement} */ (byId('cred-name')).value.trim();
  if (name === '') return 'Informe um nome para a credencial.';
  if (name.length > 100) return 'Use no máximo 100 caracteres.';
  return null;
}

/** @returns {string | null} */
function scopesProblem() {
  return selectedScopes().length === 0 ? 'Escolha ao menos um escopo.' : null;
}

/** @returns {string[]} one message per line that is not an address or a network */
function ipProblems() {
  /** @type {string[]} */
  const messages = [];
  for (const l of ipLines()) {
    const problem = ipProblem(l.text);
    if (problem) messages.push('Linha ' + l.line + ': “' + l.text + '” — ' + problem + (problem.endsWith('?') ? '' : '.'));
  }
  return messages;
}

/** @returns {string | null} only a date the user set (an edit keeps a past one it did not touch) */
function expiresProblem() {
  if (state.form === null) return null;
  const expires = /** @type {HTMLInputElement} */ (byId('cred-expires')).value || null;
  const original = state.form.mode === 'edit' ? state.form.credential.expires || null : undefined;
  if (expires === null || expires === original) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) return 'Informe uma data válida.';
  if (expires < todayIso()) return 'A data de expiração não pode estar no passado.';
  return null;
}

/** @returns {string | null} */
function senhaProblem() {
  const senha = /** @type {HTMLInputElement} */ (byId('cred-senha')).value;
  return passwordNeeded() && senha === '' ? 'Informe a sua senha atual: a credencial tem ou terá um escopo sensível.' : null;
}

/** @returns {string | null} only when the key is chosen */
function keyProblem() {
  return keyChosen() ? publicKeyProblem(/** @type {HTMLTextAreaElement} */ (byId('cred-public-key')).value) : null;
}

/** A field's message goes as soon as the same checks that put it there find nothing wrong. */
export function watchCredentialFields() {
  byId('cred-method').addEventListener('change', updateMethodFields);
  clearWhenValid('cred-public-key', () => keyProblem() === null);
  clearWhenValid('cred-name', () => nameProblem() === null);
  clearWhenValid('cred-ips', () => ipProblems().length === 0);
  clearWhenValid('cred-expires', () => expiresProblem() === null);
  const checkSenha = clearWhenValid('cred-senha', () => senhaProblem() === null);
  clearWhenValid('cred-scopes', () => scopesProblem() === null);
  // Unchecking the last sensitive scope takes the need for the password away.
  byId('cred-scopes').addEventListener('change', checkSenha);
}

/**
 * Checks the form; returns the body to send, or null after showing the problems.
 * @returns {CredentialBody | null}
 */
export function collectForm() {
  if (state.form === null) return null;
  const form = byId('credential-form');
  clearErrors(form);
  const { mode, credential: original } = state.form;
  const editing = mode === 'edit';
  const name = /** @type {HTMLInputElement} */ (byId('cred-name')).value.trim();
  const scopes = selectedScopes();
  const lines = ipLines();
  const expires = /** @type {HTMLInputElement} */ (byId('cred-expires')).value || null;
  const senha = /** @type {HTMLInputElement} */ (byId('cred-senha')).value;
  /** @type {HTMLElement[]} */
  const problems = [];
  /** @type {[string, string | string[] | null][]} */
  const checks = [
    ['cred-name', nameProblem()],
    ['cred-public-key', keyProblem()],
    ['cred-scopes', scopesProblem()],
    ['cred-ips', ipProblems()],
    ['cred-expires', expiresProblem()],
    ['cred-senha', senhaProblem()],
  ];
  for (const [fieldId, problem] of checks) if (problem !== null && problem.length > 0) problems.push(setFieldError(fieldId, problem));

  if (problems.length > 0) {
    showFieldsSummary('form-error', problems.length);
    problems[0].focus();
    return null;
  }

  const ips = lines.map((l) => l.text);
  const expiresChanged = !editing || expires !== (original.expires || null);
  /** @type {CredentialBody} */
  let body;
  if (!editing) {
    body = { name, scopes, allowed_ips: ips, expires };
    if (keyChosen()) body.public_key = /** @type {HTMLTextAreaElement} */ (byId('cred-public-key')).value;
  } else {
    body = {};
    if (name !== original.name) body.name = name;
    if (!sameList([...scopes].sort(), [...original.scopes].sort())) body.scopes = scopes;
    if (!sameList(ips, original.allowed_ips)) body.allowed_ips = ips;
    if (expiresChanged) body.expires = expires;
    if (Object.keys(body).length === 0) {
      showFormError('form-error', 'Nenhuma alteração para salvar.');
      byId('cred-name').focus();
      return null;
    }
  }
  if (passwordNeeded()) body.senha_atual = senha;
  return body;
}
