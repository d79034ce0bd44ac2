/** A small HTTP router for the demo API: method + path patterns, JSON helpers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoUser } from './config';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Set for routes that require a bearer token. */
  user?: DemoUser;
}

type RouteHandler = (ctx: RequestContext) => Promise<void> | void;

export interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: RouteHandler;
  /** Whether a valid bearer token is required (every API call). */
  auth: boolean;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The demo API's error answers, `{ error, message }` with their status: the one factory every route uses. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, message, { error: 'bad_request', message });
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, message, { error: 'forbidden', message });
}

/** The signed-in user of a call under the bearer token (401 without one). */
export function userOf(ctx: RequestContext): DemoUser {
  if (!ctx.user) throw new HttpError(401, 'Unauthorized');
  return ctx.user;
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message, { error: 'not_found', message });
}

/** The route's numeric `:id` (up to 10 digits); anything else is not found (`missing` says what). */
export function numericIdParam(ctx: RequestContext, missing: string): number {
  const text = ctx.params.id ?? '';
  if (!/^\d{1,10}$/.test(text)) throw notFound(missing);
  return Number(text);
}

function compilePath(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), keys };
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: RouteHandler, options: { auth?: boolean } = {}): this {
    const { pattern, keys } = compilePath(path);
    this.routes.push({ method, pattern, keys, handler, auth: options.auth ?? true });
    return this;
  }

  get(path: string, handler: RouteHandler, options?: { auth?: boolean }): this {
    return this.add('GET', path, handler, options);
  }

  post(path: string, handler: RouteHandler, options?: { auth?: boolean }): this {
    return this.add('POST', path, handler, options);
  }

  patch(path: string, handler: RouteHandler, options?: { auth?: boolean }): this {
    return this.add('PATCH', path, handler, options);
  }

  put(path: string, handler: RouteHandler, options?: { auth?: boolean }): this {
    return this.add('PUT', path, handler, options);
  }

  delete(path: string, handler: RouteHandler, options?: { auth?: boolean }): this {
    return this.add('DELETE', path, handler, options);
  }

  match(method: string, pathname: string): { route: Route; params: Record<string, string> } | 'method' | null {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { route, params };
    }
    return pathMatched ? 'method' : null;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://127.0.0.1:* http://localhost:*",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

const MAX_BODY_BYTES = 60 * 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > limit) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, 5 * 1024 * 1024);
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const body = await readBody(req, 64 * 1024);
  return new URLSearchParams(body.toString('utf8'));
}

/** Paging parameters `page` (zero-based) and `size`, with a default and a cap. */
export function pageParams(query: URLSearchParams, defaultSize: number, maxSize = 1000): { page: number; size: number } {
  const page = Number.parseInt(query.get('page') ?? '0', 10);
  const size = Number.parseInt(query.get('size') ?? String(defaultSize), 10);
  if (!Number.isFinite(page) || page < 0) throw new HttpError(400, 'Invalid page');
  if (!Number.isFinite(size) || size < 1 || size > maxSize) throw new HttpError(400, 'Invalid size');
  return { page, size };
}

export function pageOf<T>(items: readonly T[], page: number, size: number): { results: T[]; totalElements: number; totalPages: number } {
  return {
    results: items.slice(page * size, page * size + size),
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Fault injection: lets `limit` body bytes of this response through, then
 * drops the connection (after those bytes are flushed), as a flaky network would.
 */
export function dropAfterBytes(res: ServerResponse, limit: number, onDrop: () => void): void {
  let sent = 0;
  let dropped = false;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    onDrop();
    res.socket?.destroy();
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (dropped) return false;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    if (sent + buffer.length < limit) {
      sent += buffer.length;
      return write(buffer, ...rest);
    }
    const part = buffer.subarray(0, limit - sent);
    sent = limit;
    if (part.length > 0) write(part, drop);
    else drop();
    return false;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      res.write(chunk as Buffer);
      if (dropped || sent >= limit) return res;
      return end(...rest.filter((r) => typeof r === 'function'));
    }
    if (dropped) return res;
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}
