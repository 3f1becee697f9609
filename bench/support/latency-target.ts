/**
 * A chatbot stand-in with a fixed latency, run as its own process (so its CPU is never counted as the
 * tool's): POST /chat {message} → after LATENCY ms {answer}. It counts requests and completed replies per
 * message, so a bench can tell a task that ran twice (GET /stats, GET /requested, POST /reset).
 *   node --import tsx bench/support/latency-target.ts <latencyMs>   (prints "port <n>" when listening)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerFor } from './cases.ts';

const latencyMs = Number(process.argv[2] ?? '50');
let requests = new Map<string, number>();
let replies = new Map<string, number>();
let inFlight = 0;
let peakInFlight = 0;
// How busy the target was since the last reset: the sum of its requests' service times over the span from the
// first arrival to the last reply is the mean number in flight, which a tool at concurrency C keeps at C only
// if no slot ever waits on the tool itself.
let served = 0;
let busyMs = 0;
let firstArrival = Infinity;
let lastReply = -Infinity;

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    const twice = (m: Map<string, number>) => [...m.values()].filter((v) => v > 1).length;
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const meanInFlight = served ? busyMs / (lastReply - firstArrival) : 0;
    const meanServiceMs = served ? busyMs / served : 0;
    res.end(JSON.stringify({ requests: sum(requests), replies: sum(replies), distinct: requests.size, requestedTwice: twice(requests), repliedTwice: twice(replies), peakInFlight, meanInFlight, meanServiceMs }));
    return;
  }
  if (req.method === 'GET' && req.url === '/requested') {
    res.end(JSON.stringify([...requests.keys()]));
    return;
  }
  if (req.method === 'POST' && req.url === '/reset') {
    requests = new Map();
    replies = new Map();
    peakInFlight = 0;
    served = 0;
    busyMs = 0;
    firstArrival = Infinity;
    lastReply = -Infinity;
    res.end('{}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let message = '';
    try {
      message = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown }).message ?? '');
    } catch {
      res.writeHead(400).end('{"error":"bad json"}');
      return;
    }
    requests.set(message, (requests.get(message) ?? 0) + 1);
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    const arrived = performance.now();
    firstArrival = Math.min(firstArrival, arrived);
    setTimeout(() => {
      const now = performance.now();
      served++;
      busyMs += now - arrived;
      lastReply = now;
      inFlight--;
      if (res.destroyed) return; // the client died meanwhile (bench:resume kills workers)
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answer: answerFor(message) }), () => replies.set(message, (replies.get(message) ?? 0) + 1));
    }, latencyMs);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
