/**
 * OAuth2 for the demo instance: token endpoint `/ws/oauth/token` with
 * client_credentials, authorization_code (PKCE S256 only) and refresh_token,
 * an authorize page, and revocation. Tokens are HMAC-signed and stateless, so
 * they survive a restart of the demo server with the same seed; a restart
 * clears only the revocation list and the used-code list.
 *
 * It behaves as a standard server does where the console depends on it: client authentication by form body or HTTP Basic
 * (RFC 6749 §2.3.1), `invalid_scope` for a scope it does not grant (no
 * offline_access with client credentials), `iss` on the authorization
 * response (RFC 9207). `TokenAuthority.switches` make it behave like stricter
 * or poorer servers for tests: one client authentication method only, or no
 * refresh tokens at all (RFC 6749 §5.1 allows that).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DemoClient, DemoConfig, DemoUser } from './config';
import { escapeHtml, HttpError, readForm, sendHtml, sendJson, type RequestContext, type Router } from './http';

type TokenType = 'access' | 'refresh' | 'code';

interface TokenPayload {
  typ: TokenType;
  sub: number;
  cid: string;
  iat: number;
  /** Issue time in ms: the early-expiry fault needs sub-second precision. */
  iatMs: number;
  exp: number;
  jti: string;
  /** Token generation: bumping the server's generation invalidates every older token. */
  gen: number;
  /** Authorization codes only. */
  chl?: string;
  rdr?: string;
}

export class TokenAuthority {
  private readonly key: Buffer;
  private readonly revoked = new Set<string>();
  private readonly usedCodes = new Set<string>();
  generation = 0;
  /** Counters for tests and benchmarks. */
  readonly stats = { issuedAccess: 0, issuedRefresh: 0, refreshes: 0, rejected: 0, revokedAccess: 0, revokedRefresh: 0 };
  /** Test switches (see the file comment); changed at run time by in-process tests. */
  readonly switches: DemoOAuthSwitches = {};

  constructor(private readonly config: DemoConfig) {
    this.key = createHash('sha256').update(`demo-token-key|${config.seed}`).digest();
  }

  private now(): number {
    return Math.floor(Date.now() / 1000);
  }

  sign(payload: Omit<TokenPayload, 'iat' | 'iatMs' | 'jti' | 'gen'>): string {
    const full: TokenPayload = { iat: this.now(), iatMs: Date.now(), jti: randomUUID(), gen: this.generation, ...payload };
    const body = Buffer.from(JSON.stringify(full)).toString('base64url');
    const sig = createHmac('sha256', this.key).update(body).digest('base64url');
    return `v1.${body}.${sig}`;
  }

  verify(token: string, expected: TokenType): TokenPayload | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== 'v1') return null;
    const [, body, sig] = parts as [string, string, string];
    const good = createHmac('sha256', this.key).update(body).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== good.length || !timingSafeEqual(given, good)) return null;
    let payload: TokenPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      return null;
    }
    if (payload.typ !== expected) return null;
    if (payload.gen !== this.generation) return null;
    if (payload.exp <= this.now()) return null;
    if (this.revoked.has(payload.jti)) return null;
    if (expected === 'access') {
      const maxAge = this.config.faults.tokenMaxAgeSeconds;
      if (maxAge !== undefined && Date.now() - payload.iatMs >= maxAge * 1000) return null;
    }
    return payload;
  }

  revoke(token: string): void {
    const parts = token.split('.');
    try {
      const payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as TokenPayload;
      if (payload.jti) this.revoked.add(payload.jti);
      if (payload.typ === 'access') this.stats.revokedAccess += 1;
      if (payload.typ === 'refresh') this.stats.revokedRefresh += 1;
    } catch {
      // Revoking garbage is a no-op (RFC 7009: respond 200 anyway).
    }
  }

  /** Makes every token issued so far invalid (a forced sign-out for tests). */
  revokeAll(): void {
    this.generation += 1;
  }

  issue(user: DemoUser, clientId: string, withRefresh: boolean, scope = 'monitoring management'): Record<string, unknown> {
    const now = this.now();
    this.stats.issuedAccess += 1;
    const answer: Record<string, unknown> = {
      access_token: this.sign({ typ: 'access', sub: user.id, cid: clientId, exp: now + this.config.accessTokenTtlSeconds }),
      token_type: 'Bearer',
      expires_in: this.config.accessTokenTtlSeconds,
      scope,
    };
    if (withRefresh && !this.switches.omitRefreshToken) {
      this.stats.issuedRefresh += 1;
      answer.refresh_token = this.sign({ typ: 'refresh', sub: user.id, cid: clientId, exp: now + this.config.refreshTokenTtlSeconds });
    }
    return answer;
  }

  consumeCode(payload: TokenPayload): boolean {
    if (this.usedCodes.has(payload.jti)) return false;
    this.usedCodes.add(payload.jti);
    return true;
  }
}

