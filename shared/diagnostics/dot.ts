/**
 * Dot product of two rows of flat arrays. Four accumulators let V8 pipeline the multiply-adds: the
 * pairwise near-duplicate and silhouette loops spend nearly all their time here (~2x over a plain loop).
 */
export function dot(a: Float32Array | Float64Array, ao: number, b: Float32Array | Float64Array, bo: number, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dim; d += 4) {
    s0 += a[ao + d]! * b[bo + d]!;
    s1 += a[ao + d + 1]! * b[bo + d + 1]!;
    s2 += a[ao + d + 2]! * b[bo + d + 2]!;
    s3 += a[ao + d + 3]! * b[bo + d + 3]!;
  }
  for (; d < dim; d++) s0 += a[ao + d]! * b[bo + d]!;
  return s0 + s1 + s2 + s3;
}
