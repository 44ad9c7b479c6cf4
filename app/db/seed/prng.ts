/**
 * A small seeded PRNG so the demo data is the same on every machine and every run.
 * Math.random is never used by the seed generator.
 */

/** mulberry32: 32-bit state, fast, good enough for demo data. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Mixes several integers into one 32-bit seed (murmur3 finaliser per part). Lets every product
 * get its own random stream from (seed, index) so rows can be made in any order, one at a time.
 */
export function hashSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    let k = Math.imul(part | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h = Math.imul(h ^ Math.imul(k, 0x1b873593), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Convenience wrapper with the draws the generator needs. */
export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  static of(...parts: number[]): Rng {
    return new Rng(hashSeed(...parts));
  }

  float(): number {
    return this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return items[items.length - 1][0];
  }

  /** `count` distinct items in a random order (partial Fisher-Yates on a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }
}

/**
 * A seeded permutation of 0..size-1 (a 4-round Feistel network with cycle-walking): walks a
 * family's combinations in a shuffled but repeatable order without storing a shuffled array.
 */
export function permutation(size: number, seed: number): (k: number) => number {
  if (size <= 1) return () => 0;
  const bits = Math.ceil(Math.log2(size));
  const half = Math.ceil(bits / 2);
  const mask = (1 << half) - 1;
  const keys = [1, 2, 3, 4].map((round) => hashSeed(seed, round));
  const encrypt = (x: number) => {
    let left = x >>> half;
    let right = x & mask;
    for (const key of keys) [left, right] = [right, (left ^ hashSeed(key, right)) & mask];
    return (left << half) | right;
  };
  return (k) => {
    let x = encrypt(k);
    while (x >= size) x = encrypt(x); // stays inside 0..size-1 and stays a bijection
    return x;
  };
}
