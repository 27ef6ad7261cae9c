// Building and finding elements. Every text goes in through textContent or a text node, never
// as markup, so nothing the API sends can become HTML.

export const $ = (id) => document.getElementById(id);

export function el(tag, options, children) {
  const node = document.createElement(tag);
  if (options) {
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'className') node.className = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children || []) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

export function badge(text, className) {
  return el('span', { className: 'badge ' + className, text });
}
