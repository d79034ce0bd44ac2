/**
 * Every area's API calls feed the offline state, not only the backup
 * browser's: the API client itself tells Connectivity whether each call reached
 * the instance. A scheduled-tasks call made while the instance is down turns the console
 * offline, and the probe brings it back once the instance answers again.
 */
import { describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../src/shared/model/platform/connectivity';
import { startDemoServer } from '../../src/demo-server/server';
import { cleanups, signedIn } from '../helpers/downloads';

describe('reachability from every area', () => {
  it('an Administration call that cannot reach the instance turns the console offline; the instance answering again turns it back', async () => {
    const server = await startDemoServer({ port: 0 });
    const port = server.port;
    cleanups.push(() => server.close());
    const s = await signedIn(server, { probeIntervalMs: 200 });
    await s.call('admin.tasks.list');
    expect((await s.call<ConnectivityState>('connectivity.get')).online).toBe(true);

    await server.close();
    const offline = s.waitForEvent('connectivity.changed', (state) => !state.online);
    await expect(s.call('admin.tasks.list')).rejects.toMatchObject({ code: 'OFFLINE' });
    expect((await offline).online).toBe(false);
    expect((await s.call<ConnectivityState>('connectivity.get')).online).toBe(false);

    const back = await startDemoServer({ port });
    cleanups.push(() => back.close());
    const online = s.waitForEvent('connectivity.changed', (state) => state.online);
    expect((await online).online).toBe(true);
  });
});
