// Values that never break across lines (client ids, URLs: code.token) scroll sideways inside
// their own box when the line is too narrow for them. A keyboard user can scroll only a box that
// takes focus, so each one does while it is wider than its box — only then, or every client id
// in the list would be a stop for the Tab key.

const SELECTOR = 'code.token';

function refresh() {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(SELECTOR))) {
    // More than a pixel: a fraction of one is the rounding of the box's width, nothing hidden.
    const scrolls = box.scrollWidth - box.clientWidth > 1;
    if (scrolls && !box.hasAttribute('tabindex')) box.setAttribute('tabindex', '0');
    else if (!scrolls && box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
  }
}

let pending = false;
function schedule() {
  if (pending) return;
  pending = true;
  // Once the changes of this turn are laid out, before they are painted.
  window.requestAnimationFrame(() => {
    pending = false;
    refresh();
  });
}

/** Keeps every token's focusability in step with its width: as the page changes and as the window does. */
export function watchScrollBoxes() {
  new window.MutationObserver(schedule).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['hidden', 'open'],
  });
  window.addEventListener('resize', schedule);
  schedule();
}
