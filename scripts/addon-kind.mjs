// What machine a built addon is for, read from its header (ELF, Mach-O, PE), so the packer
// refuses to ship an x64 file in an arm64 package when artifacts get mixed up.

/**
 * The `{ os, cpu, libc? }` of an addon's bytes in npm's words, or `null` when the header is
 * none of the three formats.
 * @param {Buffer} bytes
 * @returns {{ os: string, cpu: string, libc?: string } | null}
 */
export function addonKind(bytes) {
  const cpu = (/** @type {Record<number, string>} */ table, /** @type {number} */ code) => table[code] ?? `machine 0x${code.toString(16)}`;
  if (bytes.length >= 20 && bytes.readUInt32BE(0) === 0x7f454c46) {
    const libc = bytes.includes('libc.musl-') ? 'musl' : bytes.includes('libc.so.6') ? 'glibc' : undefined;
    return { os: 'linux', cpu: cpu({ 62: 'x64', 183: 'arm64' }, bytes.readUInt16LE(18)), ...(libc && { libc }) };
  }
  if (bytes.length >= 8 && bytes.readUInt32LE(0) === 0xfeedfacf) {
    return { os: 'darwin', cpu: cpu({ 16777223: 'x64', 16777228: 'arm64' }, bytes.readUInt32LE(4)) };
  }
  if (bytes.length >= 0x40 && bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (pe + 6 <= bytes.length && bytes.readUInt32BE(pe) === 0x50450000) {
      return { os: 'win32', cpu: cpu({ 34404: 'x64', 43620: 'arm64' }, bytes.readUInt16LE(pe + 4)) };
    }
  }
  return null;
}
