// Copying a value to the clipboard, with the browser's older way as a fallback and, failing
// both, the value left selected for the user to copy.

/**
 * Selects the text of `node` (what Ctrl+C then copies).
 * @param {Node} node
 */
function select(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  if (selection) {
    selection.removeAllRanges();
    selection.addRange(range);
  }
}

/**
 * Copies `text`, which `node` shows. Resolves to whether it was copied; when it was not, the
 * node's text is selected.
 * @param {string} text
 * @param {Node} node
 * @returns {Promise<boolean>}
 */
export async function copyText(text, node) {
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    select(node);
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** What to tell the user when nothing was copied and the value is selected instead. */
export const COPY_BY_HAND = 'Não foi possível copiar automaticamente: o texto está selecionado, use Ctrl+C (ou Cmd+C) para copiá-lo.';
