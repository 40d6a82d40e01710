// A tiny element builder for the views.

/**
 * @param {string} tag `div`, or `div.class.other`
 * @param {Record<string, any> | null} [attrs] attributes; `on*` functions become listeners
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'value' || (key in el && key !== 'list' && typeof value !== 'string')) /** @type {any} */ (el)[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) el.append(typeof child === 'number' ? String(child) : child);
  return el;
}

/** An SVG element. @param {string} tag @param {Record<string, string | number>} attrs @param {...(Node | string)} children */
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

const decoder = new TextDecoder();
/** Bytes as text. @param {Uint8Array} bytes */
export const decode = (bytes) => decoder.decode(bytes);
const encoder = new TextEncoder();
/** Text as bytes. @param {string} text */
export const encode = (text) => encoder.encode(text);

/**
 * A unified diff as a coloured block, one span per line.
 * @param {string} patch
 * @param {string} [testid]
 */
export function diffBlock(patch, testid) {
  const pre = h('pre.diff', { 'data-testid': testid });
  for (const line of patch.split(/(?<=\n)/)) {
    const kind = line.startsWith('@@')
      ? 'at'
      : line.startsWith('+++') || line.startsWith('---')
        ? 'head'
        : line.startsWith('+')
          ? 'add'
          : line.startsWith('-')
            ? 'del'
            : 'ctx';
    pre.append(h(`span.${kind}`, null, line));
  }
  return pre;
}
