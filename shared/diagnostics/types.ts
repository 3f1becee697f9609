/** What every source yields: one chunk's vector with the document it was cut from. */
export interface VectorRecord {
  id: string;
  docId: string;
  /** null when the object has no vector (an ingestion anomaly this package counts). */
  vector: number[] | Float32Array | null;
}

/**
 * A collection streamed record by record. Consumers copy what they keep, so a source may reuse one
 * buffer for every record's vector (the benchmark's generator does).
 */
export type VectorSource = AsyncIterable<VectorRecord>;
