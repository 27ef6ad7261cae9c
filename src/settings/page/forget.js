// What the panels clear when the session ends. session.js runs it; a panel that imports session.js
// (for its failure handling) registers here instead of being imported by session.js, which would
// make the two import each other.

/** @type {Array<() => void>} */
const cleaners = [];

/** @param {() => void} clean run when the session ends */
export function onForget(clean) {
  cleaners.push(clean);
}

export function forgetPanels() {
  for (const clean of cleaners) clean();
}
