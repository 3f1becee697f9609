/**
 * The forms a secret takes once a target echoes it back, so each can be replaced before anything is stored:
 * as is, JSON-escaped, URL-encoded, hex (either case), and base64 / base64url. Base64 depends on where the
 * secret starts within its 3-byte groups (`Basic base64("user:" + key)` shifts it), so for each of the three
 * alignments the part of the encoding made of the secret's bytes alone is a form; what is left around a
 * replaced base64 form is at most the encoding of 2 bytes of the secret plus its neighbours.
 */

/** Below this length a secret's encoded fragments are too short to replace without hitting ordinary text. */
const MIN_ENCODED_SECRET = 8;

/** The base64 characters that encode only bytes of `secret` when it starts `offset` bytes into a 3-byte group. */
function base64Core(secret: Buffer, offset: 0 | 1 | 2): string {
  // Skip the secret's bytes that share a group with what precedes it, then keep whole groups only.
  const skip = offset === 0 ? 0 : 3 - offset;
  const whole = Math.floor((secret.length - skip) / 3) * 3;
  if (whole <= 0) return '';
  return secret.subarray(skip, skip + whole).toString('base64');
}

export function secretForms(secrets: readonly string[]): string[] {
  const all = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    all.add(s);
    all.add(JSON.stringify(s).slice(1, -1));
    all.add(encodeURIComponent(s));
    if (s.length < MIN_ENCODED_SECRET) continue;
    const bytes = Buffer.from(s, 'utf8');
    all.add(bytes.toString('hex'));
    all.add(bytes.toString('hex').toUpperCase());
    // The secret encoded on its own (the usual echo), tail included.
    all.add(bytes.toString('base64'));
    all.add(bytes.toString('base64url'));
    for (const offset of [0, 1, 2] as const) {
      const core = base64Core(bytes, offset);
      if (core.length < MIN_ENCODED_SECRET) continue;
      all.add(core);
      all.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  // Longest first: a form that contains another is replaced whole.
  return [...all].sort((a, b) => b.length - a.length);
}