interface DemoOAuthSwitches {
  /** Accept only this client authentication (a Basic-only or body-only server); absent: both. */
  clientAuth?: 'client_secret_post' | 'client_secret_basic';
  /** Never issue a refresh token (allowed by RFC 6749 §5.1). */
  omitRefreshToken?: boolean;
}

/** The scopes the demo grants; offline_access only where a refresh token can follow (RFC 6749 §4.4.3). */
const API_SCOPES = new Set(['monitoring', 'management']);

/** The scope to grant, or the first requested scope the grant may not have. */
function grantedScope(requested: string | null, offline: boolean): { scope: string } | { refused: string } {
  const scopes = (requested ?? 'monitoring management').split(' ').filter(Boolean);
  const refused = scopes.find((s) => !API_SCOPES.has(s) && !(offline && s === 'offline_access'));
  return refused ? { refused } : { scope: scopes.join(' ') };
}

function oauthError(status: number, error: string, description: string): HttpError {
  return new HttpError(status, description, { error, error_description: description });
}

function findClient(config: DemoConfig, clientId: string | null): DemoClient | undefined {
  return clientId ? config.clients.find((c) => c.clientId === clientId) : undefined;
}

function findUser(config: DemoConfig, id: number | undefined): DemoUser | undefined {
  return config.users.find((u) => u.id === id);
}

/**
 * Client authentication by HTTP Basic or by body parameters (RFC 6749
 * §2.3.1: id and secret form-urlencoded before base64, so '+' is a space).
 * With `only` set, the other method is refused as a server supporting one
 * method would (401 invalid_client).
 */
function clientCredentialsFrom(
  req: IncomingMessage,
  form: URLSearchParams,
  only?: DemoOAuthSwitches['clientAuth'],
): { id: string | null; secret: string | null } {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    if (only === 'client_secret_post') throw oauthError(401, 'invalid_client', 'Client authentication failed');
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i > 0) {
      try {
        const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, '%20'));
        return { id: decode(decoded.slice(0, i)), secret: decode(decoded.slice(i + 1)) };
      } catch {
        throw oauthError(400, 'invalid_request', 'The Authorization header is not properly encoded');
      }
    }
    throw oauthError(400, 'invalid_request', 'The Authorization header is not properly encoded');
  }
  if (only === 'client_secret_basic' && form.get('client_secret') !== null) {
    throw oauthError(401, 'invalid_client', 'Client authentication failed');
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

function secretMatches(client: DemoClient, secret: string | null): boolean {
  if (!client.secret || secret === null) return false;
  const a = Buffer.from(client.secret);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isLoopbackRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
  } catch {
    return false;
  }
}

function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function tokenEndpoint(ctx: RequestContext, config: DemoConfig, authority: TokenAuthority): Promise<void> {
  const type = ctx.req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw oauthError(400, 'invalid_request', 'Use application/x-www-form-urlencoded');
  }
  const form = await readForm(ctx.req);
  const grant = form.get('grant_type');
  const creds = clientCredentialsFrom(ctx.req, form, authority.switches.clientAuth);
  const client = findClient(config, creds.id);
  if (!client) throw oauthError(401, 'invalid_client', 'Unknown client');

  if (grant === 'client_credentials') {
    if (!secretMatches(client, creds.secret)) throw oauthError(401, 'invalid_client', 'Client authentication failed');
    const user = findUser(config, client.userId);
    if (!user) throw oauthError(400, 'unauthorized_client', 'This client cannot use client_credentials');
    const granted = grantedScope(form.get('scope'), false);
    if ('refused' in granted) throw oauthError(400, 'invalid_scope', `The scope ${granted.refused} is not available with client credentials`);
    sendJson(ctx.res, 200, authority.issue(user, client.clientId, false, granted.scope));
    return;
  }

  if (client.secret && !secretMatches(client, creds.secret)) {
    throw oauthError(401, 'invalid_client', 'Client authentication failed');
  }

  if (grant === 'authorization_code') {
    const code = authority.verify(form.get('code') ?? '', 'code');
    if (!code || code.cid !== client.clientId) throw oauthError(400, 'invalid_grant', 'The authorization code is invalid or expired');
    if (code.rdr !== form.get('redirect_uri')) throw oauthError(400, 'invalid_grant', 'redirect_uri does not match');
    const verifier = form.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || pkceChallenge(verifier) !== code.chl) {
      throw oauthError(400, 'invalid_grant', 'PKCE verification failed');
    }
    if (!authority.consumeCode(code)) throw oauthError(400, 'invalid_grant', 'The authorization code was already used');
    const user = findUser(config, code.sub);
    if (!user) throw oauthError(400, 'invalid_grant', 'Unknown user');
    sendJson(ctx.res, 200, authority.issue(user, client.clientId, true, 'monitoring management offline_access'));
    return;
  }

  if (grant === 'refresh_token') {
    const presented = form.get('refresh_token') ?? '';
    const refresh = authority.verify(presented, 'refresh');
    if (!refresh || refresh.cid !== client.clientId) throw oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired');
    const user = findUser(config, refresh.sub);
    if (!user) throw oauthError(400, 'invalid_grant', 'Unknown user');
    // Rotation: the presented refresh token is spent.
    authority.revoke(presented);
    authority.stats.refreshes += 1;
    sendJson(ctx.res, 200, authority.issue(user, client.clientId, true, 'monitoring management offline_access'));
    return;
  }

  throw oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
}

