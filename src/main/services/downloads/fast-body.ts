/**
 * A download's answer read at curl's cost. One HTTP/1.1
 * GET over a plain or TLS socket whose bytes land in one reused buffer
 * (`onread`): no Buffer per chunk, no stream between the socket and the
 * `.part`. The head is parsed once; the body (content-length, chunked, or up
 * to the close) is handed on as views of that buffer, valid only during the
 * call, in order. Keep-alive is off: one request per connection.
 *
 * This reads answers only. Which request is sent, with which credentials,
 * and what a redirect means stay with the API client (got and the redirect
 * policy): a 3xx answer here is handed back unread for it to decide.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, rootCertificates, type ConnectionOptions } from 'node:tls';

/** Bytes read from the socket at a time, into one buffer reused for the whole answer. */
const READ_BUFFER_BYTES = 1024 * 1024;
/** Below this much free room in the read buffer, what it batches is given (a TLS record is at most 16 KiB). */
const MIN_FREE_BYTES = 64 * 1024;
/** A head longer than this is refused (a real server's is a few hundred bytes). */
const MAX_HEAD_BYTES = 64 * 1024;
/**
 * Bytes batched in the read buffer are given at the latest this long after
 * the first of them arrived, when no more come to fill it (a slow or stalled
 * server): what was received is written, shown and kept if the process dies.
 */
const BATCH_MAX_AGE_MS = 50;

interface FastRequest {
  url: URL;
  headers: Record<string, string>;
  /** Extra certificate authorities (PEM) for https, besides the system's. */
  ca?: readonly string[];
  connectTimeoutMs: number;
  /** No byte for this long (while waiting for the head or the body): the connection is given up. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
}

/** A failure of the connection or of the answer's framing, with a code like Node's own (ECONNRESET, ETIMEDOUT...). */
class FastBodyError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'FastBodyError';
  }
}

export interface FastAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /**
   * Reads the body to its end. `onBytes` gets each piece as a view of the
   * reused buffer (copy or write it before returning); returning false pauses
   * reading until `resume()`. Resolves once the whole body arrived; rejects on
   * a drop, a timeout or an abort, after every byte that did arrive was given.
   */
  read(onBytes: (view: Buffer) => boolean | void): Promise<void>;
  resume(): void;
  /** Closes the connection (the rest of the body is not read). */
  destroy(): void;
}

type Framing = { kind: 'none' } | { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' };

/** Parses a response head (status line and headers, without the final CRLF CRLF). */
export function parseHead(text: string): { statusCode: number; headers: IncomingHttpHeaders } {
  const lines = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(lines[0] ?? '');
  if (!status) throw new FastBodyError('The server did not answer in HTTP/1.1.', 'HPE_INVALID_CONSTANT');
  const headers: IncomingHttpHeaders = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FastBodyError('The server sent a header that cannot be read.', 'HPE_INVALID_HEADER_TOKEN');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const existing = headers[name];
    if (name === 'set-cookie') headers[name] = [...((existing as string[] | undefined) ?? []), value];
    else headers[name] = existing === undefined ? value : `${String(existing)}, ${value}`;
  }
  return { statusCode: Number(status[1]), headers };
}

function framingOf(statusCode: number, headers: IncomingHttpHeaders): Framing {
  if (statusCode < 200 || statusCode === 204 || statusCode === 304) return { kind: 'none' };
  const encoding = String(headers['transfer-encoding'] ?? '').toLowerCase();
  if (encoding.split(',').some((part) => part.trim() === 'chunked')) return { kind: 'chunked' };
  const length = headers['content-length'];
  if (length !== undefined) {
    if (!/^\d+$/.test(String(length))) throw new FastBodyError('The server sent a length that cannot be read.', 'HPE_INVALID_CONTENT_LENGTH');
    return { kind: 'length', left: Number(length) };
  }
  return { kind: 'close' };
}

/**
 * The chunked body decoder: gives the data of each chunk as views of what it
 * is fed, and says when the last chunk (and its trailers) ended.
 */
export class ChunkedDecoder {
  private state: 'size' | 'data' | 'data-end' | 'trailers' | 'done' = 'size';
  private line = '';
  private left = 0;

  get done(): boolean {
    return this.state === 'done';
  }

