/**
 * The demo's signed file URLs, one mechanism for every area whose
 * attachments are fetched through a signed URL (help tickets, automations):
 * `/attachments/:id/content?expires&signature`, valid 60 s, no bearer token
 * (the HMAC signature, with a secret per demo server, is the permission;
 * 403 when tampered with or expired). Each area registers a source that
 * gives an id's content, or null when it has none to serve (unknown,
 * quarantined, not ready): then the URL answers 404 'Resource Not Found'.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_MESSAGES } from '../shared/rules/platform/attachments';
import type { DemoConfig } from './config';
import type { ServerResponse } from 'node:http';
import { HttpError, type Router } from './http';

const SIGNED_FILE_PATH = '/attachments/:id/content';
/** How long a signed URL stays valid (clients cache it 55 s). */
const SIGNED_URL_TTL_SECONDS = 60;

interface SignedFile {
  /** The content-type header it is served with. */
  contentType: string;
  bytes: Buffer;
}

/** An area's files: the content of an id, or null when it has none to serve. */
type SignedFileSource = (id: string) => SignedFile | null;

export interface SignedFiles {
  /** The signed-URL calls' answer for an id: `{ signedUrl, expiresInSeconds }`. */
  signedUrl(id: string): { signedUrl: string; expiresInSeconds: number };
  addSource(source: SignedFileSource): void;
}

interface SignedFilesState {
  secret: Buffer;
  sources: SignedFileSource[];
}

const states = new WeakMap<DemoConfig, SignedFilesState>();

function stateOf(config: DemoConfig): SignedFilesState {
  let state = states.get(config);
  if (!state) {
    state = { secret: randomBytes(32), sources: [] };
    states.set(config, state);
  }
  return state;
}

function signature(state: SignedFilesState, id: string, expires: number): string {
  return createHmac('sha256', state.secret).update(`${id}|${expires}`).digest('base64url');
}

/** The signed files of one demo server. */
export function signedFiles(config: DemoConfig): SignedFiles {
  const state = stateOf(config);
  return {
    signedUrl(id) {
      const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS;
      const path = SIGNED_FILE_PATH.replace(':id', encodeURIComponent(id));
      return { signedUrl: `http://${config.host}:${config.port}${path}?expires=${expires}&signature=${signature(state, id, expires)}`, expiresInSeconds: SIGNED_URL_TTL_SECONDS };
    },
    addSource(source) {
      state.sources.push(source);
    },
  };
}

/** The signed URL itself: checks the signature and its expiry, then serves the first source's content for the id. */
export function registerSignedFileRoute(router: Router, config: DemoConfig): void {
  const state = stateOf(config);
  router.get(
    SIGNED_FILE_PATH,
    (ctx) => {
      const id = ctx.params.id ?? '';
      const expires = Number(ctx.query.get('expires'));
      const given = Buffer.from(ctx.query.get('signature') ?? '');
      const expected = Buffer.from(signature(state, id, expires));
      if (!Number.isInteger(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new HttpError(403, 'Forbidden', { error: 'forbidden', message: 'Invalid signature' });
      }
      if (expires * 1000 < Date.now()) throw new HttpError(403, 'Expired', { error: 'expired', message: 'The signed URL has expired' });
      const file = state.sources.reduce<SignedFile | null>((found, source) => found ?? source(id), null);
      if (!file) throw new HttpError(404, 'Not found', { error: 'not_found', message: ATTACHMENT_MESSAGES.resourceNotFound });
      ctx.res.writeHead(200, {
        'content-type': file.contentType,
        'content-length': file.bytes.length,
        'cache-control': 'private, max-age=60',
        'x-content-type-options': 'nosniff',
      });
      if (config.faults.holdSignedFiles) return holdBody(ctx.res, file.bytes, config);
      ctx.res.end(file.bytes);
    },
    { auth: false },
  );
}

/** `faults.holdSignedFiles`: a byte every 100 ms (the last one kept back) until the switch is off or the client leaves, then the rest. */
async function holdBody(res: ServerResponse, bytes: Buffer, config: DemoConfig): Promise<void> {
  let gone = false;
  res.once('close', () => (gone = true));
  let sent = 0;
  while (config.faults.holdSignedFiles && !gone) {
    if (sent < bytes.length - 1) res.write(bytes.subarray(sent, ++sent));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!gone) res.end(bytes.subarray(sent));
}