function authorizeParams(source: URLSearchParams, config: DemoConfig): Record<string, string> {
  const params = {
    client_id: source.get('client_id') ?? '',
    redirect_uri: source.get('redirect_uri') ?? '',
    state: source.get('state') ?? '',
    code_challenge: source.get('code_challenge') ?? '',
    code_challenge_method: source.get('code_challenge_method') ?? '',
    response_type: source.get('response_type') ?? '',
    scope: source.get('scope') ?? '',
  };
  const client = findClient(config, params.client_id);
  if (!client) throw new HttpError(400, 'Unknown client');
  if (!isLoopbackRedirect(params.redirect_uri)) throw new HttpError(400, 'redirect_uri must be a loopback http URL');
  if (params.response_type !== 'code') throw new HttpError(400, 'response_type must be code');
  if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
    throw new HttpError(400, 'PKCE with code_challenge_method S256 is required');
  }
  return params;
}

function authorizePage(params: Record<string, string>, config: DemoConfig): string {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const users = config.users
    .map(
      (u, i) =>
        `<label><input type="radio" name="login" value="${escapeHtml(u.login)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(u.name)} (${escapeHtml(u.login)})</label>`,
    )
    .join('<br>');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to the demo RMM instance</title>
<style>body{font-family:system-ui,sans-serif;background:#1c2127;color:#f6f7f9;display:flex;justify-content:center;padding-top:10vh}
form{background:#2f343c;padding:24px 32px;border-radius:6px;min-width:340px}button{margin-top:16px;margin-right:8px;padding:6px 14px}</style></head>
<body><form method="post" action="/ws/oauth/authorize"><h2>Demo RMM instance</h2>
<p>The technician console (client <code>${escapeHtml(params.client_id ?? '')}</code>) asks to act on your behalf.</p>
${hidden}<fieldset><legend>Sign in as</legend>${users}</fieldset>
<button type="submit" name="decision" value="allow" id="authorize">Authorize</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button></form></body></html>`;
}

export function registerOAuthRoutes(router: Router, config: DemoConfig, authority: TokenAuthority): void {
  router.post('/ws/oauth/token', (ctx) => tokenEndpoint(ctx, config, authority), { auth: false });

  router.get(
    '/ws/oauth/authorize',
    (ctx) => {
      const params = authorizeParams(ctx.query, config);
      sendHtml(ctx.res, 200, authorizePage(params, config));
    },
    { auth: false },
  );

  router.post(
    '/ws/oauth/authorize',
    async (ctx) => {
      const form = await readForm(ctx.req);
      const params = authorizeParams(form, config);
      const redirect = new URL(params.redirect_uri ?? '');
      if (params.state) redirect.searchParams.set('state', params.state);
      // RFC 9207: the issuer is the demo's own origin, as the console knows it.
      redirect.searchParams.set('iss', `http://${ctx.req.headers.host ?? `${config.host}:${config.port}`}`);
      if (form.get('decision') !== 'allow') {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const user = config.users.find((u) => u.login === form.get('login'));
        if (!user) throw new HttpError(400, 'Unknown user');
        const code = authority.sign({
          typ: 'code',
          sub: user.id,
          cid: params.client_id ?? '',
          exp: Math.floor(Date.now() / 1000) + 120,
          chl: params.code_challenge,
          rdr: params.redirect_uri,
        });
        redirect.searchParams.set('code', code);
      }
      ctx.res.writeHead(302, { location: redirect.toString(), 'cache-control': 'no-store' });
      ctx.res.end();
    },
    { auth: false },
  );

  router.post(
    '/ws/oauth/revoke',
    async (ctx) => {
      const form = await readForm(ctx.req);
      const token = form.get('token');
      if (token) authority.revoke(token);
      ctx.res.writeHead(200, { 'content-length': 0 });
      ctx.res.end();
    },
    { auth: false },
  );
}

/** Resolves the bearer token of an API call to its user, or null. */
export function authenticate(req: IncomingMessage, config: DemoConfig, authority: TokenAuthority): DemoUser | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const payload = authority.verify(header.slice(7).trim(), 'access');
  if (!payload) {
    authority.stats.rejected += 1;
    return null;
  }
  return findUser(config, payload.sub) ?? null;
}