  /** Feeds bytes; `onData` gets the chunks' data. Returns how many bytes of `input` belonged to the body. */
  feed(input: Buffer, onData: (view: Buffer) => void): number {
    let at = 0;
    while (at < input.length && this.state !== 'done') {
      if (this.state === 'data') {
        const take = Math.min(this.left, input.length - at);
        onData(input.subarray(at, at + take));
        at += take;
        this.left -= take;
        if (this.left === 0) this.state = 'data-end';
        continue;
      }
      // Line states: size, the CRLF after data, trailers.
      const byte = input[at++]!;
      if (byte !== 0x0a) {
        if (byte !== 0x0d) this.line += String.fromCharCode(byte);
        if (this.line.length > 4096) throw new FastBodyError('The server sent a chunk header that cannot be read.', 'HPE_CHUNK_SIZE');
        continue;
      }
      const line = this.line;
      this.line = '';
      if (this.state === 'data-end') {
        if (line !== '') throw new FastBodyError('The server sent a chunk that cannot be read.', 'HPE_CHUNK_SIZE');
        this.state = 'size';
      } else if (this.state === 'size') {
        const size = /^([0-9a-fA-F]{1,15})(?:;.*)?$/.exec(line.trim());
        if (!size) throw new FastBodyError('The server sent a chunk size that cannot be read.', 'HPE_CHUNK_SIZE');
        this.left = Number.parseInt(size[1]!, 16);
        this.state = this.left === 0 ? 'trailers' : 'data';
      } else if (line === '') {
        this.state = 'done';
      }
    }
    return at;
  }
}

