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

/**
 * Takes a field's message away, and its form's summary of such messages once none is left.
 * @param {string} fieldId
 */
function clearFieldError(fieldId) {
  const field = byId(fieldId);
  const box = errorBoxFor(fieldId);
  box.hidden = true;
  box.replaceChildren();
  field.removeAttribute('aria-invalid');
  const form = field.closest('form');
  if (form === null) return;
  const left = form.querySelectorAll('[aria-invalid="true"]').length;
  for (const summary of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll('[data-summary="fields"]'))) {
    if (left > 0) summary.textContent = fieldsToCorrect(left);
    else {
      summary.hidden = true;
      summary.replaceChildren();
      delete summary.dataset.summary;
    }
  }
}

/**
 * Clears a field's message as soon as the field is right (typed in, checked, picked), rather than
 * when the form is sent again: a message that no longer holds reads as one still to fix. New
 * problems wait for the next send, so nobody is told off in the middle of a word.
 * @param {string} fieldId the field, or the fieldset of a group of checkboxes
 * @param {() => boolean} isValid what the form's own checks say of it now (the server checks again)
 * @returns {() => void} the check, for a field whose rule another field changes
 */
export function clearWhenValid(fieldId, isValid) {
  const field = byId(fieldId);
  const check = () => {
    if (field.getAttribute('aria-invalid') === 'true' && isValid()) clearFieldError(fieldId);
  };
  field.addEventListener('input', check);
  field.addEventListener('change', check);
  return check;
}

/**
 * The first field to focus among those `setFieldError` marked (null where a field was right).
 * @param {(HTMLElement | null)[]} marked in the form's order
 * @returns {HTMLElement | null}
 */
export function firstOf(marked) {
  return marked.find((field) => field !== null) || null;
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
    delete box.dataset.summary;
  }
}

/**
 * @param {string} boxId
 * @param {string} text
 * @param {string[]} [extra] listed below the text
 */
export function showFormError(boxId, text, extra) {
  const box = byId(boxId);
  delete box.dataset.summary;
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

/** @param {number} count */
function fieldsToCorrect(count) {
  return count === 1 ? 'Corrija o campo indicado.' : 'Corrija os ' + count + ' campos indicados.';
}

/**
 * A form's alert that only says how many fields to correct: it counts down as their messages go,
 * and goes with the last.
 * @param {string} boxId
 * @param {number} count
 */
export function showFieldsSummary(boxId, count) {
  showFormError(boxId, fieldsToCorrect(count));
  byId(boxId).dataset.summary = 'fields';
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
