/** Keeping resolved secrets (header tokens, API keys) out of everything vaglio stores, logs or throws. */
import { secretForms } from '../redact/secret-forms.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The forms a secret takes once echoed back (raw, JSON, URL, hex, base64 at any alignment): shared/redact. */
const forms = secretForms;

function stripString(s: string, fs: string[]): string {
  let out = s;
  for (const f of fs) if (out.includes(f)) out = out.split(f).join('***');
  return out;
}

/** A deep copy of `value` with every occurrence of each secret (in strings and keys) replaced by '***'. */
export function stripSecrets<T>(value: T, secrets: readonly string[]): T {
  const fs = forms(secrets);
  if (fs.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return stripString(v, fs);
    if (Array.isArray(v)) return v.map(walk);
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[stripString(k, fs)] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}
