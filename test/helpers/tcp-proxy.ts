/**
 * A TCP proxy (node:net) in front of a real server, for outage tests: `cut()` destroys every open
 * connection and refuses new ones (accepted then reset at once, so clients see a connection failure the
 * way they would with a server that is down), `restore()` lets connections through again. The listening
 * port stays the same, so clients reconnect to the same URL.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Open connections being forwarded right now. */
  open(): number;
  /** Connections refused while cut. */
  refused(): number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ a: net.Socket; b: net.Socket }>();
  let down = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (down) {
      refused++;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { a: client, b: upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const destroyAll = () => {
    for (const p of pairs) {
      p.a.resetAndDestroy();
      p.b.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    open: () => pairs.size,
    refused: () => refused,
    cut() {
      down = true;
      destroyAll();
    },
    restore() {
      down = false;
    },
    async close() {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
