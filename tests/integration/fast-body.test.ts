/**
 * The socket reader behind the download path, against real
 * loopback servers (plain and TLS) that answer the way servers do and the
 * ways they fail: content-length and chunked bodies, bodies up to the close,
 * heads split across packets, Range answers, early closes, silence, aborts.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChunkedDecoder, fastGet, parseHead, type FastAnswer } from '../../src/main/services/downloads/fast-body';

const TLS_DIR = join(__dirname, '..', 'fixtures', 'tls');
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A raw TCP server: `answer` gets each connection and the request head it sent. */
async function rawServer(answer: (socket: Socket, head: string) => void): Promise<{ url: (path?: string) => URL; heads: string[] }> {
  const heads: string[] = [];
  const server = createNetServer((socket) => {
    let received = '';
    socket.on('data', (data) => {
      received += data.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end !== -1 && heads.length < 100 && !received.startsWith('\u0000')) {
        heads.push(received.slice(0, end));
        received = '\u0000';
        answer(socket, heads.at(-1)!);
      }
    });
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: (path = '/file') => new URL(`http://127.0.0.1:${port}${path}`), heads };
}

function body(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}

async function readAll(answer: FastAnswer): Promise<Buffer> {
  const parts: Buffer[] = [];
  await answer.read((view) => {
    parts.push(Buffer.from(view));
  });
  return Buffer.concat(parts);
}

const request = (url: URL, extra: Partial<Parameters<typeof fastGet>[0]> = {}) => fastGet({ url, headers: { authorization: 'Bearer t' }, connectTimeoutMs: 2_000, idleTimeoutMs: 2_000, ...extra });

