/**
 * Browser-mode transport: the same router served over HTTP on 127.0.0.1 only,
 * with a random per-run token, Host and Origin checks, and server-sent events.
 * Anything that fails a check gets 403.
 *
 * The token stays with its page. A cookie would not: a
 * cookie for 127.0.0.1 is sent to every port of it, so any local server the
 * browser visits would receive it. So there are no cookies at all:
 * - the first visit carries the token in the URL (`/?token=...`); the page
 *   takes it from there, removes it from the address bar, and keeps it in
 *   memory and in its tab's sessionStorage (per origin and tab, never sent
 *   anywhere by the browser) so a reload keeps working;
 * - every call sends it as `Authorization: Bearer`;
 * - EventSource cannot send headers, so the event stream opens with a
 *   one-time ticket (`POST /events/ticket` with the header, then
 *   `GET /events?ticket=...` within 30 s, once).
 * The app shell (index.html, JS, CSS) is public build output and is served
 * without the token; it holds no data. Every answer carries
 * `Cross-Origin-Opener-Policy: same-origin`, so a page this one opens (a
 * sign-in tab) cannot reach back into it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import type { EventBus } from '../services/platform/events';
import type { Router } from './router';

interface BrowserModeServerOptions {
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
/** How long an event-stream ticket may wait for its connection. */
export const EVENT_TICKET_TTL_MS = 30_000;
/** Unused tickets kept at most (the oldest go first): a page asks for one per (re)connection. */
const MAX_EVENT_TICKETS = 64;

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

function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** Single-use, short-lived tickets that open one event stream each. */
class EventTickets {
  private readonly tickets = new Map<string, number>();

  issue(now = Date.now()): string {
    for (const [ticket, expiresAt] of this.tickets) if (expiresAt <= now) this.tickets.delete(ticket);
    while (this.tickets.size >= MAX_EVENT_TICKETS) this.tickets.delete(this.tickets.keys().next().value!);
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, now + EVENT_TICKET_TTL_MS);
    return ticket;
  }

  /** True once for a ticket that was issued and has not expired; it is gone afterwards. */
  redeem(ticket: string, now = Date.now()): boolean {
    const expiresAt = this.tickets.get(ticket);
    if (expiresAt === undefined) return false;
    this.tickets.delete(ticket);
    return expiresAt > now;
  }
}

export async function startBrowserModeServer(options: BrowserModeServerOptions): Promise<BrowserModeServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const sockets = new Set<Socket>();
  const streams = new Set<ServerResponse>();
  const tickets = new EventTickets();
  let port = 0;
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
    res.setHeader('cross-origin-opener-policy', 'same-origin');
    res.setHeader('cross-origin-resource-policy', 'same-origin');
    // DNS rebinding and cross-site requests are refused before anything else.
    if (!allowedHosts().has(String(req.headers.host ?? ''))) return forbid(res, 'Unexpected Host');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return forbid(res, 'Unexpected Origin');
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return forbid(res, 'Cross-site request');

    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const bearer = bearerOf(req);
    const authorized = bearer !== undefined && sameSecret(bearer, token);

    if (url.pathname === '/events') {
      if (req.method !== 'GET') return void res.writeHead(405).end();
      const ticket = url.searchParams.get('ticket');
      // The page opens its stream with a one-time ticket; other clients may send the header instead.
      if (!authorized && !(ticket !== null && tickets.redeem(ticket))) return forbid(res, 'Missing or invalid event ticket');
      return eventStream(req, res);
    }
    if (url.pathname === '/events/ticket' || url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      if (!authorized) return forbid(res, 'Missing or invalid token');
      if (url.pathname === '/events/ticket') return sendJson(res, { ticket: tickets.issue() });
      return rpc(req, res, decodeURIComponent(url.pathname.slice(5)));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    // The first visit: a wrong token is refused at once rather than leaving a page that cannot call anything.
    const queryToken = url.searchParams.get('token');
    if (queryToken !== null && !sameSecret(queryToken, token)) return forbid(res, 'Invalid token');
    return serveStatic(res, url.pathname);
  }

  function sendJson(res: ServerResponse, value: unknown): void {
    const body = JSON.stringify(value);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
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
    sendJson(res, result);
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
      // The page (opened with the token in its URL) is never cached: cache-control no-store stays.
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
