/**
 * Lua scripts of the distributed rate limiter, and a tiny EVALSHA-with-fallback runner.
 * Time comes from Redis (TIME), so workers on machines with skewed clocks still agree.
 * Times inside the scripts are microseconds; they are formatted with %.0f because Lua's default
 * number-to-string conversion keeps only 14 significant digits.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export const ACQUIRE = `
-- KEYS[1] rate key: string, GCRA theoretical arrival time (TAT) in microseconds
-- KEYS[2] in-flight key: sorted set, member = lease id, score = lease expiry in microseconds
-- ARGV[1] emission interval in microseconds (1e6 / ratePerSec); 0 = no rate limit
-- ARGV[2] max in flight; 0 = no concurrency limit
-- ARGV[3] lease duration in ms
-- ARGV[4] lease id (unique per acquisition)
-- ARGV[5] longest wait in ms to suggest while the semaphore is full (a release may come before any expiry)
-- Returns 0 when acquired (both limits pass, the slot and the rate token are taken together),
-- else the number of ms to wait before asking again (nothing is taken).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local maxInFlight = tonumber(ARGV[2])
local leaseMs = tonumber(ARGV[3])
if maxInFlight > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('%.0f', now))
  if redis.call('ZCARD', KEYS[2]) >= maxInFlight then
    local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    local untilExpiry = math.ceil((tonumber(first[2]) - now) / 1000)
    return math.max(1, math.min(untilExpiry, tonumber(ARGV[5])))
  end
end
if interval > 0 then
  local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
  if tat > now then
    return math.max(1, math.ceil((tat - now) / 1000))
  end
  -- One request per interval, no burst: the target never sees more than ratePerSec in any second.
  local newTat = now + interval
  redis.call('SET', KEYS[1], string.format('%.0f', newTat), 'PX', math.ceil(interval / 1000) + 1000)
end
if maxInFlight > 0 then
  redis.call('ZADD', KEYS[2], string.format('%.0f', now + leaseMs * 1000), ARGV[4])
  redis.call('PEXPIRE', KEYS[2], leaseMs + 1000)
end
return 0
`;

export const RENEW = `
-- KEYS[1] in-flight key: sorted set, member = lease id, score = lease expiry in microseconds
-- ARGV[1] lease duration in ms
-- ARGV[2] lease id
-- Returns 1 when the lease was extended, 0 when it had already expired and been reclaimed
-- (never re-adds it: that slot may belong to someone else by now).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local leaseMs = tonumber(ARGV[1])
local score = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not score or tonumber(score) <= now then
  redis.call('ZREM', KEYS[1], ARGV[2])
  return 0
end
redis.call('ZADD', KEYS[1], 'XX', string.format('%.0f', now + leaseMs * 1000), ARGV[2])
redis.call('PEXPIRE', KEYS[1], leaseMs + 1000)
return 1
`;

const shas = new Map<string, string>();

/** EVALSHA, falling back to EVAL once when Redis has not cached the script (restart, SCRIPT FLUSH). */
export async function runScript(
  redis: Redis,
  script: string,
  keys: string[],
  args: (string | number)[],
): Promise<number> {
  let sha = shas.get(script);
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  try {
    return Number(await redis.evalsha(sha, keys.length, ...keys, ...args));
  } catch (err) {
    if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
    return Number(await redis.eval(script, keys.length, ...keys, ...args));
  }
}
