/**
 * The floor of bench:e2e: what any Node tool must at least do for the same cases — one keep-alive node:http
 * request per case at the same concurrency, the same three checks in plain code, nothing stored, no queue,
 * no report. Run as its own process; it measures its own wall and CPU around the loop only (not start-up)
 * and prints them as one JSON line.
 *   node --import tsx bench/support/bare-loop.ts <url> <cases> <concurrency>
 */
import http from 'node:http';
import { bareChecksPass, question } from './cases.ts';

const [url = '', cases = '2000', concurrency = '32'] = process.argv.slice(2);
const target = new URL(url);
const N = Number(cases);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });

function ask(message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(String((JSON.parse(body) as { answer?: unknown }).answer ?? '')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ message }));
  });
}

let next = 0;
let passed = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (next < N) if (bareChecksPass(await ask(question(next++)))) passed++;
  }),
);
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRssBytes: process.resourceUsage().maxRSS * 1024, passed })}\n`);
agent.destroy();
