/**
 * For the calls made outside got's hooks: an upload, a
 * restore preview and a download whose renewed token is refused too end the
 * session saying the instance refused the credentials ('rejected-after-
 * renewal'), instead of failing or waiting for a sign-in while the console
 * still looks signed in. Against a loopback server that refuses every token,
 * and the demo server told to refuse every token (tokenMaxAgeSeconds = 0).
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/shared/model/session';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { ApiClient } from '../../src/main/services/platform/api/api-client';
import { HelpApi } from '../../src/main/services/help/help-api';
import { RestoreService } from '../../src/main/services/restore/restore-service';
import { TokenManager } from '../../src/main/services/platform/api/token-manager';
import { cleanups, demo, listAccounting, signedIn, start, waitForItem } from '../helpers/downloads';
import { tempDir } from '../helpers/temp';

const F = DEMO_FIXTURES;

/** A server that answers every request with 401, recording the bearer each one carried. */
async function refusingInstance(): Promise<{ api: ApiClient; bearers: string[]; ended: string[] }> {
  const bearers: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      bearers.push(String(req.headers.authorization));
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":"invalid_token"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  let issued = 0;
  const fresh = async () => ({ accessToken: `token-${++issued}`, expiresAt: Date.now() + 3_600_000 });
  const tokens = new TokenManager(fresh, await fresh());
  const ended: string[] = [];
  const api = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens, onSessionExpired: (reason) => ended.push(reason), retryLimit: 0 });
  return { api, bearers, ended };
}

const expired = { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' };

describe('a renewed token refused too ends the session, saying so', () => {
  it('an attachment upload', async () => {
    const { api, bearers, ended } = await refusingInstance();
    const file = join(tempDir('rmm-upload-'), 'notes.txt');
    writeFileSync(file, 'notes');
    await expect(new HelpApi(() => api).upload({ path: file, name: 'notes.txt', size: 5 }, () => {})).rejects.toMatchObject(expired);
    expect(bearers).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(ended).toEqual(['rejected-after-renewal']);
  });

  it('a restore preview', async () => {
    const { api, bearers, ended } = await refusingInstance();
    const restore = new RestoreService(
      () => api,
      () => {
        throw new Error('no cache in this test');
      },
      () => 'scope',
    );
    await expect(restore.preview(1, 'plan', 'rev', 'notes.txt', 100)).rejects.toMatchObject(expired);
    expect(bearers).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(ended).toEqual(['rejected-after-renewal']);
  });

  it('a download: the session ends as credentials refused, the download waits for the next sign-in and then finishes', async () => {
    const server = await demo();
    const services = await signedIn(server);
    await listAccounting(services);
    server.config.faults.tokenMaxAgeSeconds = 0;
    const signedOut = services.waitForEvent('session.changed', (state: SessionState) => state.status === 'signed-out');
    const { started } = await start(services, tempDir('rmm-dl-'), [
      { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name: 'x' },
    ]);
    const id = started[0]!.id;
    expect(await signedOut).toMatchObject({ status: 'signed-out', reason: 'credentials-refused', message: 'The instance refused the saved credentials. Sign in again to continue.' });
    const waiting = await waitForItem(services, id, (item) => item.state === 'queued' && item.note === 'Waiting for you to sign in again.');
    expect(waiting.error).toBeUndefined();

    delete server.config.faults.tokenMaxAgeSeconds;
    await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
    expect((await waitForItem(services, id, (item) => item.state === 'completed' || item.state === 'failed')).state).toBe('completed');
  });
});