function requestHead(request: FastRequest): string {
  const { url } = request;
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: close'];
  for (const [name, value] of Object.entries(request.headers)) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new FastBodyError('A request header holds a line break.', 'ERR_INVALID_CHAR');
    if (name.toLowerCase() === 'host' || name.toLowerCase() === 'connection') continue;
    lines.push(`${name}: ${value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Sends the GET and resolves with the answer's head. The body is not read
 * until `read` is called (bytes of it that came with the head are kept).
 */
export function fastGet(request: FastRequest): Promise<FastAnswer> {
  const { url } = request;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new FastBodyError(`Unsupported protocol ${url.protocol}`, 'ERR_INVALID_PROTOCOL'));
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  return new Promise<FastAnswer>((resolveHead, rejectHead) => {
    // Assigned once the request head is ready; the handlers below run only after that.
    // eslint-disable-next-line prefer-const
    let socket: Socket;
    let phase: 'connecting' | 'head' | 'waiting' | 'body' | 'ended' = 'connecting';
    let head = Buffer.alloc(0);
    let framing: Framing = { kind: 'close' };
    const decoder = new ChunkedDecoder();
    /** Body bytes that came with the head, given first once `read` is called. */
    let early: Buffer | null = null;
    let sink: ((view: Buffer) => boolean | void) | null = null;
    let finishBody: (() => void) | null = null;
    let failBody: ((error: Error) => void) | null = null;
    let failure: Error | null = null;
    /** The server closed while the body waited to be asked for: what came with the head is all there is. */
    let closedWhileWaiting = false;
    let timer: ReturnType<typeof setTimeout> | null = null;

    // Re-armed on every read (tens of thousands a second over TLS): a deadline moved forward, one timer
    // that looks at it when it fires, not a clearTimeout and setTimeout per read.
    let deadline = 0;
    let firesAt = 0;
    let timeoutMessage = '';
    const onTimer = () => {
      timer = null;
      const left = deadline - performance.now();
      if (left > 0) {
        firesAt = deadline;
        timer = setTimeout(onTimer, left);
        return;
      }
      fail(new FastBodyError(timeoutMessage, 'ETIMEDOUT'));
    };
    const armTimer = (ms: number, message: string) => {
      deadline = performance.now() + ms;
      timeoutMessage = message;
      if (timer && firesAt <= deadline) return;
      if (timer) clearTimeout(timer);
      firesAt = deadline;
      timer = setTimeout(onTimer, ms);
    };
    const stopTimer = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    /** The stale-batch timer (see onStale below) and when the batch it looks at started. */
    let batchStarted = 0;
    let staleTimer: ReturnType<typeof setTimeout> | null = null;
    const stopStaleTimer = () => {
      if (staleTimer) clearTimeout(staleTimer);
      staleTimer = null;
    };
    const onAbort = () => fail(Object.assign(new Error('The download was stopped.'), { name: 'AbortError', code: 'ABORT_ERR' }));

    function fail(error: Error): void {
      if (phase === 'ended') return;
      // What arrived is given before the failure (the caller writes it: a resume asks only for the rest).
      if (phase === 'body') flushBatch();
      failure ??= error;
      phase = 'ended';
      stopTimer();
      stopStaleTimer();
      request.signal?.removeEventListener('abort', onAbort);
      socket?.destroy();
      if (failBody) failBody(failure);
      else rejectHead(failure);
    }

    function finish(): void {
      if (phase === 'ended') return;
      phase = 'ended';
      stopTimer();
      stopStaleTimer();
      request.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      finishBody?.();
    }

    /**
     * Body bytes of a content-length or close-framed answer are received straight into `buffer`, one
     * read after the other (the socket's buffer generator hands out the free rest of it), and given as
     * one view when it is nearly full or the body is complete: no copy per TLS record or TCP read.
     * Chunked bodies are given per read (their framing is decoded as they come).
     */
    let filled = 0;
    const batching = () => phase === 'body' && (framing.kind === 'length' || framing.kind === 'close');
    function flushBatch(): boolean {
      if (filled === 0) return true;
      const batch = buffer.subarray(0, filled);
      filled = 0;
      return deliver(batch);
    }
    // One timer for stale batches, armed when a batch starts and not already armed (a batch fills in about a
    // millisecond at full speed, so it rarely finds one): it gives a batch that waited BATCH_MAX_AGE_MS.
    const onStale = () => {
      staleTimer = null;
      if (filled === 0 || phase !== 'body') return;
      const age = performance.now() - batchStarted;
      if (age < BATCH_MAX_AGE_MS) {
        staleTimer = setTimeout(onStale, BATCH_MAX_AGE_MS - age);
        return;
      }
      if (!flushBatch() && phase === 'body') {
        // The sink asked to wait: reading stops until `resume`.
        stopTimer();
        socket.pause();
      }
    };
    const batchStarting = () => {
      batchStarted = performance.now();
      staleTimer ??= setTimeout(onStale, BATCH_MAX_AGE_MS);
    };

    /** Gives body bytes to the sink by the answer's framing; returns false when the sink asked to pause. */
    function deliver(bytes: Buffer): boolean {
      let goOn = true;
      const give = (view: Buffer) => {
        if (view.length > 0 && sink!(view) === false) goOn = false;
      };
      if (framing.kind === 'chunked') {
        decoder.feed(bytes, give);
        if (decoder.done) finish();
      } else if (framing.kind === 'length') {
        const take = Math.min(framing.left, bytes.length);
        give(take === bytes.length ? bytes : bytes.subarray(0, take));
        framing.left -= take;
        if (framing.left === 0) finish();
      } else if (framing.kind === 'close') {
        give(bytes);
      }
      return goOn;
    }

    function onHeadBytes(bytes: Buffer): void {
      head = head.length === 0 ? Buffer.from(bytes) : Buffer.concat([head, bytes]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) fail(new FastBodyError('The server sent a head that is too long.', 'HPE_HEADER_OVERFLOW'));
        return;
      }
      let parsed: ReturnType<typeof parseHead>;
      try {
        parsed = parseHead(head.subarray(0, end).toString('latin1'));
        framing = framingOf(parsed.statusCode, parsed.headers);
      } catch (error) {
        fail(error as Error);
        return;
      }
      const rest = head.subarray(end + 4);
      if (parsed.statusCode >= 100 && parsed.statusCode < 200 && parsed.statusCode !== 101) {
        // An interim answer (100 Continue, 103 Early Hints): the real one follows.
        head = Buffer.alloc(0);
        if (rest.length > 0) onHeadBytes(rest);
        return;
      }
      early = rest.length > 0 ? rest : null;
      head = Buffer.alloc(0);
      phase = 'waiting';
      // Nothing more is read until the body is asked for.
      socket.pause();
      stopTimer();
      resolveHead({
        statusCode: parsed.statusCode,
        headers: parsed.headers,
        read(onBytes) {
          return new Promise<void>((resolve, reject) => {
            if (failure) return reject(failure);
            sink = onBytes;
            finishBody = resolve;
            failBody = reject;
            phase = 'body';
            if (framing.kind === 'none' || (framing.kind === 'length' && framing.left === 0)) {
              finish();
              return;
            }
            let goOn = true;
            if (early) {
              goOn = deliver(early);
              early = null;
            }
            if (phase === 'body' && closedWhileWaiting) {
              if (framing.kind === 'close') finish();
              else fail(new FastBodyError(`The connection to ${url.host} closed before the answer ended.`, 'ERR_STREAM_PREMATURE_CLOSE'));
            } else if (phase === 'body' && goOn) {
              armTimer(request.idleTimeoutMs, `${url.host} stopped sending data.`);
              socket.resume();
            }
          });
        },
        resume() {
          if (phase !== 'body') return;
          armTimer(request.idleTimeoutMs, `${url.host} stopped sending data.`);
          socket.resume();
        },
        // Closing early ends the read as done: the caller asked for no more.
        destroy: finish,
      });
    }

    const onread = {
      // Called after every read for where the next one goes: the free rest of `buffer` while batching.
      buffer: () => (filled > 0 ? buffer.subarray(filled) : buffer),
      callback: (length: number, view: Uint8Array): boolean => {
        if (batching()) {
          armTimer(request.idleTimeoutMs, `${url.host} stopped sending data.`);
          // The read went where the generator said (right after what is batched); else it is copied there.
          if (view.buffer !== buffer.buffer || view.byteOffset !== buffer.byteOffset + filled) buffer.set(new Uint8Array(view.buffer, view.byteOffset, length), filled);
          if (filled === 0) batchStarting();
          filled += length;
          const complete = framing.kind === 'length' && filled >= framing.left;
          if (!complete && buffer.length - filled >= MIN_FREE_BYTES) return true;
          const goOn = flushBatch();
          if (!goOn && phase === 'body') stopTimer();
          return goOn && phase === 'body';
        }
        const bytes = Buffer.from(view.buffer, view.byteOffset, length);
        if (phase === 'head') {
          onHeadBytes(bytes);
          return phase === 'head';
        }
        if (phase === 'waiting') {
          // TLS hands over what it already decrypted even after the pause: kept for `read`, never dropped.
          early = early ? Buffer.concat([early, bytes]) : Buffer.from(bytes);
          return false;
        }
        if (phase !== 'body') return false;
        armTimer(request.idleTimeoutMs, `${url.host} stopped sending data.`);
        const goOn = deliver(bytes);
        if (!goOn && phase === 'body') stopTimer();
        return goOn && phase === 'body';
      },
    };

    let payload: string;
    try {
      payload = requestHead(request);
    } catch (error) {
      rejectHead(error as Error);
      return;
    }
    if (request.signal?.aborted) {
      rejectHead(Object.assign(new Error('The download was stopped.'), { name: 'AbortError', code: 'ABORT_ERR' }));
      return;
    }
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const onConnected = () => {
      phase = 'head';
      armTimer(request.idleTimeoutMs, `${url.host} stopped answering.`);
      socket.write(payload);
    };
    socket = secure
      ? tlsConnect({
          host,
          port,
          servername: isIP(host) ? undefined : host,
          ALPNProtocols: ['http/1.1'],
          ...(request.ca?.length ? { ca: [...rootCertificates, ...request.ca] } : {}),
          onread,
        } as ConnectionOptions)
      : netConnect({ host, port, onread });
    armTimer(request.connectTimeoutMs, `${url.host} could not be reached in time.`);
    socket.once(secure ? 'secureConnect' : 'connect', onConnected);
    socket.on('error', (error: Error & { code?: string }) => fail(error.code ? error : new FastBodyError(error.message, 'ECONNRESET')));
    socket.on('close', () => {
      if (phase === 'ended') return;
      if (phase === 'waiting') {
        closedWhileWaiting = true;
        return;
      }
      if (phase === 'body' && framing.kind === 'close') {
        flushBatch();
        return finish();
      }
      fail(new FastBodyError(`The connection to ${url.host} closed before the answer ended.`, 'ERR_STREAM_PREMATURE_CLOSE'));
    });
  });
}
