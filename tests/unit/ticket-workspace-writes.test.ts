/**
 * The workspace's writes, on a scripted API and real
 * SQLite files: a draft is deleted only when the instance confirmed what it
 * holds (one saved again while the send ran is kept), one reply or new ticket
 * is sent once at a time, a new ticket never takes a ticket's reply draft, an
 * answer that arrives after another identity signed in never lands in that
 * identity's cache or known versions, and an upload status asked for by an
 * id such as 'constructor' reads only the instance's answer. A reply's files
 * (the upload call stubbed): a status the spec does not list is kept raw; a
 * file removed from a reply is dropped while staged, deleted on the instance
 * once uploaded (only one this console uploaded for this identity; never a
 * file of a conversation), a failed DELETE logged, not reported. Files are
 * named only by ids the main process issued: a draft, a status or a
 * removal naming another is refused before anything is asked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { SessionService } from '../../src/main/services/session/session-service';
import { ReplyDraftStore } from '../../src/main/services/tickets/draft-store';
import type { TicketingService } from '../../src/main/services/ticketing/ticketing-service';
import { WorkspaceCache } from '../../src/main/services/tickets/cache';
import { TicketWorkspaceService } from '../../src/main/services/tickets/service';
import { WORKSPACE_MESSAGES } from '../../src/main/services/tickets/writes';
import type { TicketDetail } from '../../src/shared/model/tickets';
import { emptyReplyDraft, type ReplyDraft } from '../../src/shared/rules/tickets/reply';
import { tempDir } from '../helpers/temp';
import { rejection } from '../helpers/rejection';

/** The upload call answers what the test puts here (read with the caller's schema, as postFile reads the instance's answer). */
const uploadAnswers: unknown[] = [];
const uploadQueries: Array<Record<string, string>> = [];
vi.mock('../../src/main/services/platform/api/post-file', () => ({
  postFile: async (_api: unknown, _path: string, _file: unknown, schema: z.ZodType<unknown>, _progress: unknown, _signal: unknown, query: Record<string, string> = {}) => {
    uploadQueries.push(query);
    return schema.parse(uploadAnswers.shift());
  },
}));

const PNG = readFileSync(join(__dirname, '../../resources/icon.png'));

const ALICE = 'demo|demo|7';
const BOB = 'instance|https://two.example|7';

interface Call {
  scope: string | null;
  method: string;
  path: string;
  json: unknown;
  answer: (value: { status: number; body: unknown } | unknown) => void;
}

/** A session whose API answers only when the test says (`calls`), signed in as `scope`. */
class ScriptedSession {
  scope: string | null = ALICE;
  readonly calls: Call[] = [];

  private call(method: string, path: string, json?: unknown): Promise<unknown> {
    return new Promise((answer) => this.calls.push({ scope: this.scope, method, path, json, answer }));
  }

  identityScope(): string | null {
    return this.scope;
  }

  api() {
    const scope = this.scope;
    return {
      baseUrl: 'https://one.example',
      requestWithStatus: (method: string, path: string, options: { json?: unknown }) => this.call(method, path, options.json) as Promise<{ status: number; body: unknown }>,
      requestJson: async <T>(method: string, path: string, schema: z.ZodType<T>) => schema.parse(await this.call(method, path)),
      getJson: async <T>(path: string, schema: z.ZodType<T>) => schema.parse(await this.call('GET', path)),
      scope,
    };
  }

  /** The oldest call not answered yet, for this path. */
  next(path: string): Call {
    const index = this.calls.findIndex((c) => c.path === path);
    if (index < 0) throw new Error(`no pending call to ${path}; pending: ${this.calls.map((c) => c.path).join(', ')}`);
    return this.calls.splice(index, 1)[0]!;
  }

