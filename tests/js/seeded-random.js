// A small seeded PRNG (mulberry32) for the randomized tests, so a failure can be replayed
// with its seed.

/** Mulberry32: the next number in [0, 1) of the sequence `seed` starts. @param {number} seed */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {number} seed */
export function random(seed) {
  const next = mulberry32(seed);
  const int = (/** @type {number} */ n) => Math.floor(next() * n);
  return { next, int, pick: (/** @type {any[]} */ xs) => xs[int(xs.length)] };
}
