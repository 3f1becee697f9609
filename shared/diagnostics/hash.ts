/**
 * Non-cryptographic hashes for vectors and ids. Vector hashes identify exact duplicates and changed vectors
 * between runs; they hash the float32 bit patterns, so two sources that store the same float32 values
 * (pgvector, a JSON export of it) hash alike. 64 bits (two 32-bit lanes): with 32 bits alone a million
 * vectors would give ~100 false duplicate pairs.
 */

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 32-bit string hash (FNV-1a over UTF-16 code units, finalised with murmur3's mixer). */
export function hashString32(s: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h ^ s.length);
}

/** A 53-bit priority for bottom-k sketches (a safe integer, so plain `<` compares it). */
export function hashString53(s: string, seed = 0): number {
  const hi = hashString32(s, seed ^ 0x9e3779b9) >>> 11; // 21 bits
  return hi * 4294967296 + hashString32(s, seed);
}

/** Output of `hashFloat32` : the two lanes, written in place to avoid an allocation per vector. */
export interface Hash64 {
  hi: number;
  lo: number;
}

/** Murmur3-style hash of the words of a float32 vector (length mixed in, so [0] and [0,0] differ). */
export function hashFloat32(words: Uint32Array, length: number, out: Hash64): Hash64 {
  let h1 = 0x1b873593 ^ length;
  let h2 = 0x6a09e667 ^ Math.imul(length, 0x85ebca6b);
  for (let i = 0; i < length; i++) {
    let k = words[i]!;
    if (k === 0x80000000) k = 0; // -0 and +0 are the same value
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h1 ^= k;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
    h2 ^= Math.imul(k, 0x27d4eb2f);
    h2 = (h2 << 17) | (h2 >>> 15);
    h2 = (Math.imul(h2, 9) + 0x165667b1) | 0;
  }
  out.hi = fmix32(h1 ^ h2);
  out.lo = fmix32(h2 + Math.imul(h1, 3));
  return out;
}

export function hashHex(h: Hash64): string {
  return h.hi.toString(16).padStart(8, '0') + h.lo.toString(16).padStart(8, '0');
}