  /** Answers the ticket's page (ticket and conversation) as asked. */
  async answerView(id: number, ticket: Record<string, unknown>): Promise<void> {
    await settle();
    this.next(`ticketing/tickets/${id}`).answer({ id, status: 'OPEN', createTime: 1_700_000_000_000, ...ticket });
    this.next(`ticketing/tickets/${id}/conversation`).answer({ entries: [] });
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function open() {
  const folder = tempDir('rmm-workspace-writes-');
  const logged: string[] = [];
  const session = new ScriptedSession();
  const cache = new WorkspaceCache(join(folder, 'ticketing-workspace.sqlite'));
  const drafts = new ReplyDraftStore(join(folder, 'ticketing-drafts.sqlite'));
  closers.push(
    () => cache.close(),
    () => drafts.close(),
  );
  const service = new TicketWorkspaceService({ session: session as unknown as SessionService, ticketing: {} as TicketingService, cache, drafts, log: (what) => logged.push(what) });
  /** Another identity signs in, as app-services does it (the session changes, the service resets). */
  const signInAs = (scope: string) => {
    session.scope = scope;
    service.reset();
  };
  return { session, service, cache, drafts, signInAs, logged };
}

const draft = (body: string): ReplyDraft => ({ ...emptyReplyDraft(), body, htmlBody: `<p>${body}</p>` });
const entry = (body: string) => ({ id: 'e1', kind: 'REPLY', isPublic: false, createTime: 1_700_000_100_000, body, htmlBody: `<p>${body}</p>` });

/** Ticket 7 read with one entry carrying the file 'att-9' (log.txt): the id the main process has now read. */
async function viewTicketWithLog(session: ReturnType<typeof open>['session'], service: ReturnType<typeof open>['service']): Promise<void> {
  const view = service.view(7);
  await settle();
  session.next('ticketing/tickets/7').answer({ id: 7, status: 'OPEN', createTime: 1_700_000_000_000 });
  session.next('ticketing/tickets/7/conversation').answer({ entries: [{ ...entry('Log attached.'), attachments: [{ id: 'att-9', uploadStatus: 'SUCCESS', metadata: { name: 'log.txt' } }] }] });
  await view;
}

describe('a reply draft once the instance confirms the reply', () => {
  it('is deleted when it is still what was sent', async () => {
    const { session, service } = open();
    const sending = service.reply(7, draft('Replaced the toner.'));
    await settle();
    session.next('ticketing/tickets/7/replies').answer({ status: 201, body: entry('Replaced the toner.') });
    await session.answerView(7, {});
    await sending;
    expect(service.draft('7')).toBeNull();
  });

  it('is kept when it was saved again with something else while the reply was on its way', async () => {
    const { session, service } = open();
    const sending = service.reply(7, draft('Replaced the toner.'));
    await settle();
    // The technician goes on typing; the renderer saves the draft before the instance answers.
    service.saveDraft('7', draft('Replaced the toner. Also the drum, next week.'));
    session.next('ticketing/tickets/7/replies').answer({ status: 201, body: entry('Replaced the toner.') });
    await session.answerView(7, {});
    await sending;
    expect(service.draft('7')?.draft).toEqual(draft('Replaced the toner. Also the drum, next week.'));
  });
});

describe('sending once', () => {
  it('refuses a second send of the same reply while the first runs: one post, one reply', async () => {
    const { session, service } = open();
    const first = service.reply(7, draft('Done.'));
    await settle();
    expect(await rejection(service.reply(7, draft('Done.')))).toEqual({ code: 'CONFLICT', message: WORKSPACE_MESSAGES.replySending });
    expect(session.calls.filter((c) => c.path === 'ticketing/tickets/7/replies')).toHaveLength(1);
    session.next('ticketing/tickets/7/replies').answer({ status: 201, body: entry('Done.') });
    await session.answerView(7, {});
    await first;
    // Once answered, the next reply goes.
    const next = service.reply(7, draft('And checked again.'));
    await settle();
    expect(session.calls.filter((c) => c.path === 'ticketing/tickets/7/replies')).toHaveLength(1);
    session.next('ticketing/tickets/7/replies').answer({ status: 500, body: {} });
    expect((await rejection(next)).code).toBe('SERVER_ERROR');
  });

  it('refuses a second create of the same new ticket while the first runs', async () => {
    const { session, service } = open();
    const input = {
      draftKey: 'new:0f6c1a52-4b1e-4c8e-9a63-2d4f3b1e8c70',
      summary: 'Printer jams',
      organizationId: 1,
      locationId: null,
      requesterId: null,
      assigneeId: null,
      status: null,
      priority: null,
      severity: null,
      type: null,
      ticketFormId: 1,
      draft: draft('It jams.'),
    };
    const first = service.create(input);
    await settle();
    expect(await rejection(service.create(input))).toEqual({ code: 'CONFLICT', message: WORKSPACE_MESSAGES.createSending });
    expect(session.calls.filter((c) => c.path === 'ticketing/tickets')).toHaveLength(1);
    session.next('ticketing/tickets').answer({ status: 201, body: { id: 3001, status: 'NEW', createTime: 1_700_000_000_000, summary: 'Printer jams' } });
    expect((await first).id).toBe(3001);
    expect(service.draft(input.draftKey)).toBeNull();
  });
});

describe('a new ticket', () => {
  it("never takes a ticket's reply draft as its own (saved over, then deleted once created)", async () => {
    const { session, service } = open();
    service.saveDraft('7', draft('A reply to ticket 7, not sent yet.'));
    const refused = await rejection(
      service.create({ draftKey: '7', summary: 'New', organizationId: 1, locationId: null, requesterId: null, assigneeId: null, status: null, priority: null, severity: null, type: null, ticketFormId: 1, draft: draft('Description') }),
    );
    expect(refused).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.newTicketKey });
    expect(service.draft('7')?.draft).toEqual(draft('A reply to ticket 7, not sent yet.'));
    expect(session.calls).toHaveLength(0);
  });
});

