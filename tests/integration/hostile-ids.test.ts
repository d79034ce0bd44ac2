/**
 * Ids the renderer names go into paths of the RMM API. Through the real
 * router, signed in to the demo over HTTP: an id that is empty, `.` or `..`,
 * or holds `/` or `\`, is refused INVALID_INPUT on a channel of every area
 * that builds a path from one, and nothing reaches the instance (the demo
 * counts every request it is sent).
 */
import { describe, expect, it } from 'vitest';
import { INVALID_PATH_ID_MESSAGE } from '../../src/shared/rules/platform/api-paths';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();

const HOSTILE = ['..', 'a/b', '', '.', 'x\\y'] as const;
const NODE = 1;

/** A channel and its input with the hostile id in the place of one. */
const CHANNELS: Record<string, (id: string) => [string, unknown]> = {
  'PSA: an Autotask account': (id) => ['psa.autotask.accountLocations', { accountId: id }],
  'PSA: a ConnectWise company': (id) => ['psa.connectwise.sites', { companyId: id }],
  'administration: a scheduled task': (id) => ['admin.tasks.get', { id }],
  'administration: a billing product': (id) => ['admin.billing.delete', { id }],
  'ticketing: an automation attachment': (id) => ['ticketing.attachmentPreview', { id }],
  'ticketing: a ruleset': (id) => ['ticketing.deleteRuleset', { id }],
  'tickets: an inline image': (id) => ['tickets.inlineImage', { ticketId: 1001, attachmentId: id }],
  'tickets: an image saved': (id) => ['tickets.saveImage', { ticketId: 1001, attachmentId: id }],
  'tickets: an uploaded reply file': (id) => ['tickets.discardFile', { id }],
  'help: an attachment': (id) => ['help.attachmentPreview', { id }],
  'backup: a plan': (id) => ['backup.listPage', { level: 'volumes', nodeId: NODE, planUid: id }],
  'backup: a revision to mount': (id) => ['backup.mount', { nodeId: NODE, planUid: 'plan', revisionId: id }],
  'restore: a job': (id) => ['restore.cancel', { jobUID: id }],
  'downloads: a revision': (id) => ['downloads.start', { nodeId: NODE, folder: '/tmp', items: [{ kind: 'revision', nodeId: NODE, planUid: 'plan', revisionId: id, name: 'a.txt' }] }],
};

describe('a hostile id is refused before anything is sent', () => {
  for (const [what, input] of Object.entries(CHANNELS)) {
    it.each(HOSTILE)(`${what}: %j`, async (id) => {
      const stats = ctx.demo().stats;
      const before = stats.requests;
      const [channel, args] = input(id);
      await expect(ctx.services().call(channel, args)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      expect(stats.requests).toBe(before);
    });
  }

  it("says why in the console's words where the id is a text", async () => {
    await expect(ctx.services().call('psa.autotask.accountLocations', { accountId: '..' })).rejects.toMatchObject({ message: expect.stringContaining(INVALID_PATH_ID_MESSAGE) });
  });

  it('a well-formed id of the same channels still reaches the instance', async () => {
    const before = ctx.demo().stats.requests;
    await expect(ctx.services().call('psa.autotask.accountLocations', { accountId: 'no-such-account' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(ctx.demo().stats.requests).toBeGreaterThan(before);
  });
});
