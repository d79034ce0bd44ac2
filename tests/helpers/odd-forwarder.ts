/**
 * A forwarder to the demo server that answers the way an odd real instance
 * might: the GET answers `rewrite` names are read and rewritten (other
 * fields, text where numbers belong, items that cannot be read), and the
 * updates (PUT) of the paths `kept` names are kept in `sent` and answered as
 * sent instead of being forwarded, so a test sees exactly what the console
 * sent back. Everything else passes through unchanged.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDemoServer } from '../../src/demo-server/server';
import { createTestServices, type TestServices } from './services';

export interface OddForwarder {
  url: string;
  server: Server;
  /** The bodies of the updates kept, by path. */
  sent: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function oddForwarder(
  target: string,
  options: {
    /** Whether a PUT to this path is kept and answered as sent. */
    kept: (path: string) => boolean;
    /** How a GET answer of this path is rewritten; null: passed through. */
    rewrite: (path: string) => ((json: unknown) => unknown) | null;
  },
): Promise<OddForwarder> {
  const upstream = new URL(target);
  const sent = new Map<string, Record<string, unknown>>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const path = req.url ?? '/';
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'PUT' && options.kept(path)) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        sent.set(path, body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
        return;
      }
      const rewrite = req.method === 'GET' ? options.rewrite(path) : null;
      const forwarded = request(new URL(path, upstream), { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        if (!rewrite) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const body = JSON.stringify(rewrite(JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown));
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      });
      forwarded.on('error', () => res.destroy());
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, sent, close };
}

/**
 * A demo server behind an odd forwarder (`rewrites`), and the console's services signed in to it: what a test of
 * tolerant reading starts in its beforeAll; `close` stops all three.
 */
export async function signedInOddInstance(rewrites: Parameters<typeof oddForwarder>[1]): Promise<{ services: TestServices; forwarder: OddForwarder; close(): Promise<void> }> {
  const demo = await startDemoServer({ sizes: { bigFolderItems: 100 } });
  const forwarder = await oddForwarder(demo.url, rewrites);
  const services = await createTestServices({ demo: { url: forwarder.url }, keytar: null });
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
  const close = async () => {
    await services.dispose();
    await forwarder.close();
    await demo.close();
  };
  return { services, forwarder, close };
}
