// A short confirmation in the page's live region, cleared after a while.
import { byId } from '../../page-base/dom.js';

/** @type {number | null} */
let toastTimer = null;

/** @param {string} text */
export function toast(text) {
  const box = byId('toast');
  box.textContent = text;
  if (toastTimer !== null) clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.textContent = '';
    toastTimer = null;
  }, 10000);
}
