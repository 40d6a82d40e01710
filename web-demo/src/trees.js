// File trees held in memory: the bundled example (read at build time) and folders picked
// in the page. A tree is a Map from a `/`-separated relative path to the file's bytes.

const encoder = new TextEncoder();

// `exhaustive` includes dot folders (.upkeep, .github); the files are text, read raw.
const baselineFiles = import.meta.glob('../../examples/starter-template/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
  exhaustive: true,
});
const latestFiles = import.meta.glob('../../examples/starter-template-1.3.0/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
  exhaustive: true,
});
const projectFiles = import.meta.glob('../../examples/starter-project/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
  exhaustive: true,
});

/** @typedef {Map<string, Uint8Array>} Tree */

/**
 * @param {Record<string, string>} modules glob results keyed by import path
 * @param {string} prefix the folder they were globbed from
 * @returns {Tree}
 */
function treeOf(modules, prefix) {
  return new Map(Object.entries(modules).map(([key, text]) => [key.slice(prefix.length), encoder.encode(text)]));
}

/** The bundled example: starter-template 1.2.0, 1.3.0, and a project installed from 1.2.0. */
export const example = {
  label: 'bundled example: starter-template 1.2.0 → 1.3.0 on starter-project',
  baseline: treeOf(baselineFiles, '../../examples/starter-template/'),
  latest: treeOf(latestFiles, '../../examples/starter-template-1.3.0/'),
  project: treeOf(projectFiles, '../../examples/starter-project/'),
};

/**
 * Reads the files of an `<input webkitdirectory>` selection, paths relative to the picked folder.
 * @param {FileList} list
 * @returns {Promise<Tree>}
 */
export async function treeFromFileList(list) {
  const files = [...list];
  const entries = await Promise.all(
    files.map(async (file) => {
      const relative = file.webkitRelativePath || file.name;
      const path = relative.split('/').slice(1).join('/') || relative;
      return /** @type {[string, Uint8Array]} */ ([path, new Uint8Array(await file.arrayBuffer())]);
    }),
  );
  return new Map(entries);
}

/**
 * Reads a folder dropped on the page (a `DataTransferItem`'s file-system entry), paths
 * relative to that folder. Null when the item is not a folder.
 * @param {DataTransferItem} item
 * @returns {Promise<Tree | null>}
 */
export async function treeFromDrop(item) {
  const entry = item.webkitGetAsEntry();
  if (!entry?.isDirectory) return null;
  /** @type {Tree} */
  const tree = new Map();
  /** @param {FileSystemDirectoryEntry} dir @param {string} prefix */
  const walk = async (dir, prefix) => {
    const reader = dir.createReader();
    // readEntries returns the entries in batches until it returns none.
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) return;
      for (const child of /** @type {FileSystemEntry[]} */ (batch)) {
        const path = `${prefix}${child.name}`;
        if (child.isDirectory) await walk(/** @type {FileSystemDirectoryEntry} */ (child), `${path}/`);
        else if (child.isFile) {
          const file = await new Promise((resolve, reject) => /** @type {FileSystemFileEntry} */ (child).file(resolve, reject));
          tree.set(path, new Uint8Array(await /** @type {File} */ (file).arrayBuffer()));
        }
      }
    }
  };
  await walk(/** @type {FileSystemDirectoryEntry} */ (entry), '');
  return tree;
}

/**
 * One side of a path as the engine's update input wants it (as the update flow's `side`
 * reads it from disk): the bytes of a file, `directory` when files live under it, else null.
 * @param {Tree} tree
 * @param {string} path
 */
export function side(tree, path) {
  const bytes = tree.get(path);
  if (bytes !== undefined) return { bytes };
  const folder = `${path}/`;
  for (const key of tree.keys()) if (key.startsWith(folder)) return { kind: /** @type {const} */ ('directory') };
  return null;
}

/** A file of a tree as text, or null. @param {Tree} tree @param {string} path */
export function text(tree, path) {
  const bytes = tree.get(path);
  return bytes === undefined ? null : new TextDecoder().decode(bytes);
}
