/**
 * The help description's files against the demo server over real HTTP, through the
 * router (every input validated): files pasted or dropped into the help
 * ticket's description are handed over in pieces, uploaded through the
 * attachment call and sent in the ticket's imageTokens, never inlined as data
 * URLs; a branded installation's topics may open its own https host (that
 * host exactly) through the allow-list the main process checks.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { helpDemoState, type HelpDemoState } from '../../src/demo-server/routes/help/help';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { AttachmentInfo, HelpContext, TicketSubmitResult } from '../../src/shared/model/help';
import { DEFAULT_HELP_BRANDING } from '../../src/shared/rules/help';
import { createTestServices, type TestServices } from '../helpers/services';

let demo: DemoServer;
let services: TestServices;
let state: HelpDemoState;

/** A PNG's signature, then enough bytes to need two pieces of 1 MiB. */
const BIG_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024 + 5000, 3)]);
const PIECE = 1024 * 1024;

async function expectCode(promise: Promise<unknown>, code: string, message?: string): Promise<void> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as (Error & { code?: string }) | null;
  expect(error, 'expected the call to fail').not.toBeNull();
  expect(error!.code).toBe(code);
  if (message) expect(error!.message).toBe(message);
}

/** What the renderer does for a pasted file: its pieces in order, then the upload. */
async function pasteFile(name: string, bytes: Buffer): Promise<{ uploadId: string; attachment: AttachmentInfo }> {
  const uploadId = randomUUID();
  for (let offset = 0; offset < bytes.length; offset += PIECE) {
    const data = bytes.subarray(offset, offset + PIECE).toString('base64');
    await services.call('help.stageDescriptionFile', { uploadId, name, size: bytes.length, offset, data });
  }
  return { uploadId, attachment: await services.call<AttachmentInfo>('help.uploadDescriptionFile', { uploadId }) };
}

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    submissionId: randomUUID(),
    ticketSubject: 'Screenshot of the failed backup',
    ticketBody: '<p>See the screenshot.</p>',
    ticketPriority: 'NORMAL',
    ticketPhoneNumber: '',
    ticketCategory: 'Backup',
    ticketCallback: false,
    ticketCc: [],
    ...overrides,
  };
}

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: 'demo-admin', sizes: { bigFolderItems: 100 } });
  state = helpDemoState(demo.config);
  services = await createTestServices({ demo, keytar: null });
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
});

afterAll(async () => {
  await services.dispose();
  await demo.close();
});

beforeEach(() => {
  state.ticketResult = 'SUCCESS';
  state.branded = false;
  state.branding = { ...DEFAULT_HELP_BRANDING, topics: [] };
});

