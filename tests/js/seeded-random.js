// A small seeded PRNG (mulberry32) for the randomized tests, so a failure can be replayed
// with its seed.

/** @param {number} seed */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (/** @type {number} */ n) => Math.floor(next() * n);
  return { next, int, pick: (/** @type {any[]} */ xs) => xs[int(xs.length)] };
}
