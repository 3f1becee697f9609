/**
 * npm run bench:csv [-- --mb 21]: importing a large Copilot Studio CSV. A file of the given size is generated
 * (Excel in Italian: BOM, `;`, CRLF, quoted fields with `;`, doubled quotes and line breaks), then imported in a
 * fresh process, as `vaglio run` and `vaglio import` read it: streamed into a test set, then written as YAML.
 * Reports rows/s and the peak RSS of each phase (the process's high-water mark). Issue 22: 1.8 GB before streaming.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importCopilotStudioFile } from '../shared/scenarios/copilot-studio.ts';
import { exportScenarioYaml } from '../shared/scenarios/yaml-export.ts';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '21' }, child: { type: 'string' } } });
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Writes `bytes` of CSV; returns the number of questions. */
async function generate(file: string, bytes: number): Promise<number> {
  const out = createWriteStream(file);
  let written = 0;
  let rows = 0;
  const write = (s: string) => new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once('drain', resolve)));
  await write('\uFEFFQuestion;Expected response\r\n');
  while (written < bytes) {
    const i = rows;
    const q = i % 7 === 0 ? `"Il bando BN-${i} dice ""entro 30 giorni"":\r\nda quando si contano?"` : `"Quanti posti ci sono nel bando BN-${i}; e per quale profilo?"`;
    const e = i % 3 === 0 ? '' : `Il bando BN-${i} prevede ${1 + (i % 40)} posti, profilo istruttore; la domanda va presentata entro il ${1 + (i % 27)} marzo 2027.`;
    const line = `${q};${e.includes(';') ? `"${e}"` : e}\r\n`;
    written += Buffer.byteLength(line);
    rows++;
    await write(line);
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return rows;
}

async function child(file: string): Promise<void> {
  const t0 = performance.now();
  const set = await importCopilotStudioFile(file, { fileName: file, setId: 'bench' });
  const t1 = performance.now();
  const importPeak = peakMb();
  const yaml = exportScenarioYaml(set);
  const t2 = performance.now();
  process.stdout.write(JSON.stringify({ cases: set.cases.length, importMs: t1 - t0, importPeak, yamlMs: t2 - t1, yamlChars: yaml.length, totalPeak: peakMb() }));
}

async function main(): Promise<void> {
  if (values.child) return child(values.child);
  const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-bench-csv-'));
  try {
    const file = path.join(dir, 'domande.csv');
    const rows = await generate(file, Number(values.mb) * 1e6);
    const size = statSync(file).size;
    // A fresh process, so the peak is the import's and not the generator's.
    const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) throw new Error(`import failed: ${run.stderr}`);
    const r = JSON.parse(run.stdout) as { cases: number; importMs: number; importPeak: number; yamlMs: number; yamlChars: number; totalPeak: number };
    if (r.cases !== rows) throw new Error(`imported ${r.cases} cases from ${rows} rows`);
    const mb = (size / 1e6).toFixed(1);
    console.log(`CSV ${mb} MB, ${rows.toLocaleString('en')} questions (BOM, ';', CRLF, quoted line breaks)`);
    console.log(`import (stream → test set): ${(r.importMs / 1000).toFixed(2)} s, ${Math.round(rows / (r.importMs / 1000)).toLocaleString('en')} rows/s, peak RSS ${r.importPeak} MB`);
    console.log(`+ YAML export (vaglio import): ${(r.yamlMs / 1000).toFixed(2)} s, ${(r.yamlChars / 1e6).toFixed(1)} M chars, peak RSS ${r.totalPeak} MB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
