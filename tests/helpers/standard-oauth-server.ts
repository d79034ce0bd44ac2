/**
 * A standards-compliant OAuth 2.0 server for sign-in tests: `oidc-provider` (a certified OpenID provider) in-process on 127.0.0.1,
 * configured with the instance's paths (/ws/oauth/token, /ws/oauth/authorize,
 * /ws/oauth/revoke). Its client authentication is Basic only (the global
 * `clientAuthMethods` leaves out client_secret_post), so a console that sends
 * only the form body is refused. The same server answers the console's user
 * call (/api/appuser/current) by looking the bearer up in the provider's own
 * token store, so the console's real code path (user info from the
 * instance's origin) runs.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

// RFC 6749 Appendix A: a secret is printable ASCII (VSCHAR); these ones need every bit of the Basic encoding.
export const BASIC_CLIENT = { id: 'basic only client', secret: 's3cret with spaces:+/%&=' };
export const NARROW_CLIENT = { id: 'monitoring-only', secret: 'narrow-secret' };
export const BROWSER_CLIENT = 'console-browser';
export const NO_REFRESH_CLIENT = 'console-no-refresh';

export interface TokenCall {
  /** 'basic' when the client authenticated with an Authorization header. */
  auth: 'basic' | 'none';
  status: number;
}

export interface StandardServer {
  url: string;
  provider: Provider;
  /** Every call to the token endpoint, in order. */
  tokenCalls: TokenCall[];
  /** Answers of the revocation endpoint, in order. */
  revocations: number[];
  /** Bearer tokens the user call accepted. */
  bearers: string[];
  close(): Promise<void>;
}

export async function startStandardServer(options: { noRefreshTokenTtlSeconds?: number } = {}): Promise<StandardServer> {
  const tokenCalls: TokenCall[] = [];
  const revocations: number[] = [];
  const bearers: string[] = [];
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: BASIC_CLIENT.id,
        client_secret: BASIC_CLIENT.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: 'monitoring management',
      },
      {
        client_id: NARROW_CLIENT.id,
        client_secret: NARROW_CLIENT.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: 'monitoring',
      },
      {
        client_id: BROWSER_CLIENT,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: ['http://127.0.0.1/oauth/callback'],
      },
      {
        client_id: NO_REFRESH_CLIENT,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: ['http://127.0.0.1/oauth/callback'],
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'none'],
    scopes: ['openid', 'offline_access', 'monitoring', 'management'],
    routes: { token: '/ws/oauth/token', authorization: '/ws/oauth/authorize', revocation: '/ws/oauth/revoke' },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
    },
    jwks: { keys: [privateKey.export({ format: 'jwk' }) as never] },
    cookies: { keys: ['standard-server-test-cookie-key'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: (_ctx, _token, client) => (client.clientId === NO_REFRESH_CLIENT ? (options.noRefreshTokenTtlSeconds ?? 3600) : 3600),
      ClientCredentials: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
      RefreshToken: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  };
  const provider = new Provider(url, configuration);
  const callback = provider.callback();

  handle = (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path.startsWith('/interaction/')) return void approve(provider, req, res);
    if (path === '/api/appuser/current') return void userCall(provider, req, res, bearers);
    if (path === '/ws/oauth/token') {
      const auth = req.headers.authorization ? 'basic' : 'none';
      res.on('finish', () => tokenCalls.push({ auth, status: res.statusCode }));
    }
    if (path === '/ws/oauth/revoke') res.on('finish', () => revocations.push(res.statusCode));
    callback(req, res);
  };

  return {
    url,
    provider,
    tokenCalls,
    revocations,
    bearers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The "technician" signs in as `tech` and consents to every scope asked for. */
async function approve(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: 'tech' } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    const missing = details.prompt.details as { missingOIDCScope?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : 'interaction failed');
  }
}

/** The instance's user call, authorized by the provider's own access tokens (authorization code or client credentials). */
async function userCall(provider: Provider, req: IncomingMessage, res: ServerResponse, bearers: string[]): Promise<void> {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ? ((await provider.AccessToken.find(bearer)) ?? (await provider.ClientCredentials.find(bearer))) : undefined;
  if (!bearer || !token) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
    res.end(JSON.stringify({ error: 'invalid_token' }));
    return;
  }
  bearers.push(bearer);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 7,
      name: 'Standard Server Technician',
      email: 'tech@standard.example',
      userType: 'TECHNICIAN',
      permissions: { canViewAndRestoreBackupData: true },
      features: {},
    }),
  );
}

/**
 * Follows the authorize URL as a browser would (cookies kept, redirects
 * followed by hand) until the redirect back to the console's loopback
 * receiver; returns that URL without opening it.
 */
export async function authorizeInBrowser(authorizeUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizeUrl);
  for (let hop = 0; hop < 10; hop++) {
    const answer = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i).trim(), pair!.slice(i + 1));
    }
    const location = answer.headers.get('location');
    if (!location) throw new Error(`authorize flow stopped at ${next.pathname} with ${answer.status}: ${await answer.text()}`);
    next = new URL(location, next);
    if (next.pathname === '/oauth/callback') return next;
  }
  throw new Error('too many redirects in the authorize flow');
}
