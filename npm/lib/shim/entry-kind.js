// What is at a path, in the engine's words (`observe::EntryKind`), from an lstat.

/**
 * The kind of what `st` (an lstat, never following a link) describes.
 * @param {import('node:fs').Stats} st
 * @returns {'file' | 'symlink' | 'directory' | 'other'}
 */
export const kindOfStats = (st) => (st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other');