describe('files of the description', () => {
  it('upload through the attachment call in pieces; the ticket carries their tokens in imageTokens and no data: URL in its HTML', async () => {
    const { uploadId, attachment } = await pasteFile('image.png', BIG_PNG);
    expect(attachment).toMatchObject({ uploadStatus: 'SUCCESS', metadata: { name: 'image.png', size: BIG_PNG.length } });
    expect(attachment).not.toHaveProperty('token');
    const stored = [...state.uploads.values()].find((u) => u.attachment.id === attachment.id)!;
    expect(stored.bytes!.equals(BIG_PNG)).toBe(true);

    // A data-URL image that slipped into the HTML is left out of the ticket.
    const body = `<p>See below.</p><p><img src="data:image/png;base64,${BIG_PNG.subarray(0, 64).toString('base64')}" width="40"></p><p>Thanks</p>`;
    const result = await services.call<TicketSubmitResult>('help.submitTicket', ticket({ ticketBody: body, descriptionFiles: [uploadId] }));
    expect(result.status).toBe('sent');
    const sent = state.tickets.at(-1)!;
    expect(sent.body.imageTokens).toEqual([stored.attachment.token]);
    expect(sent.attachments).toEqual(['image.png']);
    expect(sent.body.ticketBody).not.toContain('data:');
    expect(sent.body.ticketBody).toBe('<p>See below.</p><p></p><p>Thanks</p>');
    // It belongs to the ticket now: naming it again is refused.
    await expectCode(services.call('help.submitTicket', ticket({ descriptionFiles: [uploadId] })), 'NOT_FOUND');
  });

  it('join the form attachments in imageTokens; stay uploaded when the ticket fails, for the next try', async () => {
    state.ticketResult = 'FAILURE';
    const first = await pasteFile('first.png', BIG_PNG.subarray(0, 3000));
    const second = await pasteFile('second.png', BIG_PNG.subarray(0, 4000));
    const failed = await services.call<TicketSubmitResult>('help.submitTicket', ticket({ descriptionFiles: [first.uploadId, second.uploadId] }));
    expect(failed.status).toBe('notRegistered');
    state.ticketResult = 'SUCCESS';
    const result = await services.call<TicketSubmitResult>('help.submitTicket', ticket({ descriptionFiles: [second.uploadId, first.uploadId] }));
    expect(result.status).toBe('sent');
    expect(state.tickets.at(-1)!.attachments).toEqual(['second.png', 'first.png']);
  });

  it('are checked like files from disk: type, the file check, size, order of pieces', async () => {
    const uploadId = randomUUID();
    const data = Buffer.from('%PDF-1.4').toString('base64');
    await expectCode(services.call('help.stageDescriptionFile', { uploadId, name: 'report.pdf', size: 8, offset: 0, data }), 'INVALID_INPUT', 'Only jpg, jpeg, png, mov, txt file extensions are supported.');
    // A .png whose bytes are not a PNG: refused at upload, nothing reaches the server.
    const uploads = state.uploads.size;
    const fake = randomUUID();
    await services.call('help.stageDescriptionFile', { uploadId: fake, name: 'fake.png', size: 8, offset: 0, data });
    await expectCode(services.call('help.uploadDescriptionFile', { uploadId: fake }), 'INVALID_INPUT', 'Only jpg, jpeg, png, mov, txt file extensions are supported.');
    expect(state.uploads.size).toBe(uploads);
    // Over 20 MiB: refused by the contract.
    await expectCode(services.call('help.stageDescriptionFile', { uploadId, name: 'big.png', size: 21 * 1024 * 1024, offset: 0, data }), 'INVALID_INPUT');
    // A piece out of order, and one that does not fit.
    const gap = randomUUID();
    await expectCode(services.call('help.stageDescriptionFile', { uploadId: gap, name: 'a.png', size: 100, offset: 50, data }), 'INVALID_INPUT');
    await expectCode(services.call('help.stageDescriptionFile', { uploadId: gap, name: 'a.png', size: 4, offset: 0, data }), 'INVALID_INPUT');
    // Not received whole: no upload.
    const half = randomUUID();
    await services.call('help.stageDescriptionFile', { uploadId: half, name: 'half.png', size: 100, offset: 0, data: BIG_PNG.subarray(0, 50).toString('base64') });
    await expectCode(services.call('help.uploadDescriptionFile', { uploadId: half }), 'INVALID_INPUT');
    // An id the main process never saw: refused, the ticket is not sent.
    const tickets = state.tickets.length;
    await expectCode(services.call('help.submitTicket', ticket({ descriptionFiles: [randomUUID()] })), 'NOT_FOUND');
    expect(state.tickets.length).toBe(tickets);
  });

  it('removed from the tray: deleted on the server and no longer accepted', async () => {
    const { uploadId, attachment } = await pasteFile('removed.png', BIG_PNG.subarray(0, 2000));
    expect(await services.call('help.discardDescriptionFile', { uploadId })).toEqual({ discarded: true });
    expect([...state.uploads.values()].find((u) => u.attachment.id === attachment.id)!.deleted).toBe(true);
    await expectCode(services.call('help.submitTicket', ticket({ descriptionFiles: [uploadId] })), 'NOT_FOUND');
    expect(await services.call('help.discardDescriptionFile', { uploadId })).toEqual({ discarded: false });
  });
});

describe("a branded installation's own help links", () => {
  const partner = 'https://help.partner-msp.example/kb/backup';
  const refused = 'This link is not on the list of sites the console may open.';

  it('open the https host of its topics, exactly that host, once the branding answer was read', async () => {
    await expectCode(services.call('shell.openExternal', { url: partner }), 'FORBIDDEN', refused);
    state.branded = true;
    state.branding = { ...state.branding, topics: [{ topic: 'Partner help', token: 'kb', action: partner }, { topic: 'Plain', token: 'p', action: 'http://plain.partner-msp.example/' }] };
    await services.call<HelpContext>('help.context');
    expect(await services.call('shell.openExternal', { url: partner })).toEqual({ opened: false, url: partner });
    expect(await services.call('shell.openExternal', { url: 'https://help.partner-msp.example/other' })).toMatchObject({ opened: false });
    for (const url of ['https://evil.help.partner-msp.example/', 'https://partner-msp.example/', 'http://help.partner-msp.example/kb', 'https://plain.partner-msp.example/', 'https://help.partner-msp.example:8443/']) {
      await expectCode(services.call('shell.openExternal', { url }), 'FORBIDDEN', refused);
    }
  });

  it('stop opening when the installation is no longer branded', async () => {
    state.branded = true;
    state.branding = { ...state.branding, topics: [{ topic: 'Partner help', token: 'kb', action: partner }] };
    await services.call<HelpContext>('help.context');
    state.branded = false;
    await services.call<HelpContext>('help.context');
    await expectCode(services.call('shell.openExternal', { url: partner }), 'FORBIDDEN', refused);
  });
});
