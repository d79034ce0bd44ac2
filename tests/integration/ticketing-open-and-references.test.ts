/**
 * Through the real router against the demo over HTTP
 * (spec/ticketing-automations-psa.md §4.1, §5.1, §8.1):
 * - an automation's attachment without a preview (the PDF) is opened by the
 *   main process: fetched through its signed URL, saved where downloads go
 *   under the instance's name (never over a file), then opened by the
 *   downloads' "Open" rule; an id the automation does not hold, or one of
 *   §4.1's states, is refused before any signed URL is asked for;
 * - a trigger that is gone loads with 'Failed';
 * - the save-time check reads the current lookups: a deleted user or
 *   organization is found without the name the picker stored, and one the
 *   lookups no longer hold is called deleted.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAttachmentBytes } from '../../src/demo-server/data/ticketing/triggers';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { LookupPage, Trigger } from '../../src/shared/model/ticketing';
import type { DeletedReferences } from '../../src/shared/rules/ticketing/references';
import { createTestServices, tempDir, type TestServices } from '../helpers/services';

const PNG_ID = 'automation-attachment-1';
const PDF_ID = 'automation-attachment-2';
const SUSPICIOUS_ID = 'automation-attachment-3';
const PROCESSING_ID = 'automation-attachment-4';

let demo: DemoServer;
let services: TestServices;
const downloads = tempDir('ticketing-open-');
/** What "Open" was asked to launch, and what the confirmation was asked about. */
const opened: string[] = [];
const asked: string[] = [];

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: 'demo-admin' });
  services = await createTestServices({
    demo,
    keytar: null,
    platform: {
      downloadsRoot: downloads,
      openPath: async (path) => {
        opened.push(path);
      },
      confirmOpenFile: async (name) => {
        asked.push(name);
        return false;
      },
    },
  });
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
});
afterAll(async () => {
  await services?.dispose();
  await demo?.close();
});

const byName = async (name: string) => (await services.call<{ items: Trigger[] }>('ticketing.triggers', {})).items.find((t) => t.name === name)!;
const openAttachment = (input: unknown) => services.call<{ name: string; path: string; opened: boolean }>('ticketing.openAttachment', input);

function signedUrlCalls(): number {
  return Object.entries(demo.stats.byRoute)
    .filter(([route]) => route.includes('signed-url'))
    .reduce((n, [, count]) => n + count, 0);
}

describe("an automation's attachment opened (§4.1: through its signed URL)", () => {
  it('is saved under the instance name where downloads go, never over a file, and a PDF is opened without asking', async () => {
    const vip = await byName('Escalate VIP tickets');
    const first = await openAttachment({ triggerId: vip.id, id: PDF_ID });
    expect(first).toEqual({ name: 'vip-escalation-policy.pdf', path: expect.any(String), opened: true });
    expect(dirname(first.path)).toBe(downloads);
    expect(readFileSync(first.path).equals(seededAttachmentBytes(PDF_ID)!)).toBe(true);
    expect(opened).toEqual([first.path]);
    expect(asked).toEqual([]);

    const second = await openAttachment({ triggerId: vip.id, id: PDF_ID });
    expect(basename(second.path)).toBe('vip-escalation-policy (1).pdf');
    expect(readFileSync(first.path).equals(seededAttachmentBytes(PDF_ID)!)).toBe(true);
  });

  it('refuses an id the automation does not hold, and §4.1 states, without asking for a signed URL', async () => {
    const vip = await byName('Escalate VIP tickets');
    const template = await byName('Password reset instructions');
    const before = signedUrlCalls();
    // Another automation's attachment, an id never issued.
    await expect(openAttachment({ triggerId: vip.id, id: PROCESSING_ID })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'This file is not an attachment of the automation.' });
    await expect(openAttachment({ triggerId: template.id, id: PNG_ID })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(openAttachment({ triggerId: vip.id, id: 'no-such-attachment' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(openAttachment({ triggerId: vip.id, id: SUSPICIOUS_ID })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Resource Not Found' });
    await expect(openAttachment({ triggerId: template.id, id: PROCESSING_ID })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'This attachment is still being processed.' });
    expect(signedUrlCalls()).toBe(before);
    // The renderer names ids only: no URL, name or folder of its own.
    for (const input of [{ triggerId: vip.id, id: PDF_ID, url: 'https://elsewhere.example/x' }, { triggerId: vip.id, id: PDF_ID, name: 'evil.exe' }, { triggerId: vip.id, id: '' }, { triggerId: -1, id: PDF_ID }, { id: PDF_ID }]) {
      await expect(openAttachment(input)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(signedUrlCalls()).toBe(before);
  });

  it("of an automation that is gone says 'Failed'", async () => {
    await expect(openAttachment({ triggerId: 999_999, id: PDF_ID })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Failed' });
  });
});

describe("loading a trigger that is gone (§8.1: 'Failed')", () => {
  it("fails with 'Failed', its code telling it is gone", async () => {
    await expect(services.call('ticketing.trigger', { id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Failed' });
  });
});

describe('deleted references found at save against the current lookups (§5.1)', () => {
  it('finds a deleted technician and organization by id alone, a gone one too, and leaves the others', async () => {
    const technician = (await services.call<LookupPage>('ticketing.users', { page: 0, search: 'Former Technician', technician: true })).results[0]!;
    const active = (await services.call<LookupPage>('ticketing.users', { page: 0, technician: true })).results.find((u) => !u.deleted)!;
    const retired = (await services.call<LookupPage>('ticketing.organizations', { page: 0, search: 'Retired Client' })).results[0]!;
    const organization = (await services.call<LookupPage>('ticketing.organizations', { page: 0 })).results.find((o) => !o.deleted)!;
    const location = (await services.call<LookupPage>('ticketing.locations', { page: 0 })).results.find((l) => !l.deleted)!;
    expect([technician.deleted, retired.deleted]).toEqual([true, true]);

    const answer = await services.call<DeletedReferences>('ticketing.deletedReferences', {
      // Stored when picked as not deleted, or without a name (another client's trigger): the lookups decide.
      users: [{ id: technician.id, name: 'Former Technician' }, { id: active.id }],
      organizations: [{ id: retired.id }, { id: organization.id, name: organization.name }, { id: 2_000_000_000 }],
      locations: [{ id: location.id }],
    });
    expect(answer).toEqual({ users: [technician.id], organizations: [retired.id, 2_000_000_000], locations: [] });
  });

  it('checks its input', async () => {
    for (const input of [{}, { users: [{ id: 'x' }], organizations: [], locations: [] }, { users: Array.from({ length: 201 }, (_, i) => ({ id: i + 1 })), organizations: [], locations: [] }]) {
      await expect(services.call('ticketing.deletedReferences', input)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});
