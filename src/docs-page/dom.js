// The reference page's own elements: text with `code` spans, tables, code blocks, the code
// samples' tabs. Every text from the OpenAPI document or from a response goes in through
// textContent or a text node, never as markup, so nothing the server sends can become HTML;
// finding and building any element is in the pages' shared base (src/page-base/dom.js).
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

/** Where the reader's choice of language is kept between visits. */
const LANGUAGE_KEY = 'api-externa.docs.linguagem';

/**
 * The language chosen last: this page's, else the one kept from an earlier visit.
 * @type {string | null}
 */
let chosenLanguage = null;

/** @returns {string | null} */
function storedLanguage() {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Code samples in tabs, one per language (the WAI-ARIA tabs pattern: arrow keys, Home and End move
 * between tabs and select, one tab in the Tab order). Choosing a language selects it in every
 * operation's tabs and keeps it in localStorage; the tab the reader used stays where it was on the
 * screen while the others change.
 * @param {string} idPrefix unique on the page
 * @param {string} label the tab list's name
 * @param {{ id: string, label: string, name: string, text: string }[]} samples
 * @returns {HTMLDivElement}
 */
export function sampleTabs(idPrefix, label, samples) {
  const wanted = chosenLanguage || storedLanguage();
  const initial = samples.some((s) => s.id === wanted) ? wanted : samples[0]?.id;
  const tabs = samples.map((s) =>
    el('button', {
      type: 'button',
      role: 'tab',
      id: idPrefix + '-tab-' + s.id,
      className: 'sample-tab',
      'data-language': s.id,
      'aria-controls': idPrefix + '-painel-' + s.id,
      'aria-selected': String(s.id === initial),
      tabindex: s.id === initial ? '0' : '-1',
      text: s.label,
    }),
  );
  const panels = samples.map((s) => {
    const panel = el(
      'div',
      {
        role: 'tabpanel',
        id: idPrefix + '-painel-' + s.id,
        'aria-labelledby': idPrefix + '-tab-' + s.id,
        className: 'sample-panel',
        'data-language': s.id,
      },
      [codeBlock(s.text, 'sample sample-' + s.id + (s.id === 'curl' ? ' curl' : ''), 'o exemplo em ' + s.name)],
    );
    panel.hidden = s.id !== initial;
    return panel;
  });
  const list = el('div', { role: 'tablist', 'aria-label': label, className: 'sample-tabs' }, tabs);
  list.addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
    if (tab instanceof HTMLElement) chooseLanguage(tab);
  });
  list.addEventListener('keydown', (event) => {
    const at = tabs.findIndex((t) => t === document.activeElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (tab === undefined) return;
    tab.focus();
    chooseLanguage(tab);
  });
  return el('div', { className: 'samples' }, [list, ...panels]);
}

/**
 * Selects a tab's language in every tab list of the page, keeping the tab in place on the screen.
 * @param {HTMLElement} tab
 */
function chooseLanguage(tab) {
  const language = tab.getAttribute('data-language') || '';
  const top = tab.getBoundingClientRect().top;
  chosenLanguage = language;
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage refused (private mode, a policy): the choice holds for this page only.
  }
  for (const box of document.querySelectorAll('.samples')) {
    if (!box.querySelector(`[role="tab"][data-language="${CSS.escape(language)}"]`)) continue;
    for (const t of box.querySelectorAll('[role="tab"]')) {
      const selected = t.getAttribute('data-language') === language;
      t.setAttribute('aria-selected', String(selected));
      t.setAttribute('tabindex', selected ? '0' : '-1');
    }
    for (const panel of box.querySelectorAll('[role="tabpanel"]')) {
      if (panel instanceof HTMLElement) panel.hidden = panel.getAttribute('data-language') !== language;
    }
  }
  window.scrollBy(0, tab.getBoundingClientRect().top - top);
}
