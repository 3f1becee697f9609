import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from '../../shared/config.ts';

describe('config', () => {
  it('lists every bad setting at once', () => {
    try {
      loadConfig({ VAGLIO_REDIS_URL: 'not a url', VAGLIO_PREFIX: 'a:b', VAGLIO_CONCURRENCY_JUDGE: '0', VAGLIO_API_TOKEN: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const key of ['VAGLIO_REDIS_URL', 'VAGLIO_PREFIX', 'VAGLIO_CONCURRENCY_JUDGE', 'VAGLIO_API_TOKEN']) {
        expect(problems).toContain(key);
      }
    }
  });

  it('defaults to the local Redis and Postgres and masks secrets when printed', () => {
    const c = loadConfig({ VAGLIO_API_TOKEN: 'a-very-secret-token-123', DATABASE_URL: 'postgres://u:pw@db:5432/x' });
    expect(c.VAGLIO_REDIS_URL).toBe('redis://127.0.0.1:6379');
    const shown = JSON.stringify(describeConfig(c));
    expect(shown).not.toContain('a-very-secret-token-123');
    expect(shown).not.toContain(':pw@');
  });
});