describe('an answer that arrives after another identity signed in', () => {
  it("leaves the new identity's cached ticket and known version alone, and goes to the identity that asked", async () => {
    const { session, service, cache, signInAs } = open();
    const read = (scope: string) => cache.get(scope, 'ticket_view', '7', { safeParse: (v: unknown) => ({ success: true, data: v }) } as unknown as z.ZodType<{ ticket: TicketDetail }>)?.data.ticket;

    const aliceView = service.view(7);
    await session.answerView(7, { priority: 'LOW', version: 3 });
    await aliceView;
    const update = service.update(7, { field: 'priority', value: 'HIGH' });
    await settle();
    const put = session.next('ticketing/tickets/7/fields');
    expect(put.json).toMatchObject({ version: 3 });

    // Bob signs in (another instance: his own ticket 7) before Alice's change is answered.
    signInAs(BOB);
    const bobView = service.view(7);
    await session.answerView(7, { priority: 'MEDIUM', version: 10, summary: "Bob's ticket" });
    await bobView;
    put.answer({ status: 200, body: { id: 7, status: 'OPEN', createTime: 1_700_000_000_000, priority: 'HIGH', version: 4 } });
    await update;

    expect(read(BOB)).toMatchObject({ priority: 'MEDIUM', version: 10, summary: "Bob's ticket" });
    expect(read(ALICE)).toMatchObject({ priority: 'HIGH', version: 4 });
    // Bob's own change names his version, not Alice's.
    const bobUpdate = service.update(7, { field: 'priority', value: 'LOW' });
    await settle();
    const bobPut = session.next('ticketing/tickets/7/fields');
    expect(bobPut.json).toMatchObject({ version: 10 });
    bobPut.answer({ status: 409, body: {} });
    expect((await rejection(bobUpdate)).code).toBe('CONFLICT');
  });

  it("does not make the new identity's changes name the last identity's version of a ticket", async () => {
    const { session, service, signInAs } = open();
    const aliceView = service.view(7);
    await settle();
    signInAs(BOB);
    await session.answerView(7, { version: 3 });
    await aliceView;
    // Bob never read ticket 7: his change names no version.
    const bobUpdate = service.update(7, { field: 'priority', value: 'LOW' });
    await settle();
    const put = session.next('ticketing/tickets/7/fields');
    expect(put.json).toEqual({ field: 'priority', value: 'LOW' });
    put.answer({ status: 200, body: { id: 7, status: 'OPEN', createTime: 1_700_000_000_000, priority: 'LOW' } });
    await bobUpdate;
  });
});

describe('upload statuses (§4.4)', () => {
  it("answer only what the instance said, whatever the ids ('constructor', 'toString')", async () => {
    const { session, service, drafts } = open();
    for (const id of ['constructor', 'toString', 'tmp-1']) drafts.issued.uploaded(ALICE, { id, name: null, attachmentId: null });
    const asking = service.uploadStatuses(['constructor', 'toString', 'tmp-1']);
    await settle();
    session.next('ticketing/attachments/statuses').answer({ statuses: { 'tmp-1': 'SUCCESS' } });
    const statuses = await asking;
    expect(Object.entries(statuses)).toEqual([['tmp-1', 'SUCCESS']]);
  });
});

