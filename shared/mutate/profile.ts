/**
 * Where a mutation run spends its time, by phase (judging originals, each operator's mutate and judge, suggested
 * checks) and by whatever else a caller times (bench:mutate --profile adds each check type and detector).
 * Off unless a profile is passed: the engine then only checks for its absence.
 */
export class MutationProfile {
  readonly rows = new Map<string, { ms: number; calls: number }>();

  add(key: string, ms: number): void {
    const row = this.rows.get(key);
    if (row) {
      row.ms += ms;
      row.calls++;
    } else this.rows.set(key, { ms, calls: 1 });
  }

  /** Rows whose key starts with `group` (e.g. "check:"), largest first, as a table with shares of `totalMs`. */
  table(group: string, totalMs: number): string {
    const rows = [...this.rows].filter(([k]) => k.startsWith(group)).sort((a, b) => b[1].ms - a[1].ms);
    const width = Math.max(8, ...rows.map(([k]) => k.length - group.length));
    const lines = rows.map(([k, r]) =>
      `${k.slice(group.length).padEnd(width)} ${r.ms.toFixed(0).padStart(7)} ms ${((100 * r.ms) / totalMs).toFixed(1).padStart(5)} % ${String(r.calls).padStart(8)} calls ${((1000 * r.ms) / r.calls).toFixed(1).padStart(8)} µs/call`,
    );
    return [`${'(' + group.replace(/:$/, '') + ')'.padEnd(0)}`.padEnd(width) + '      time  share      calls     per call', ...lines].join('\n');
  }
}

/** Times `fn` into `profile` under `key` (no-op wrapper without a profile). */
export async function timed<T>(profile: MutationProfile | undefined, key: string, fn: () => Promise<T> | T): Promise<T> {
  if (!profile) return fn();
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    profile.add(key, performance.now() - t0);
  }
}
