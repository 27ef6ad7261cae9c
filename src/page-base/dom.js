// Finding and building elements, for every page the app serves itself (the settings area, the API
// reference). Every text goes in through textContent or a text node, never as markup, so nothing
// the server sends can become HTML.

/**
 * The page's element with this id. Every id the scripts ask for is in index.html, so a missing
 * one is a mistake in the page, reported here by name.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (node === null) throw new Error('The page has no element #' + id + '.');
  return node;
}

/**
 * `text` and `className` set those properties; any other key is an attribute (`true`: present
 * and empty). Null, undefined and false leave the key out.
 * @typedef {Record<string, string | boolean | null | undefined>} ElOptions
 */

/** @typedef {Node | string | null | undefined} ElChild */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {ElOptions} [options]
 * @param {ElChild[]} [children] strings become text nodes; null and undefined are skipped
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, options, children) {
  const node = document.createElement(tag);
  if (options) {
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = String(value);
      else if (key === 'className') node.className = String(value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children || []) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}
