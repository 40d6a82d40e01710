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
  // Lines still to come in the current hunk, from its header's counts: inside a hunk a
  // line is what its first character says (a deleted `-- x` is a deletion, not a header).
  let old = 0;
  let now = 0;
  for (const line of patch.split(/(?<=\n)/)) {
    const counts = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
    let kind = 'ctx';
    if (counts) {
      [old, now] = [Number(counts[1] ?? 1), Number(counts[2] ?? 1)];
      kind = 'at';
    } else if (old > 0 || now > 0) {
      if (line.startsWith('+')) (kind = 'add'), (now -= 1);
      else if (line.startsWith('-')) (kind = 'del'), (old -= 1);
      else if (line.startsWith(' ')) (old -= 1), (now -= 1);
    } else if (line.startsWith('+++') || line.startsWith('---')) kind = 'head';
    pre.append(h(`span.${kind}`, null, line));
  }
  return pre;
}

/**
 * A hunk's lines (`diffHunks`) as a coloured block, each line marked by its kind.
 * @param {import('upkeep').HunkLine[]} lines
 */
export function hunkBlock(lines) {
  const pre = h('pre.diff');
  for (const { kind, text } of lines) {
    const [span, sign] = kind === 'insert' ? ['add', '+'] : kind === 'delete' ? ['del', '-'] : ['ctx', ' '];
    const line = decode(text);
    pre.append(h(`span.${span}`, null, `${sign}${line.endsWith('\n') ? line : `${line}\n`}`));
  }
  return pre;
}
