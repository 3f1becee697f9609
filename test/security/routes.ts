/** Every route registered on an Express 5 app, nested routers included (Bull Board, dashboard, reports). */
export interface WalkedRoute {
  method: string;
  path: string;
}

interface LayerLike {
  route?: { path: unknown; methods: Record<string, boolean> };
  // A nested Router has .stack; a mounted sub-app (Bull Board) has .router.stack.
  handle?: { stack?: LayerLike[]; router?: { stack?: LayerLike[] } };
  rawPath?: unknown;
}

const paths = (p: unknown): string[] => (Array.isArray(p) ? p.flat(Infinity).map(String) : p === undefined ? [''] : [String(p)]);
const join = (a: string, b: string) => `${a}${b === '/' ? '' : b}`.replace(/\/{2,}/g, '/');

interface LayerWithName extends LayerLike {
  name?: string;
}

/** Mount paths of sub-apps (app.use(path, otherApp)): Express wraps them so their routes are not reachable. */
export function mountedApps(stack: readonly LayerWithName[]): string[] {
  return stack.filter((l) => l.name === 'mounted_app').flatMap((l) => paths(l.rawPath));
}

export function walkRoutes(stack: readonly LayerLike[], prefix = ''): WalkedRoute[] {
  const out: WalkedRoute[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const p of paths(layer.route.path)) {
        for (const m of Object.keys(layer.route.methods)) if (m !== '_all') out.push({ method: m.toUpperCase(), path: join(prefix, p) || '/' });
        if (layer.route.methods._all) out.push({ method: 'GET', path: join(prefix, p) || '/' });
      }
    } else {
      const nested = layer.handle?.stack ?? layer.handle?.router?.stack;
      if (!nested) continue;
      for (const p of paths(layer.rawPath)) out.push(...walkRoutes(nested, join(prefix, p === '/' ? '' : p)));
    }
  }
  return out;
}

/** A concrete URL path for a route pattern: params become a harmless value, wildcards a segment. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, 'x').replace(/\*(\w+)?/g, 'x').replace(/[{}]/g, '') || '/';
}