describe('field updates of one ticket in quick succession', () => {
  it('go one after the other, the second naming the version the first made (never a conflict with itself)', async () => {
    const { session, service } = open();
    const view = service.view(7);
    await session.answerView(7, { version: 3 });
    await view;
    const priority = service.update(7, { field: 'priority', value: 'HIGH' });
    const status = service.update(7, { field: 'status', value: 'PENDING' });
    await settle();
    expect(session.calls.filter((c) => c.path === 'ticketing/tickets/7/fields')).toHaveLength(1);
    const first = session.next('ticketing/tickets/7/fields');
    expect(first.json).toEqual({ field: 'priority', value: 'HIGH', version: 3 });
    first.answer({ status: 200, body: { id: 7, status: 'OPEN', createTime: 1_700_000_000_000, priority: 'HIGH', version: 4 } });
    await priority;
    await settle();
    const second = session.next('ticketing/tickets/7/fields');
    expect(second.json).toEqual({ field: 'status', value: 'PENDING', version: 4 });
    second.answer({ status: 200, body: { id: 7, status: 'PENDING', createTime: 1_700_000_000_000, priority: 'HIGH', version: 5 } });
    expect(await status).toMatchObject({ status: 'PENDING', version: 5 });
  });

  it('a change refused does not hold back the next one', async () => {
    const { session, service } = open();
    const failing = service.update(7, { field: 'priority', value: 'HIGH' });
    const next = service.update(7, { field: 'priority', value: 'LOW' });
    await settle();
    session.next('ticketing/tickets/7/fields').answer({ status: 500, body: {} });
    expect((await rejection(failing)).code).toBe('SERVER_ERROR');
    await settle();
    session.next('ticketing/tickets/7/fields').answer({ status: 200, body: { id: 7, status: 'OPEN', createTime: 1_700_000_000_000, priority: 'LOW' } });
    expect(await next).toMatchObject({ priority: 'LOW' });
  });

  it('one waiting when another identity signs in is not sent for the new one', async () => {
    const { session, service, signInAs } = open();
    const first = service.update(7, { field: 'priority', value: 'HIGH' });
    const waiting = service.update(7, { field: 'priority', value: 'LOW' });
    await settle();
    signInAs(BOB);
    session.next('ticketing/tickets/7/fields').answer({ status: 200, body: { id: 7, status: 'OPEN', createTime: 1_700_000_000_000, priority: 'HIGH' } });
    await first;
    expect((await rejection(waiting)).code).toBe('NOT_SIGNED_IN');
    expect(session.calls).toHaveLength(0);
  });
});

/** A real PNG handed over in one piece, as the renderer does. */
function stage(service: TicketWorkspaceService, name = 'map.png'): string {
  const uploadId = crypto.randomUUID();
  service.stageFile({ uploadId, name, size: PNG.length, offset: 0, data: PNG.toString('base64') });
  return uploadId;
}

async function uploaded(service: TicketWorkspaceService, answer: Record<string, unknown>, inline = false) {
  uploadAnswers.push(answer);
  return service.uploadFile(stage(service), inline);
}

describe("a reply's upload (§4.4)", () => {
  it('keeps a status the spec does not list raw, names the file by its tempId, and keeps `inline` as asked', async () => {
    const { service } = open();
    const file = await uploaded(service, { id: 'att-1', tempId: 'tmp-1', uploadStatus: 'QUARANTINED', metadata: { name: 'map.png', contentId: 'cid-1', inline: false } }, true);
    expect(file).toEqual({ id: 'tmp-1', resourceId: null, uploadStatus: 'QUARANTINED', metadata: { name: 'map.png', size: PNG.length, contentType: null, contentId: 'cid-1', inline: true } });
    expect(uploadQueries.at(-1)).toEqual({ inline: 'true' });
  });

  it('reads PROCESSING when the instance gives no status', async () => {
    const { service } = open();
    expect((await uploaded(service, { tempId: 'tmp-2' })).uploadStatus).toBe('PROCESSING');
  });
});

