// The sidebar: a link per resource and per operation, the section being read marked with
// aria-current, and the filter box that narrows operations and guide sections as one types.
import { byId, el } from '../page-base/dom.js';

/**
 * @typedef {object} NavGroup
 * @property {string} id the section's id
 * @property {string} name
 * @property {{ id: string, label: string, method: string }[]} ops
 */

/**
 * Fills the resource list of the sidebar.
 * @param {NavGroup[]} groups
 */
export function renderNav(groups) {
  const list = byId('nav-list');
  for (const group of groups) {
    const ops = el(
      'ul',
      { className: 'nav-ops' },
      group.ops.map((op) =>
        el('li', { 'data-target': op.id }, [
          el('a', { href: '#' + op.id }, [
            el('span', { className: 'nav-method method-' + op.method, text: op.method.toUpperCase() }),
            ' ' + op.label,
          ]),
        ]),
      ),
    );
    list.append(el('li', { 'data-target': group.id }, [el('a', { href: '#' + group.id, className: 'nav-tag', text: group.name }), ops]));
  }
}

/**
 * The sections the sidebar links to, in page order.
 * @returns {HTMLElement[]}
 */
function targets() {
  return [...document.querySelectorAll('#conteudo section[id], #conteudo article[id]')]
    .filter(
      (node) => node instanceof HTMLElement && !node.hidden && document.querySelector('#navegacao a[href="#' + node.id + '"]') !== null,
    )
    .map((node) => /** @type {HTMLElement} */ (node));
}

/**
 * Marks the link of the section at the top of the viewport (and of its resource) as current.
 */
function highlight() {
  const line = 96;
  /** @type {HTMLElement | null} */
  let current = null;
  /** @type {HTMLElement | null} */
  let currentSection = null;
  for (const node of targets()) {
    if (node.getBoundingClientRect().top > line) break;
    current = node;
    if (node.tagName === 'SECTION') currentSection = node;
  }
  const ids = new Set([current?.id, current?.tagName === 'ARTICLE' ? current.closest('section')?.id : currentSection?.id]);
  for (const link of document.querySelectorAll('#navegacao a[href^="#"]')) {
    const id = (link.getAttribute('href') || '').slice(1);
    if (ids.has(id)) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  }
}

/** Keeps the current section marked while scrolling. */
export function trackCurrentSection() {
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(() => {
      pending = false;
      highlight();
    });
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('hashchange', schedule);
  highlight();
}

/**
 * Text for matching: lower case, without accents.
 * @param {string} text
 * @returns {string}
 */
const plain = (text) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * @param {string} id
 * @param {boolean} visible
 */
function showNavItem(id, visible) {
  const item =
    document.querySelector('#navegacao li[data-target="' + CSS.escape(id) + '"]') ||
    document.querySelector('#navegacao a[href="#' + CSS.escape(id) + '"]')?.closest('li');
  if (item instanceof HTMLElement) item.hidden = !visible;
}

/**
 * The filter box: every word typed must appear in an operation (method, path, summary,
 * parameters, resource) or guide section for it to stay shown.
 */
export function initFilter() {
  const input = /** @type {HTMLInputElement} */ (byId('filtro'));
  input.disabled = false;
  input.addEventListener('input', () => {
    const words = plain(input.value).split(/\s+/).filter(Boolean);
    const matches = (/** @type {string} */ text) => words.every((w) => text.includes(w));
    let shown = 0;
    for (const section of document.querySelectorAll('#conteudo section.guide')) {
      if (!(section instanceof HTMLElement)) continue;
      const visible = matches(plain(section.textContent || ''));
      section.hidden = !visible;
      showNavItem(section.id, visible);
      if (visible) shown++;
    }
    for (const section of document.querySelectorAll('#endpoints section.tag-section')) {
      if (!(section instanceof HTMLElement)) continue;
      const tag = plain(section.getAttribute('data-tag') || '');
      let any = false;
      for (const article of section.querySelectorAll('article.operation')) {
        if (!(article instanceof HTMLElement)) continue;
        const visible = matches(tag + ' ' + plain(article.getAttribute('data-search') || ''));
        article.hidden = !visible;
        showNavItem(article.id, visible);
        if (visible) any = true;
      }
      section.hidden = !any;
      showNavItem(section.id, any);
      if (any) shown++;
    }
    byId('filtro-vazio').hidden = shown > 0;
    highlight();
  });
}
