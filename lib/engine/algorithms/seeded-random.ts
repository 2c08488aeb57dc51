/** A deterministic source of random numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a tiny 32-bit PRNG, plenty for shuffling visit orders and sampling sources, and
 * reproducible across runs and machines (Math.random is neither seedable nor stable).
 */
export function createRandom({ seed }: { seed: number }): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, bound). */
export function randomInt({ random, bound }: { random: Random; bound: number }): number {
  return Math.floor(random() * bound);
}

/** Shuffles an array in place (Fisher–Yates) and returns it. */
export function shuffleInPlace<T extends { length: number; [index: number]: number }>({
  random,
  values,
}: {
  random: Random;
  values: T;
}): T {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = values[i];
    values[i] = values[j];
    values[j] = swap;
  }
  return values;
}

/** 0…n-1 in a seeded random order. */
export function randomPermutation({ random, size }: { random: Random; size: number }): Int32Array {
  const order = new Int32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  return shuffleInPlace({ random, values: order });
}

/**
 * 0…n-1 as blocks of consecutive nodes, the blocks in seeded random order. Blocks grow with
 * the graph (1 node up to ~1k nodes, 64 from ~64k): small graphs fit in cache anyway and get
 * a fully random order, as in NetworkX.
 */
export function blockShuffledOrder({
  random,
  size: n,
}: {
  random: Random;
  size: number;
}): Int32Array {
  const blockSize = 2 ** Math.max(0, Math.min(6, Math.floor(Math.log2(Math.max(1, n / 1024)))));
  const blocks = randomPermutation({ random, size: Math.ceil(n / blockSize) });
  const order = new Int32Array(n);
  let write = 0;
  for (let b = 0; b < blocks.length; b++) {
    const end = Math.min(n, (blocks[b] + 1) * blockSize);
    for (let u = blocks[b] * blockSize; u < end; u++) order[write++] = u;
  }
  return order;
}
