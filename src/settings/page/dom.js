// The settings page's own elements; finding and building any element is in the pages' shared
// base (src/page-base/dom.js).
import { el } from '../../page-base/dom.js';

/**
 * @param {string} text
 * @param {string} className
 * @returns {HTMLSpanElement}
 */
export function badge(text, className) {
  return el('span', { className: 'badge ' + className, text });
}