describe('a file removed from a reply', () => {
  it('still staged: dropped (its upload can no longer start), nothing asked of the instance', async () => {
    const { session, service } = open();
    const uploadId = stage(service);
    expect(await service.discardFile({ uploadId })).toEqual({ discarded: true });
    expect(await service.discardFile({ uploadId })).toEqual({ discarded: false });
    expect((await rejection(service.uploadFile(uploadId, false))).code).toBe('NOT_FOUND');
    expect(session.calls).toHaveLength(0);
  });

  it('uploaded this session: deleted on the instance by its tempId and forgotten (a second discard is refused)', async () => {
    const { session, service } = open();
    const file = await uploaded(service, { tempId: 'tmp-3', uploadStatus: 'SUCCESS' });
    const discarding = service.discardFile({ id: file.id });
    await settle();
    const call = session.next('ticketing/attachments/upload/tmp-3');
    expect(call.method).toBe('DELETE');
    call.answer(undefined);
    expect(await discarding).toEqual({ discarded: true });
    expect(await rejection(service.discardFile({ id: file.id }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileUnknown });
  });

  it("named by a saved draft (restored after a restart): deleted; a failed DELETE is logged, not reported", async () => {
    const { session, service, drafts, logged } = open();
    // Uploaded before the restart: on this identity's record, nothing in memory knows it.
    drafts.issued.uploaded(ALICE, { id: 'tmp-4', name: 'map.png', attachmentId: null });
    service.saveDraft('7', { ...draft('See the map.'), uploads: [{ id: 'tmp-4', name: 'map.png', size: 10, contentId: null, inline: false }] });
    const discarding = service.discardFile({ id: 'tmp-4' });
    await settle();
    const call = session.next('ticketing/attachments/upload/tmp-4');
    // The scripted API hands a rejected promise to requestJson: the DELETE failed (offline, 500, ...).
    call.answer(Promise.reject(new Error('offline')));
    expect(await discarding).toEqual({ discarded: true });
    expect(logged).toContain('tickets: deleting a discarded reply file');
  });

  it('never uploaded by this identity and named by none of its drafts: refused, nothing deleted', async () => {
    const { session, service, signInAs } = open();
    expect(await rejection(service.discardFile({ id: 'tmp-someone-elses' }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileUnknown });
    // Uploaded by Alice: Bob (signed in since) cannot delete it.
    const file = await uploaded(service, { tempId: 'tmp-5' });
    signInAs(BOB);
    expect((await rejection(service.discardFile({ id: file.id }))).code).toBe('INVALID_INPUT');
    expect(session.calls).toHaveLength(0);
  });

  it("a file of a ticket's conversation a draft reuses is never deleted as a waiting upload", async () => {
    const { session, service } = open();
    await viewTicketWithLog(session, service);
    service.saveDraft('7', { ...draft('Same log again.'), uploads: [{ id: 'att-9', name: 'log.txt', size: 10, contentId: null, inline: false }] });
    expect(await service.discardFile({ id: 'att-9' })).toEqual({ discarded: false });
    expect(session.calls).toHaveLength(0);
  });
});

describe('files named by ids the main process never issued', () => {
  const named = (id: string): ReplyDraft => ({ ...draft('See the file.'), uploads: [{ id, name: 'invoice.png', size: 10, contentId: null, inline: false }] });

  it("a draft, a reply or a new ticket naming one is refused (the draft saved before kept); another identity's upload is not this one's", async () => {
    const { session, service, drafts, signInAs } = open();
    service.saveDraft('7', draft('Kept text.'));
    expect(() => service.saveDraft('7', named('tmp-never-issued'))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileNotIssued }));
    expect(drafts.load(ALICE, '7')?.draft).toEqual(draft('Kept text.'));
    expect(await rejection(service.reply(7, named('tmp-never-issued')))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileNotIssued });
    const key = `new:${crypto.randomUUID()}`;
    const create = { draftKey: key, summary: 'S', organizationId: 1, locationId: null, requesterId: null, assigneeId: null, status: null, priority: null, severity: null, type: null, ticketFormId: 1, draft: named('tmp-never-issued') };
    expect(await rejection(service.create(create))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileNotIssued });
    expect(drafts.load(ALICE, key)).toBeNull();

    const file = await uploaded(service, { tempId: 'tmp-alice' });
    expect(service.saveDraft('7', named(file.id)).updatedAt).toBeGreaterThan(0);
    signInAs(BOB);
    expect(() => service.saveDraft('7', named(file.id))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(await rejection(service.uploadStatuses([file.id]))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.statusNotIssued });
    expect(session.calls).toHaveLength(0);
  });

  it("a conversation's file is named only in a reply to its own ticket", async () => {
    const { session, service } = open();
    await viewTicketWithLog(session, service);
    expect(service.saveDraft('7', named('att-9')).updatedAt).toBeGreaterThan(0);
    expect(() => service.saveDraft('8', named('att-9'))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => service.saveDraft(`new:${crypto.randomUUID()}`, named('att-9'))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('a discarded draft deletes only the uploads this identity was issued, never an id its stored row names otherwise', async () => {
    const { session, service, drafts } = open();
    // A row written before the record existed, naming a file this console never uploaded.
    drafts.save(ALICE, '7', named('tmp-not-ours'));
    expect(service.discardDraft('7')).toEqual({ discarded: true });
    await settle();
    expect(session.calls).toHaveLength(0);
  });
});
