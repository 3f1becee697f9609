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
import { configSchema, loadConfig, targetEnvRefusal } from '../../shared/config.ts';

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; image?: string; build?: unknown; depends_on?: Record<string, unknown>; deploy?: { replicas?: number }; environment?: Record<string, unknown>; env_file?: Array<string | { path: string; required?: boolean }>; volumes?: string[] }>;
  volumes?: Record<string, unknown>;
};
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

type Service = (typeof compose.services)[string];

/**
 * The environment compose gives a service's container: its env_file entries (a missing optional file is
 * skipped), then `environment`, with ${VAR}, ${VAR:-default} and ${VAR:?message} taken from the host.
 */
function containerEnv(svc: Service, host: Record<string, string>, files: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of svc.env_file ?? []) {
    const { path: file, required = true } = typeof entry === 'string' ? { path: entry } : entry;
    const text = files[file];
    if (text === undefined) {
      if (required) throw new Error(`env_file ${file} is required and missing: compose up would fail`);
      continue;
    }
    for (const line of text.split('\n')) {
      const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
      if (m) out[m[1]!] = m[2]!;
    }
  }
  for (const [key, raw] of Object.entries(svc.environment ?? {})) {
    out[key] = String(raw).replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
      const v = host[name];
      if (v !== undefined && v !== '') return v;
      if (op === '?') throw new Error(`${name} must be set: ${arg}`);
      return op === '-' ? (arg ?? '') : '';
    });
  }
  return out;
}

describe('docker-compose.yml', () => {
  it("gives every service the target secrets of targets.env and the operator's VAGLIO_TARGET_ENV_ALLOW", () => {
    const token = 'a-long-enough-api-token';
    const targetsEnv = 'VAGLIO_TARGET_BOT_TOKEN=s3cret-bot\n# comment\nBOT_LEGACY_KEY=legacy-key\n';
    for (const s of SERVICES) {
      const svc = compose.services[s]!;
      // Without targets.env compose still starts, with the default allow-list.
      const bare = loadConfig(containerEnv(svc, { VAGLIO_API_TOKEN: token }, {}));
      expect(bare.VAGLIO_TARGET_ENV_ALLOW, s).toEqual(['VAGLIO_TARGET_*']);
      const env = containerEnv(svc, { VAGLIO_API_TOKEN: token, VAGLIO_TARGET_ENV_ALLOW: 'VAGLIO_TARGET_*,BOT_LEGACY_KEY' }, { 'targets.env': targetsEnv });
      expect(env.VAGLIO_TARGET_BOT_TOKEN, `${s}: a VAGLIO_TARGET_ secret reaches the container`).toBe('s3cret-bot');
      expect(env.BOT_LEGACY_KEY, s).toBe('legacy-key');
      const allow = loadConfig(env).VAGLIO_TARGET_ENV_ALLOW;
      expect(allow, s).toEqual(['VAGLIO_TARGET_*', 'BOT_LEGACY_KEY']);
      expect(targetEnvRefusal('VAGLIO_TARGET_BOT_TOKEN', allow), s).toBeUndefined();
      expect(targetEnvRefusal('BOT_LEGACY_KEY', allow), s).toBeUndefined();
      // vaglio's own secrets stay out of a target's reach whatever the operator lists.
      expect(targetEnvRefusal('VAGLIO_API_TOKEN', [...allow, 'VAGLIO_*']), s).toMatch(/never readable/);
    }
    // No secret value is written in the compose file itself.
    const text = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/^\s*VAGLIO_TARGET_[A-Z_]+:\s*[^$\s]/m);
    expect(readFileSync(path.join(ROOT, '.gitignore'), 'utf8')).toMatch(/^targets\.env$/m);
  });

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
