/**
 * The demo RMM API: a real HTTP server implementing the calls of spec/ with
 * their documented paths and answer shapes, OAuth2 on the instance host, and
 * fault injection. API calls live under `/api`; OAuth under `/ws/oauth`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { defaultDemoConfig, mergeDemoConfig, type DemoConfig, type DemoConfigOverrides } from './config';
import type { DemoContext, DemoStats } from './context';
import { DemoWorld } from './data/world';
import { countDownloadBodyBytes } from './download';
import { dropAfterBytes, HttpError, Router, sendJson, type RequestContext } from './http';
import { authenticate, TokenAuthority } from './oauth';
import { pathMatcher } from './path-pattern';
import { registerRoutes } from './routes/index';

export type { DemoContext, DemoStats } from './context';


export interface DemoServer {
  url: string;
  port: number;
  config: DemoConfig;
  world: DemoWorld;
  authority: TokenAuthority;
  stats: DemoStats;
  close(): Promise<void>;
}


function createDemoApp(config: DemoConfig): { server: Server; context: DemoContext } {
  const world = new DemoWorld(config);
  const authority = new TokenAuthority(config);
  const stats: DemoStats = {
    requests: 0,
    apiRequests: 0,
    unauthorized: 0,
    injectedErrors: 0,
    byRoute: {},
    downloadBytesSent: 0,
    droppedConnections: 0,
  };
  const context: DemoContext = { config, world, authority, stats };
  const router = new Router();
  registerRoutes(router, context);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    stats.requests += 1;
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    try {
      const match = router.match(req.method ?? 'GET', url.pathname);
      if (match === null) throw new HttpError(404, 'Not found');
      if (match === 'method') throw new HttpError(405, 'Method not allowed');
      const { route, params } = match;
      const ctx: RequestContext = { req, res, url, params, query: url.searchParams };
      const routeKey = `${route.method} ${route.pattern.source}`;
      stats.byRoute[routeKey] = (stats.byRoute[routeKey] ?? 0) + 1;
      if (route.auth) {
        stats.apiRequests += 1;
        const user = authenticate(req, config, authority);
        if (!user) {
          stats.unauthorized += 1;
          sendJson(res, 401, { error: 'unauthorized', message: 'A valid bearer token is required' }, {
            'www-authenticate': 'Bearer error="invalid_token"',
          });
          return;
        }
        ctx.user = user;
        await injectFaults(config, stats, url.pathname);
        // Installed first, so that it counts what a dropped connection really let through.
        countDownloadBodyBytes(res, (bytes) => {
          stats.downloadBytesSent += bytes;
        });
        maybeDropConnection(config, stats, url.pathname, res);
      }
      await route.handler(ctx);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendJson(res, error.status, error.body ?? { error: 'error', message: error.message });
      } else {
        sendJson(res, 500, { error: 'internal', message: 'Internal demo server error' });
      }
    }
  };
  // https with the given certificate (real instances are https), else plain http.
  const server: Server = config.tls ? (createTlsServer({ cert: config.tls.cert, key: config.tls.key }, handle) as unknown as Server) : createServer(handle);
  return { server, context };
}

async function injectFaults(config: DemoConfig, stats: DemoStats, pathname: string): Promise<void> {
  const { latencyMs, errorRate, errorPathPattern } = config.faults;
  if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  if (errorRate > 0 && pathMatcher(errorPathPattern)(pathname) && Math.random() < errorRate) {
    stats.injectedErrors += 1;
    throw new HttpError(503, 'Injected fault', { error: 'unavailable', message: 'Service temporarily unavailable (injected fault)' });
  }
}

function maybeDropConnection(config: DemoConfig, stats: DemoStats, pathname: string, res: ServerResponse): void {
  const { dropAfterBytes: limit, dropPathPattern, dropTimes } = config.faults;
  if (limit === undefined) return;
  if (!pathMatcher(dropPathPattern)(pathname)) return;
  if (dropTimes !== undefined && dropTimes <= 0) return;
  dropAfterBytes(res, limit, () => {
    stats.droppedConnections += 1;
    if (config.faults.dropTimes !== undefined) config.faults.dropTimes -= 1;
  });
}

export async function startDemoServer(overrides: DemoConfigOverrides = {}): Promise<DemoServer> {
  const config = mergeDemoConfig(defaultDemoConfig(), overrides);
  const { server, context } = createDemoApp(config);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  config.port = port;
  return {
    ...context,
    url: `${config.tls ? 'https' : 'http'}://${config.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
