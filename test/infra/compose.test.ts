/**
 * No Docker engine runs in development or CI, so the compose file and Dockerfile are checked by reading:
 * every service's command must exist in package.json and point at a file that exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/engine.ts';
import { SERVICES } from '../../queues/index.ts';
import { configSchema } from '../../shared/config.ts';

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; image?: string; build?: unknown; depends_on?: Record<string, unknown>; deploy?: { replicas?: number }; environment?: Record<string, unknown>; volumes?: string[] }>;
  volumes?: Record<string, unknown>;
};
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('docker-compose.yml', () => {
  it('runs every vaglio service, each from an npm script whose entry file exists', () => {
    for (const s of SERVICES) {
      const svc = compose.services[s];
      expect(svc, `service ${s} in compose`).toBeDefined();
      const cmd = svc!.command!;
      expect(cmd.slice(0, 2)).toEqual(['npm', 'run']);
      const script = pkg.scripts[cmd[2]!];
      expect(script, `npm script ${cmd[2]}`).toBeDefined();
      const file = script!.split(' ').find((w) => w.endsWith('.ts'));
      expect(file && existsSync(path.join(ROOT, file)), `${script} entry file`).toBe(true);
      expect(svc!.deploy?.replicas, `${s} replicas setting`).toBeGreaterThanOrEqual(1);
      expect(Object.keys(svc!.depends_on ?? {})).toContain('migrate');
    }
  });

  it('sets only settings vaglio reads (a misspelt one would be ignored silently)', () => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const s of SERVICES) {
      const keys = Object.keys(compose.services[s]!.environment ?? {}).filter((k) => k.startsWith('VAGLIO_') || k === 'DATABASE_URL');
      expect(keys.length, `${s} environment`).toBeGreaterThan(0);
      expect(keys.filter((k) => !known.has(k)), `${s}: unknown settings`).toEqual([]);
    }
  });

  it('keeps the report files on a volume the reporter (running as node) can write', () => {
    expect(compose.services.reporter?.volumes).toContain('reports-data:/app/reports');
    expect(Object.keys(compose.volumes ?? {})).toContain('reports-data');
    const df = readFileSync(path.join(ROOT, 'infra/Dockerfile'), 'utf8');
    expect(df).toMatch(/WORKDIR \/app[\s\S]*mkdir -p \/app\/reports && chown node:node \/app\/reports[\s\S]*USER node/);
  });

  it('has redis without eviction and with AOF, postgres, weaviate and a one-shot migrate', () => {
    const redisCmd = compose.services.redis!.command!.join(' ');
    expect(redisCmd).toMatch(/--maxmemory-policy noeviction/);
    expect(redisCmd).toMatch(/--appendonly yes/);
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.weaviate?.image).toMatch(/weaviate/);
    expect(compose.services.migrate?.command).toEqual(['npm', 'run', 'migrate']);
    expect(pkg.scripts.migrate).toMatch(/cli\/vaglio\.ts migrate/);
  });

  it('builds from a Dockerfile that copies every folder the services import from', () => {
    const df = readFileSync(path.join(ROOT, 'infra/Dockerfile'), 'utf8');
    for (const dir of ['queues', 'shared', 'services', 'scenarios', 'infra', 'cli']) {
      expect(df).toMatch(new RegExp(`COPY ${dir} \\./${dir}`));
      expect(existsSync(path.join(ROOT, dir)), dir).toBe(true);
    }
    expect(df).toMatch(/npm ci/);
  });
});
