/** Task keys from user ids: only [A-Za-z0-9_.-/@] survive; collisions get a numeric suffix. */
export function keyMaker() {
  const used = new Set<string>();
  return (raw: string): string => {
    const base = raw.normalize('NFKD').replace(/[^A-Za-z0-9_.\-/@]+/g, '_').slice(0, 180) || 'x';
    let key = base;
    for (let i = 2; used.has(key); i++) key = `${base}~${i}`.replace('~', '_');
    used.add(key);
    return key;
  };
}
