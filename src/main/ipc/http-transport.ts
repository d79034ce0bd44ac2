/**
 * Browser-mode transport: the same router served over HTTP on 127.0.0.1 only,
 * with a random per-run token, Host and Origin checks, and server-sent events.
 * Anything that fails a check gets 403.
 *
 * The first visit carries the token in the URL (`/?token=...`); it is moved
 * into an HttpOnly, SameSite=Strict cookie scoped to this port and the URL is
 * cleaned with a redirect, so reloads keep working and the token does not sit
 * in the address bar.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import type { EventBus } from '../services/events';
import type { Router } from './router';

export interface BrowserModeServerOptions {
  router: Router;
  events: EventBus;
  /** The built renderer (index.html and assets). */
  rendererDir: string;
  port?: number;
  token?: string;
}

export interface BrowserModeServer {
  /** The URL to open, with the token. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_RPC_BODY = 2 * 1024 * 1024;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.map': 'application/json; charset=utf-8',
};

function forbid(res: ServerResponse, message: string): void {
  const body = JSON.stringify({ ok: false, error: { code: 'FORBIDDEN', message } });
  res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export async function startBrowserModeServer(options: BrowserModeServerOptions): Promise<BrowserModeServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const sockets = new Set<Socket>();
  const streams = new Set<ServerResponse>();
  let port = 0;
  const cookieName = () => `rmmc_${port}`;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const unsubscribe = options.events.subscribe((event, payload) => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    res.setHeader('cache-control', 'no-store');
    // DNS rebinding and cross-site requests are refused before anything else.
    if (!allowedHosts().has(String(req.headers.host ?? ''))) return forbid(res, 'Unexpected Host');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return forbid(res, 'Unexpected Origin');
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return forbid(res, 'Cross-site request');

    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const queryToken = url.searchParams.get('token');
    if (req.method === 'GET' && url.pathname === '/' && queryToken !== null) {
      if (!sameSecret(queryToken, token)) return forbid(res, 'Invalid token');
      res.writeHead(302, {
        location: '/',
        'set-cookie': `${cookieName()}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      });
      res.end();
      return;
    }

    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : undefined;
    const presented = bearer ?? readCookie(req, cookieName());
    if (!presented || !sameSecret(presented, token)) return forbid(res, 'Missing or invalid token');

    if (req.method === 'POST' && url.pathname.startsWith('/rpc/')) return rpc(req, res, decodeURIComponent(url.pathname.slice(5)));
    if (req.method === 'GET' && url.pathname === '/events') return eventStream(req, res);
    if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(res, url.pathname);
    res.writeHead(405).end();
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return forbid(res, 'Calls must be JSON');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_RPC_BODY) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(chunk as Buffer);
    }
    let input: unknown;
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      input = text ? JSON.parse(text) : {};
    } catch {
      input = Symbol('unparseable');
    }
    const result =
      typeof input === 'symbol'
        ? { ok: false as const, error: { code: 'INVALID_INPUT' as const, message: 'Invalid input. The request body is not JSON.' } }
        : await options.router.dispatch(channel, input);
    const body = JSON.stringify(result);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  function eventStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(res);
    });
  }

  function serveStatic(res: ServerResponse, pathname: string): void {
    const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
    const file = resolve(join(rendererDir, relative));
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) return forbid(res, 'Outside the app');
    let target = file;
    try {
      if (!statSync(target).isFile()) throw new Error('not a file');
    } catch {
      // Unknown paths without an extension are app routes: serve the app.
      if (extname(relative)) {
        res.writeHead(404).end();
        return;
      }
      target = join(rendererDir, 'index.html');
    }
    const type = CONTENT_TYPES[extname(target)] ?? 'application/octet-stream';
    const headers: Record<string, string | number> = { 'content-type': type, 'content-length': statSync(target).size };
    if (type.startsWith('text/html')) {
      headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
      headers['x-frame-options'] = 'DENY';
    } else {
      headers['cache-control'] = 'private, max-age=3600';
    }
    res.writeHead(200, headers);
    createReadStream(target).pipe(res);
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  port = (server.address() as AddressInfo).port;
  const originUrl = `http://127.0.0.1:${port}`;
  return {
    url: `${originUrl}/?token=${token}`,
    origin: originUrl,
    port,
    token,
    close: () =>
      new Promise<void>((resolvePromise) => {
        unsubscribe();
        for (const stream of streams) stream.end();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolvePromise());
      }),
  };
}
