/**
 * Exact duplicates across documents in one streaming pass: an open-addressing hash table on typed arrays,
 * keyed by the 64-bit vector hash, holding the first document's hash, a count and a "seen in more than one
 * document" flag. ~17 bytes per slot at load <= 0.5; past `maxEntries` distinct vectors new ones are no
 * longer tracked (the result says `complete: false`) so memory stays bounded on any collection.
 */
export interface DuplicateSummary {
  /** Distinct vectors that occur in two or more documents. */
  groups: number;
  /** Vectors identical to a vector of another document (every member of such a group). */
  vectors: number;
  /** False when the table filled up and later distinct vectors were not tracked. */
  complete: boolean;
  trackedDistinct: number;
}

export class DuplicateTable {
  private capacity: number;
  private size = 0;
  private hi: Uint32Array;
  private lo: Uint32Array;
  private doc: Uint32Array;
  private count: Uint32Array;
  private flags: Uint8Array; // bit 0: used, bit 1: multi-document
  private full = false;

  constructor(
    private readonly maxEntries = 4_000_000,
    initialCapacity = 1 << 12,
  ) {
    this.capacity = initialCapacity;
    this.hi = new Uint32Array(this.capacity);
    this.lo = new Uint32Array(this.capacity);
    this.doc = new Uint32Array(this.capacity);
    this.count = new Uint32Array(this.capacity);
    this.flags = new Uint8Array(this.capacity);
  }

  add(hi: number, lo: number, docHash: number): void {
    const mask = this.capacity - 1;
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    while (this.flags[i]! & 1) {
      if (this.hi[i] === hi && this.lo[i] === lo) {
        this.count[i]! += 1;
        if (this.doc[i] !== docHash) this.flags[i]! |= 2;
        return;
      }
      i = (i + 1) & mask;
    }
    if (this.size >= this.maxEntries) {
      this.full = true;
      return;
    }
    this.hi[i] = hi;
    this.lo[i] = lo;
    this.doc[i] = docHash;
    this.count[i] = 1;
    this.flags[i] = 1;
    this.size++;
    if (this.size * 2 > this.capacity) this.grow();
  }

  private grow(): void {
    const { hi, lo, doc, count, flags } = this;
    this.capacity *= 2;
    this.hi = new Uint32Array(this.capacity);
    this.lo = new Uint32Array(this.capacity);
    this.doc = new Uint32Array(this.capacity);
    this.count = new Uint32Array(this.capacity);
    this.flags = new Uint8Array(this.capacity);
    const mask = this.capacity - 1;
    for (let j = 0; j < flags.length; j++) {
      if (!(flags[j]! & 1)) continue;
      let i = (lo[j]! ^ Math.imul(hi[j]!, 0x9e3779b1)) & mask;
      while (this.flags[i]! & 1) i = (i + 1) & mask;
      this.hi[i] = hi[j]!;
      this.lo[i] = lo[j]!;
      this.doc[i] = doc[j]!;
      this.count[i] = count[j]!;
      this.flags[i] = flags[j]!;
    }
  }

  summary(): DuplicateSummary {
    let groups = 0;
    let vectors = 0;
    for (let i = 0; i < this.capacity; i++) {
      if (this.flags[i] === 3) {
        groups++;
        vectors += this.count[i]!;
      }
    }
    return { groups, vectors, complete: !this.full, trackedDistinct: this.size };
  }
}