describe('the socket reader', () => {
  it('reads a content-length body exactly, asks without keep-alive, sends the headers given', async () => {
    const data = body(3 * 1024 * 1024 + 17);
    const server = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length}\r\nETag: "v1"\r\nX-Two: a\r\nX-Two: b\r\n\r\n`);
      socket.end(data);
    });
    const answer = await request(server.url('/a/b?c=1'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-length': String(data.length), etag: '"v1"', 'x-two': 'a, b' });
    expect((await readAll(answer)).equals(data)).toBe(true);
    const head = server.heads[0]!.toLowerCase();
    expect(head.startsWith('get /a/b?c=1 http/1.1')).toBe(true);
    expect(head).toContain('connection: close');
    expect(head).toContain('authorization: bearer t');
    expect(head).toContain(`host: 127.0.0.1:${server.url().port}`);
  });

  it('decodes a chunked body (extensions, trailers), given in pieces of any size', async () => {
    const data = body(200_000);
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      let at = 0;
      for (const size of [1, 4096, 65_536, 100_000]) {
        socket.write(`${size.toString(16)};ext=1\r\n`);
        socket.write(data.subarray(at, at + size));
        socket.write('\r\n');
        at += size;
      }
      socket.write(`${(data.length - at).toString(16)}\r\n`);
      socket.write(Buffer.concat([data.subarray(at), Buffer.from('\r\n0\r\nX-Trailer: yes\r\n\r\n')]));
      // The connection stays open: the body's end is the last chunk, not the close.
    });
    const answer = await request(server.url());
    expect((await readAll(answer)).equals(data)).toBe(true);

    const decoder = new ChunkedDecoder();
    const out: Buffer[] = [];
    const wire = Buffer.from('3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n');
    for (const byte of wire) decoder.feed(Buffer.from([byte]), (view) => out.push(Buffer.from(view)));
    expect(Buffer.concat(out).toString()).toBe('abcde');
    expect(decoder.done).toBe(true);
    expect(() => new ChunkedDecoder().feed(Buffer.from('zz\r\n'), () => undefined)).toThrow(/chunk size/);
  });

  it('reads a body without a length up to the close; a head split byte by byte with body bytes after it', async () => {
    const data = body(70_000);
    const server = await rawServer((socket) => {
      const head = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n');
      let i = 0;
      const drip = () => {
        if (i < head.length) {
          socket.write(head.subarray(i, ++i));
          setImmediate(drip);
        } else socket.end(data);
      };
      drip();
    });
    const answer = await request(server.url());
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect((await readAll(answer)).equals(data)).toBe(true);
  });

  it('reads a Range answer (206) as it comes, skips interim answers, and reads a 204 or an error answer without hanging', async () => {
    const data = body(1000);
    const server = await rawServer((socket, head) => {
      if (head.includes('/range')) socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 600-999/1000\r\nContent-Length: 400\r\n\r\n`), data.subarray(600)]));
      else if (head.includes('/empty')) socket.write('HTTP/1.1 204 No Content\r\n\r\n');
      else socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 21\r\n\r\n{"error":"NOT_FOUND"}');
    });
    const ranged = await request(server.url('/range'), { headers: { range: 'bytes=600-' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 600-999/1000');
    expect((await readAll(ranged)).equals(data.subarray(600))).toBe(true);
    expect(server.heads[0]).toContain('range: bytes=600-');

    const hinted = await rawServer((socket) => socket.end('HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const afterHints = await request(hinted.url());
    expect(afterHints.statusCode).toBe(200);
    expect((await readAll(afterHints)).toString()).toBe('ok');

    const empty = await request(server.url('/empty'));
    expect(empty.statusCode).toBe(204);
    expect(await readAll(empty)).toHaveLength(0);
    const missing = await request(server.url('/missing'));
    expect(missing.statusCode).toBe(404);
    expect((await readAll(missing)).toString()).toBe('{"error":"NOT_FOUND"}');
  });

  it('an early close gives every byte that arrived, then fails with ERR_STREAM_PREMATURE_CLOSE', async () => {
    const data = body(500_000);
    const server = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length * 2}\r\n\r\n`);
      socket.end(data);
    });
    const answer = await request(server.url());
    const parts: Buffer[] = [];
    await expect(answer.read((view) => void parts.push(Buffer.from(view)))).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('gives the bytes that arrived when the server stops sending, without waiting for the batch to fill', async () => {
    const data = body(300_000);
    let socketOf: Socket | null = null;
    const server = await rawServer((socket) => {
      socketOf = socket;
      // A third of a batch, then nothing until the test ends it: a stalled server.
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length * 2}\r\n\r\n`);
      socket.write(data);
    });
    // The idle timeout (which also gives what arrived, then fails) is far away: the bytes must come before it.
    const answer = await request(server.url(), { idleTimeoutMs: 60_000 });
    let given = 0;
    const arrived = new Promise<void>((resolve) => {
      void answer
        .read((view) => {
          given += view.length;
          if (given === data.length) resolve();
        })
        .catch(() => undefined);
    });
    const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 10_000).unref());
    expect(await Promise.race([arrived, late])).toBeUndefined();
    expect(given).toBe(data.length);
    answer.destroy();
    (socketOf as Socket | null)?.destroy();
  });

  it('gives a long body in large batches received in place, over plain TCP and TLS', async () => {
    const data = body(8 * 1024 * 1024 + 11);
    const plain = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length}\r\n\r\n`);
      socket.end(data);
    });
    const cert = readFileSync(join(TLS_DIR, 'loopback-cert.pem'), 'utf8');
    const tls = createHttpsServer({ cert, key: readFileSync(join(TLS_DIR, 'loopback-key.pem')) }, (req, res) => {
      res.writeHead(200, { 'content-length': data.length });
      res.end(data);
    });
    servers.push(tls as unknown as Server);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    for (const [url, extra] of [
      [plain.url(), {}],
      [new URL(`https://127.0.0.1:${(tls.address() as { port: number }).port}/f`), { ca: [cert] }],
    ] as const) {
      const answer = await request(url, extra);
      const sizes: number[] = [];
      const parts: Buffer[] = [];
      await answer.read((view) => {
        sizes.push(view.length);
        parts.push(Buffer.from(view));
      });
      expect(Buffer.concat(parts).equals(data)).toBe(true);
      // Not a piece per TCP read or 16 KiB TLS record: most pieces are close to the 1 MiB buffer.
      expect(sizes.length).toBeLessThan(data.length / (256 * 1024));
    }
  });

  it('pauses while the reader asks it to and carries on after resume', async () => {
    const data = body(4 * 1024 * 1024);
    const server = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length}\r\n\r\n`);
      socket.end(data);
    });
    const answer = await request(server.url());
    const parts: Buffer[] = [];
    let pauses = 0;
    await answer.read((view) => {
      parts.push(Buffer.from(view));
      if (pauses < 3) {
        pauses += 1;
        setTimeout(() => answer.resume(), 20);
        return false;
      }
      return true;
    });
    expect(pauses).toBe(3);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('a silent server times out (ETIMEDOUT); an abort stops the read; a refused connection says ECONNREFUSED', async () => {
    const server = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'));
    const slow = await request(server.url(), { idleTimeoutMs: 200 });
    const given: Buffer[] = [];
    await expect(slow.read((view) => void given.push(Buffer.from(view)))).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    // What arrived before the silence was given before the failure (the caller writes it; a resume asks for the rest).
    expect(Buffer.concat(given).toString()).toBe('abc');
    const silent = await rawServer(() => undefined);
    await expect(request(silent.url(), { idleTimeoutMs: 200 })).rejects.toMatchObject({ code: 'ETIMEDOUT' });

    const controller = new AbortController();
    const stopped = await request(server.url(), { signal: controller.signal });
    const reading = readAll(stopped);
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });

    const closed = await rawServer(() => undefined);
    const port = closed.url().port;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(request(new URL(`http://127.0.0.1:${port}/`))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('reads over TLS with an extra certificate authority, and refuses a certificate it cannot trust', async () => {
    const cert = readFileSync(join(TLS_DIR, 'loopback-cert.pem'), 'utf8');
    const data = body(2 * 1024 * 1024 + 5);
    const server = createHttpsServer({ cert, key: readFileSync(join(TLS_DIR, 'loopback-key.pem')) }, (req, res) => {
      res.writeHead(200, { 'content-length': data.length });
      res.end(data);
    });
    servers.push(server as unknown as Server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`https://127.0.0.1:${(server.address() as { port: number }).port}/f`);
    const answer = await request(url, { ca: [cert] });
    expect(answer.statusCode).toBe(200);
    expect((await readAll(answer)).equals(data)).toBe(true);
    await expect(request(url)).rejects.toMatchObject({ code: expect.stringMatching(/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/) });
  });

  it('over TLS keeps the records decrypted after the head while the body waits to be asked for', async () => {
    // Head and body in one write: the client decrypts several records at once, more than the head.
    const cert = readFileSync(join(TLS_DIR, 'loopback-cert.pem'), 'utf8');
    const data = body(1024 * 1024 + 3);
    const server = createTlsServer({ cert, key: readFileSync(join(TLS_DIR, 'loopback-key.pem')) }, (socket) => {
      socket.once('data', () => socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length}\r\n\r\n`), data])));
      socket.on('error', () => undefined);
    });
    servers.push(server as unknown as Server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`https://127.0.0.1:${(server.address() as { port: number }).port}/f`);
    for (let round = 0; round < 3; round++) {
      const answer = await request(url, { ca: [cert] });
      // The caller takes its time before reading, as the download path does (opening the .part).
      await new Promise((resolve) => setTimeout(resolve, 30));
      const got = await readAll(answer);
      expect(got.length).toBe(data.length);
      expect(got.equals(data)).toBe(true);
    }
  });

  it('refuses heads that are not HTTP/1.1 and header lines that cannot be read', () => {
    expect(parseHead('HTTP/1.1 200 OK\r\nA: 1')).toEqual({ statusCode: 200, headers: { a: '1' } });
    expect(() => parseHead('ICY 200 OK')).toThrow(/HTTP\/1\.1/);
    expect(() => parseHead('HTTP/1.1 200 OK\r\nno colon here')).toThrow(/header/);
  });

  it('never sends a header value holding a line break', async () => {
    const server = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
    await expect(request(server.url(), { headers: { authorization: 'Bearer t\r\nX-Evil: 1' } })).rejects.toMatchObject({ code: 'ERR_INVALID_CHAR' });
    expect(server.heads).toHaveLength(0);
  });
});
