// Problems shown beside the fields they concern (and announced through aria-invalid), and forms
// marked busy while their request is under way.
import { byId, el } from '../../page-base/dom.js';

/** @param {string} fieldId */
function errorBoxFor(fieldId) {
  return byId(fieldId + '-error');
}

/**
 * Shows a message beside a field (or a list of messages); returns the element to focus.
 * @param {string} fieldId
 * @param {string | string[]} messages
 * @returns {HTMLElement}
 */
export function setFieldError(fieldId, messages) {
  const field = byId(fieldId);
  const box = errorBoxFor(fieldId);
  const list = Array.isArray(messages) ? messages : [messages];
  if (box.tagName === 'DIV') {
    box.replaceChildren(
      list.length === 1
        ? el('p', { className: 'field-error', text: list[0] })
        : el(
            'ul',
            {},
            list.map((m) => el('li', { text: m })),
          ),
    );
  } else {
    box.textContent = list.join(' ');
  }
  box.hidden = false;
  field.setAttribute('aria-invalid', 'true');
  if (field.tagName === 'FIELDSET') return field.querySelector('input') || field;
  return field;
}

/** @param {HTMLElement} root */
export function clearErrors(root) {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.field-error'))) {
    if (box.id && box.id.endsWith('-error')) {
      box.hidden = true;
      box.replaceChildren();
    }
  }
  for (const node of root.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.notice-error'))) {
    box.hidden = true;
    box.replaceChildren();
  }
}

/**
 * @param {string} boxId
 * @param {string} text
 * @param {string[]} [extra] listed below the text
 */
export function showFormError(boxId, text, extra) {
  const box = byId(boxId);
  box.replaceChildren(text);
  if (extra && extra.length > 0)
    box.append(
      el(
        'ul',
        {},
        extra.map((m) => el('li', { text: m })),
      ),
    );
  box.hidden = false;
}

/**
 * Marks the form busy and its submit buttons disabled while `work` runs.
 * @param {HTMLFormElement} form
 * @param {() => Promise<void>} work
 */
export async function busy(form, work) {
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (form.querySelectorAll('button[type="submit"]'));
  form.setAttribute('aria-busy', 'true');
  for (const b of buttons) b.disabled = true;
  try {
    await work();
  } finally {
    form.removeAttribute('aria-busy');
    for (const b of buttons) b.disabled = false;
  }
}
