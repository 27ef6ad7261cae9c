// The reference page's own elements: text with `code` spans, tables, code blocks. Every text from
// the OpenAPI document or from a response goes in through textContent or a text node, never as
// markup, so nothing the server sends can become HTML; finding and building any element is in
// the pages' shared base (src/page-base/dom.js).
import { el } from '../page-base/dom.js';

/**
 * Appends text with `code` spans (between backticks) to a parent, as text nodes and <code>.
 * @template {HTMLElement} T
 * @param {T} parent
 * @param {unknown} text
 * @returns {T}
 */
export function appendInline(parent, text) {
  const parts = String(text).split('`');
  parts.forEach((part, i) => {
    // An unmatched final backtick stays literal text.
    if (i % 2 === 1 && i < parts.length - 1) parent.append(el('code', { text: part }));
    else if (part !== '') parent.append(document.createTextNode(i % 2 === 1 ? '`' + part : part));
  });
  return parent;
}

/**
 * Markdown-ish text: paragraphs separated by blank lines, `- ` bullet lists, `code` spans.
 * @param {string | undefined} text
 * @returns {DocumentFragment}
 */
export function renderText(text) {
  const frag = document.createDocumentFragment();
  const lines = String(text || '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  /** @type {string[]} */
  let para = [];
  /** @type {HTMLUListElement | null} */
  let list = null;
  /** @type {HTMLLIElement | null} */
  let lastItem = null;
  const flushPara = () => {
    if (para.length > 0) frag.append(appendInline(el('p'), para.join(' ')));
    para = [];
  };
  const flushList = () => {
    if (list !== null) frag.append(list);
    list = null;
    lastItem = null;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      flushPara();
      flushList();
    } else if (line.startsWith('- ')) {
      flushPara();
      if (list === null) list = el('ul');
      lastItem = appendInline(el('li'), line.slice(2));
      list.append(lastItem);
    } else if (lastItem !== null && raw.charAt(0) === ' ') {
      // An indented line continues the previous bullet.
      appendInline(lastItem, ' ' + line);
    } else {
      flushList();
      para.push(line);
    }
  }
  flushPara();
  flushList();
  return frag;
}

/**
 * An id for a section: the text in lower-case ASCII, words joined by `-`.
 * @param {string} prefix
 * @param {string} text
 * @returns {string}
 */
export function slug(prefix, text) {
  return (
    prefix +
    String(text)
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  );
}

/** @typedef {Node | string | null | undefined} Cell */

/**
 * A table that stacks into labelled rows on a phone (labels via data-label).
 * @param {string[]} headers
 * @param {Cell[][]} rows
 * @param {string} [className]
 * @returns {HTMLDivElement}
 */
export function table(headers, rows, className) {
  const head = el(
    'tr',
    {},
    headers.map((h) => el('th', { scope: 'col', text: h })),
  );
  const body = rows.map((cells) =>
    el(
      'tr',
      {},
      cells.map((cell, i) => {
        const td = el('td', { 'data-label': headers[i] });
        if (cell !== null && cell !== undefined) td.append(cell);
        return td;
      }),
    ),
  );
  return el('div', { className: 'table-wrap' }, [
    el('table', { className: 'table ' + (className || '') }, [el('thead', {}, [head]), el('tbody', {}, body)]),
  ]);
}

/**
 * A block of code with a copy button (the button is left out when printing).
 * @param {string} text
 * @param {string} className
 * @param {string} label what the button copies, for screen readers
 * @returns {HTMLDivElement}
 */
export function codeBlock(text, className, label) {
  const code = el('code', { text });
  // Focusable and named: a line wider than the block scrolls inside it, and the keyboard scrolls it too.
  const pre = el('pre', { className: 'code ' + className, tabindex: '0', role: 'group', 'aria-label': 'Código: ' + label }, [code]);
  const button = el('button', { type: 'button', className: 'copy', text: 'Copiar', 'aria-label': 'Copiar ' + label });
  button.addEventListener('click', () => {
    copy(text, code).then((ok) => {
      button.textContent = ok ? 'Copiado' : 'Selecionado: Ctrl+C';
      setTimeout(() => (button.textContent = 'Copiar'), 2000);
    });
  });
  return el('div', { className: 'code-box' }, [pre, button]);
}

/**
 * Copies text; without the clipboard API (plain HTTP), selects it for Ctrl+C instead.
 * @param {string} text
 * @param {Node} node the element that shows the text
 * @returns {Promise<boolean>}
 */
async function copy(text, node) {
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return false;
  }
}
