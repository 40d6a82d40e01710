// The call the update flow makes to turn a release spec into a folder to read (a
// directory, a .tar.gz, a git repository at a tag or ref, an npm package; see
// npm/lib/releases/open.js for the spec syntax and the cache).
export { openRelease } from '../releases/open.js';

/** @typedef {import('../releases/open.js').Release} Release */
