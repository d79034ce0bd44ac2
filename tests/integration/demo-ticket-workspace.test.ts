/**
 * The demo server's ticket workspace calls over real HTTP
 * (spec/ticketing-automations-psa.md §2.5, §3.5, §4.4, §5.5, §6; the demo's
 * own paths in src/demo-server/routes/tickets/conversation.ts):
 * the ticket's workspace fields, ticket 1001's conversation with every edge
 * case the workspace must handle (automation and ruleset entries naming real
 * demo records, internal mentions of a deleted, a not permitted and an unknown
 * technician, inline images by cid behind working signed URLs, a local-file
 * image, a non-numeric width, a file still PROCESSING), its determinism, field
 * updates and their refusals (bad value, non-technician assignee, version
 * conflict; organization clearing location and agreement), replies taking
 * their uploads, uploads turning from PROCESSING to SUCCESS, new tickets,
 * agreements, mentions and the /__demo/tickets switches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { TicketDetail } from '../../src/shared/model/tickets';
import type { Ticket } from '../../src/shared/model/ticketing';
import { demoAccessToken } from '../helpers/demo-token';
import { fetchBytes, structure, workspaceApi, type ErrorBody } from '../helpers/demo-workspace-api';

const ADMIN_KEY = 'tickets-admin-key';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SHOWCASE = [1001, 1002, 1003, 1004, 1005];

let demo: DemoServer;
let token: string;

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: ADMIN_KEY, sizes: { bigFolderItems: 100 } });
  token = await demoAccessToken(demo.url);
});
afterAll(async () => demo.close());

const { call, ok, admin, detail, conversation, update, upload, statuses, signedUrl, reply, allTickets } = workspaceApi(() => ({ demo, token, adminKey: ADMIN_KEY }));

describe('a ticket for its page', () => {
  it('answers cc, assignedAppUserId, requesterUid, agreementId and version beside the board fields', async () => {
    const tickets = await allTickets();
    const withAgreement = tickets.find((t) => t.agreement !== null && t.requester !== null)!;
    const ticket = await detail(withAgreement.id);
    expect(ticket).toMatchObject({ id: withAgreement.id, summary: withAgreement.summary, version: 1, assignedAppUserId: withAgreement.assignedAppUser?.id ?? null });
    expect(ticket.requesterUid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    const agreements = await ok<{ agreements: Array<{ id: number; name: string; originType: string }> }>('GET', `/api/ticketing/agreements?organizationId=${ticket.organization!.id}`);
    expect(agreements.agreements.find((a) => a.id === ticket.agreementId)?.name).toBe(ticket.agreement);
    // The same requester has the same uid on every ticket; CC is a list of emails on some tickets.
    const sameRequester = tickets.find((t) => t.id !== ticket.id && t.requester?.id === ticket.requester!.id)!;
    expect((await detail(sameRequester.id)).requesterUid).toBe(ticket.requesterUid);
    const details = await Promise.all(tickets.slice(0, 60).map((t) => detail(t.id)));
    const ccs = details.flatMap((d) => d.cc);
    expect(ccs.length).toBeGreaterThan(0);
    for (const email of ccs) expect(email).toMatch(/^[a-z.]+@client\.example$/);
    expect((await call('GET', '/api/ticketing/tickets/999999')).status).toBe(404);
  });
});

describe("ticket 1001's conversation (and 1002–1005's edge cases)", () => {
  it('starts with the description by the requester and carries entries of real demo automations and rulesets', async () => {
    const ticket = await detail(1001);
    const entries = await conversation(1001);
    expect(entries[0]).toMatchObject({ kind: 'REPLY', isPublic: true, body: ticket.description, author: { id: ticket.requester!.id, name: ticket.requester!.name, type: 'END_USER' } });
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.createTime).toBeGreaterThanOrEqual(entries[i - 1]!.createTime);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);

    const automated = entries.filter((e) => e.automation !== null);
    const types = automated.map((e) => e.automation!.type);
    expect(types).toEqual(expect.arrayContaining(['EVENT_BASED', 'TIME_BASED', 'ACTIVITY_RULE']));
    expect(automated.map((e) => e.automation!.name)).toContain('Escalate VIP tickets');
    const rulesets = await ok<Array<{ id: number; name: string; type: string }>>('GET', '/api/ticketing/rulesets');
    for (const { automation } of automated) {
      if (['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'].includes(automation!.type)) {
        expect(await ok('GET', `/api/ticketing/trigger/${automation!.id}`)).toMatchObject({ name: automation!.name, type: automation!.type });
      } else {
        expect(rulesets).toContainEqual(expect.objectContaining({ id: automation!.id, name: automation!.name, type: automation!.type }));
      }
    }
    const logs = entries.filter((e) => e.kind === 'LOG');
    expect(logs.some((e) => e.changes.some((c) => c.field === 'status'))).toBe(true);
    // The time entries of the technicians' replies make up the ticket's tracked time.
    expect(entries.reduce((sum, e) => sum + (e.timeEntry?.timeTracked ?? 0), 0)).toBe(ticket.totalTimeTracked);
  });

  it('has an internal reply mentioning a permitted, a deleted, a not permitted and an unknown technician (§6)', async () => {
    for (const id of SHOWCASE) {
      const ticket = await detail(id);
      const note = (await conversation(id)).find((e) => !e.isPublic && e.techniciansTagged.length > 0)!;
      expect(note, `ticket ${id}`).toBeDefined();
      expect(note).toMatchObject({ kind: 'REPLY', author: { type: 'TECHNICIAN' } });
      const mentions = note.techniciansTagged as Array<{ id: number; displayName: string; email: string; deleted: boolean; permitted: boolean }>;
      expect(mentions.filter((m) => m.deleted)).toHaveLength(1);
      expect(mentions.filter((m) => !m.permitted)).toHaveLength(1);
      expect(mentions.filter((m) => !m.deleted && m.permitted)).toHaveLength(1);
      for (const m of mentions) {
        expect(note.htmlBody).toContain(`data-mention-id="${m.id}"`);
        expect(m.email).toMatch(/@demo-msp\.example$/);
      }
      // The unknown one is in the html only: the instance knows no such user ('User not Found').
      expect(note.htmlBody).toContain('data-mention-id="999"');
      expect(mentions.map((m) => m.id)).not.toContain(999);
      // The one not permitted is so for this ticket's organization, as the mention search says.
      const barred = mentions.find((m) => !m.permitted)!;
      const found = await ok<{ users: Array<{ id: number; permitted: boolean }> }>('GET', `/api/ticketing/mentions?ticketId=${id}&search=${encodeURIComponent(barred.displayName)}`);
      expect(found.users).toEqual([expect.objectContaining({ id: barred.id, permitted: false })]);
      expect(ticket.organization).not.toBeNull();
    }
  });

  it('has inline PNGs by cid whose signed URLs serve them, a local-file image, a width="auto" and a file still PROCESSING', async () => {
    for (const id of SHOWCASE) {
      const entries = await conversation(id);
      const pictures = entries.find((e) => e.attachments.some((a) => a.metadata.inline))!;
      expect(pictures, `ticket ${id}`).toBeDefined();
      const inline = pictures.attachments.filter((a) => a.metadata.inline);
      expect(inline.length).toBeGreaterThanOrEqual(2);
      for (const image of inline) {
        expect(image).toMatchObject({ uploadStatus: 'SUCCESS', metadata: { contentType: 'image/png' } });
        expect(pictures.htmlBody).toContain(`src="cid:${image.metadata.contentId}"`);
        const signed = await signedUrl(image.id);
        expect(signed.status).toBe(200);
        const file = await fetchBytes(signed.body.signedUrl);
        expect(file.status).toBe(200);
        expect(file.contentType).toBe('image/png');
        expect(file.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
        expect(file.bytes.length).toBe(image.metadata.size);
      }
      expect(pictures.htmlBody).toMatch(/<img src="cid:[^"]+" width="320" height="240">/);
      expect(pictures.htmlBody).toMatch(/<img src="cid:[^"]+" width="auto">/);

      const pasted = entries.find((e) => e.htmlBody.includes('file:///'))!;
      expect(pasted.htmlBody).toContain('<img src="file:///C:/Users/x/a.png"');
      const processing = entries.flatMap((e) => e.attachments).find((a) => a.uploadStatus === 'PROCESSING')!;
      expect(processing.metadata).toMatchObject({ name: 'event-log.txt', inline: false });
      expect(await statuses(processing.id, inline[0]!.id, 'no-such-file')).toEqual({ [processing.id]: 'PROCESSING', [inline[0]!.id]: 'SUCCESS' });
      expect((await signedUrl(processing.id)).body).toMatchObject({ error: 'not_found', message: 'Resource Not Found' });
    }
    expect((await signedUrl('ticket-1001-file-99')).status).toBe(404);
  });

  it('is the same on every call and on another server with the same seed; other tickets have their own', async () => {
    const other = await startDemoServer({ sizes: { bigFolderItems: 100 } });
    try {
      for (const id of [1001, 1777, 2999]) {
        const first = await conversation(id);
        expect(await conversation(id)).toEqual(first);
        expect(structure(await conversation(id, other))).toEqual(structure(first));
      }
      expect(structure(await conversation(1777))).not.toEqual(structure(await conversation(1778)));
    } finally {
      await other.close();
    }
  });
});

describe('field updates (PUT …/fields)', () => {
  it('change a field, bump the version, log the change by the technician, and refuse a stale version with 409', async () => {
    const before = await detail(1010);
    const status = before.status === 'OPEN' ? 'WAITING' : 'OPEN';
    const changed = await update(1010, 'status', status, before.version!);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: 1010, status, version: before.version! + 1, lastUpdatedBy: 'Alex Morgan' });
    expect(changed.body.lastUpdated).toBeGreaterThan(before.lastUpdated);
    expect(await detail(1010)).toMatchObject({ status, version: before.version! + 1 });
    const logged = (await conversation(1010)).at(-1)!;
    expect(logged).toMatchObject({ kind: 'LOG', author: { id: 1, name: 'Alex Morgan', type: 'TECHNICIAN' }, automation: null, changes: [{ field: 'status', to: status === 'OPEN' ? 'Open' : 'Waiting' }] });

    const stale = await update(1010, 'priority', 'LOW', before.version!);
    expect(stale).toEqual({ status: 409, body: { error: 'conflict', message: 'This ticket was changed by someone else.' } });
    expect((await detail(1010)).version).toBe(before.version! + 1);
    // Without a version the change is made whatever the version.
    expect((await update(1010, 'priority', 'LOW')).body).toMatchObject({ priority: 'LOW', version: before.version! + 2 });
  });

  it('refuse values that name nothing, a non-technician or deleted assignee, a location of another organization (400 bad_value), and change nothing', async () => {
    const before = await detail(1011);
    const refused: Array<[string, unknown]> = [
      ['status', 'NOT_A_STATUS'],
      ['status', null],
      ['priority', 'SOMEWHAT'],
      ['type', 'RIDDLE'],
      ['organization', 987654],
      ['location', 987654],
      ['requester', 987654],
      ['assignee', 1001],
      ['assignee', 7],
      ['ticketForm', 5],
      ['agreement', 987654],
      ['cc', ['not an email']],
      ['nonsense', 1],
    ];
    for (const [field, value] of refused) {
      const answer = await update(1011, field, value);
      expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(answer.body.error).toBe('bad_value');
    }
    expect((await update(1011, 'assignee', 1001)).body.message).toMatch(/not a technician/);
    const organizations = await ok<Array<{ id: number }>>('GET', '/api/client/list');
    const elsewhere = organizations.find((o) => o.id !== before.organization!.id)!;
    const otherOrganizationLocation = (await ok<{ results: Array<{ id: number }> }>('GET', `/api/query/locations?organizationId=${elsewhere.id}`)).results[0]!.id;
    expect((await update(1011, 'location', otherOrganizationLocation)).body).toMatchObject({ error: 'bad_value', message: expect.stringMatching(/not a location of the ticket's organization/) });
    expect(await detail(1011)).toEqual(before);
    expect((await update(999999, 'status', 'OPEN')).status).toBe(404);
  });

  it('set every field; organization clears location and agreement; null clears', async () => {
    const target = (await allTickets()).find((t) => t.location !== null && t.agreement !== null && t.id > 1100)!;
    const id = target.id;
    expect((await update(id, 'assignee', 3)).body).toMatchObject({ assignedAppUser: { id: 3, name: 'Diego Alvarez' }, assignedAppUserId: 3 });
    expect((await update(id, 'assignee', null)).body).toMatchObject({ assignedAppUser: null, assignedAppUserId: null });
    expect((await update(id, 'cc', ['a.person@client.example', 'b.person@client.example'])).body.cc).toEqual(['a.person@client.example', 'b.person@client.example']);
    expect((await update(id, 'tags', ['vip', 'brand-new-tag'])).body.tags).toEqual(['vip', 'brand-new-tag']);
    expect((await update(id, 'ticketForm', 2)).body.ticketForm).toEqual({ id: 2, name: 'Hardware request' });
    expect((await update(id, 'severity', null)).body.severity).toBeNull();
    expect((await update(id, 'agreement', null)).body).toMatchObject({ agreement: null, agreementId: null });
    const agreements = (await ok<{ agreements: Array<{ id: number; name: string }> }>('GET', `/api/ticketing/agreements?organizationId=${target.organization!.id}`)).agreements;
    expect((await update(id, 'agreement', agreements[0]!.id)).body).toMatchObject({ agreement: agreements[0]!.name, agreementId: agreements[0]!.id });

    const organizations = await ok<Array<{ id: number; name: string }>>('GET', '/api/client/list');
    const other = organizations.find((o) => o.id !== target.organization!.id)!;
    const moved = await update(id, 'organization', other.id);
    expect(moved.body).toMatchObject({ organization: { id: other.id, name: other.name }, location: null, agreement: null, agreementId: null });
    const log = (await conversation(id)).at(-1)!;
    expect(log.changes.map((c) => [c.field, c.to])).toEqual([
      ['organization', other.name],
      ['location', null],
      ['agreement', null],
    ]);
    const locations = await ok<{ results: Array<{ id: number; name: string }> }>('GET', `/api/query/locations?organizationId=${other.id}`);
    expect((await update(id, 'location', locations.results[0]!.id)).body.location).toEqual({ id: locations.results[0]!.id, name: locations.results[0]!.name });
    // One version per change made, each logged by the technician.
    const logged = (await conversation(id)).filter((e) => e.kind === 'LOG' && e.author.name === 'Alex Morgan');
    expect(logged.length).toBeGreaterThanOrEqual(7);
    expect((await detail(id)).version).toBe(1 + logged.length);
  });
});

describe('replies (POST …/replies) and uploads', () => {
  it('take the uploads named by tempId, check mentions, and add the time entry to the tracked time', async () => {
    const before = await detail(1020);
    const file = await upload('diagnostics.txt', Buffer.from('all good\n'), false);
    const picture = await upload('inline-shot.png', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(32)]), true);
    expect(file).toMatchObject({ uploadStatus: 'PROCESSING', metadata: { name: 'diagnostics.txt', inline: false } });
    expect(picture).toMatchObject({ uploadStatus: 'PROCESSING', metadata: { name: 'inline-shot.png', inline: true, contentId: picture.contentId } });

    expect((await reply(1020, { techniciansTagged: [1001] })).body).toMatchObject({ error: 'bad_value' });
    expect((await reply(1020, { uploads: [{ tempId: 'tmp-unknown' }] })).body).toMatchObject({ error: 'bad_upload' });
    expect((await reply(1020, { body: '  ', htmlBody: '<p></p>' })).status).toBe(400);

    const html = `<p>Internal: see <span class="rte-mention" data-mention-id="2">@user:2</span></p><p><img src="cid:${picture.contentId}"></p>`;
    const timeEntry = { timeTracked: 25, remote: true, startDate: '2026-11-20T09:00:00.000Z', agreementId: null, billingType: 'BILLABLE', agreementOriginType: null };
    const posted = await reply(1020, { body: 'Internal: see @Priya Shah', htmlBody: html, isPublic: false, techniciansTagged: [2], uploads: [{ tempId: file.tempId }, { tempId: picture.tempId }], timeEntry });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      kind: 'REPLY',
      isPublic: false,
      htmlBody: html,
      author: { id: 1, name: 'Alex Morgan', type: 'TECHNICIAN' },
      techniciansTagged: [{ id: 2, displayName: 'Priya Shah', deleted: false, permitted: true }],
      timeEntry: { ...timeEntry, startDate: Date.parse(timeEntry.startDate) },
    });
    expect(posted.body.attachments.map((a) => [a.id, a.tempId, a.metadata.name, a.metadata.inline])).toEqual([
      [file.id, file.tempId, 'diagnostics.txt', false],
      [picture.id, picture.tempId, 'inline-shot.png', true],
    ]);
    expect((await conversation(1020)).at(-1)).toEqual(posted.body);
    const after = await detail(1020);
    expect(after.totalTimeTracked).toBe(before.totalTimeTracked + 25);
    expect(after.lastUpdatedTimeByAssignee).toBeGreaterThan(before.lastUpdated);
    expect(after.version).toBe(before.version);

    // Taken: neither a second reply nor a delete finds the tempId any more.
    expect((await reply(1020, { uploads: [{ tempId: file.tempId }] })).body).toMatchObject({ error: 'bad_upload' });
    expect((await call('DELETE', `/api/ticketing/attachments/upload/${file.tempId}`)).status).toBe(404);
    // A file of this ticket may be named again by id; one of another ticket may not.
    expect((await reply(1020, { uploads: [{ id: file.id }] })).status).toBe(201);
    expect((await reply(1021, { uploads: [{ id: file.id }] })).body).toMatchObject({ error: 'bad_upload' });
  });

  it("refuse another user's upload", async () => {
    const res = await fetch(`${demo.url}/ws/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-limited', client_secret: 'demo-limited-secret' }),
    });
    const limited = ((await res.json()) as { access_token: string }).access_token;
    const theirs = await upload('theirs.txt', Buffer.from('theirs'), false, limited);
    expect((await reply(1022, { uploads: [{ tempId: theirs.tempId }] })).body).toMatchObject({ error: 'bad_upload' });
  });

  it('stay PROCESSING while held, then turn SUCCESS (signed URL then served) or SUSPICIOUS once released; automation editor uploads are scanned at once', async () => {
    expect((await admin('PATCH', { holdUploads: true })).status).toBe(200);
    try {
      const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from('picture')]);
      const good = await upload('later.png', bytes, true);
      const bad = await upload('fake.png', Buffer.from('MZ not a picture'), false);
      expect(await statuses(good.id, good.tempId, bad.id)).toEqual({ [good.id]: 'PROCESSING', [good.tempId]: 'PROCESSING', [bad.id]: 'PROCESSING' });
      expect((await signedUrl(good.id)).body).toMatchObject({ error: 'not_found', message: 'Resource Not Found' });
      expect(await statuses(good.id, bad.id)).toEqual({ [good.id]: 'PROCESSING', [bad.id]: 'PROCESSING' });
      expect((await admin('PATCH', { holdUploads: false })).status).toBe(200);
      expect(await statuses(good.id, bad.id)).toEqual({ [good.id]: 'SUCCESS', [bad.id]: 'SUSPICIOUS' });
      const signed = await signedUrl(good.id);
      expect(signed.status).toBe(200);
      expect((await fetchBytes(signed.body.signedUrl)).bytes).toEqual(bytes);
      expect((await signedUrl(bad.id)).status).toBe(404);
      // Taken by a reply, the file keeps its status and its signed URL.
      const posted = await reply(1023, { uploads: [{ tempId: good.tempId }] });
      expect(posted.body.attachments[0]).toMatchObject({ id: good.id, uploadStatus: 'SUCCESS' });
      expect((await fetchBytes((await signedUrl(good.id)).body.signedUrl)).bytes).toEqual(bytes);

      const forTrigger = await upload('for-trigger.png', bytes);
      expect(forTrigger).toMatchObject({ uploadStatus: 'SUCCESS', metadata: { inline: false } });
      expect((await call('POST', '/api/ticketing/attachments/upload?filename=x.png&inline=maybe', { body: bytes })).status).toBe(400);
    } finally {
      await admin('PATCH', { holdUploads: false });
    }
  });

  it('attach a file named twice once', async () => {
    const file = await upload('twice.txt', Buffer.from('twice'), false);
    const posted = await reply(1024, { uploads: [{ tempId: file.tempId }, { tempId: file.tempId }] });
    expect(posted.status).toBe(201);
    expect(posted.body.attachments.map((a) => a.id)).toEqual([file.id]);
    const again = await reply(1024, { uploads: [{ id: file.id }, { id: file.id }] });
    expect(again.status).toBe(201);
    expect(again.body.attachments.map((a) => a.id)).toEqual([file.id]);
  });

  it('a reply upload is PROCESSING for 3 s by default', async () => {
    expect((await admin('GET')).body.uploadProcessingMs).toBe(3000);
    const started = Date.now();
    const file = await upload('default.txt', Buffer.from('default'), false);
    const status = (await statuses(file.id))[file.id];
    if (Date.now() - started < 2900) expect(status).toBe('PROCESSING');
  });
});

describe('new tickets (POST /api/ticketing/tickets)', () => {
  it('make a ticket with the next id, its description the first entry with its files; refuse what names nothing without making one', async () => {
    const count = (await ok<{ totalElements: number }>('GET', '/api/ticketing/tickets?size=1')).totalElements;
    const base = { summary: 'Projector in room 4 not found', description: 'The projector is not detected.', htmlDescription: '<p>The projector is <b>not</b> detected.</p>', organizationId: 2, ticketFormId: 1 };
    const file = await upload('projector.txt', Buffer.from('model X'), false);
    for (const bad of [{ organizationId: 987654 }, { assignedAppUserId: 1001 }, { status: 'NOPE' }, { ticketFormId: 5 }, { uploads: [{ tempId: 'tmp-none' }] }]) {
      const answer = await call<ErrorBody>('POST', '/api/ticketing/tickets', { body: { uploads: [{ tempId: file.tempId }], ...base, ...bad } });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(['bad_value', 'bad_upload']).toContain(answer.body.error);
    }
    expect((await ok<{ totalElements: number }>('GET', '/api/ticketing/tickets?size=1')).totalElements).toBe(count);

    const made = await call<TicketDetail>('POST', '/api/ticketing/tickets', { body: { ...base, assignedAppUserId: 4, priority: 'HIGH', uploads: [{ tempId: file.tempId }] } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id: 3001, status: 'NEW', priority: 'HIGH', organization: { id: 2 }, assignedAppUserId: 4, source: 'TECHNICIAN_PORTAL', version: 1, cc: [], totalTimeTracked: 0 });
    expect(await detail(3001)).toEqual(made.body);
    const [first, ...rest] = await conversation(3001);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ kind: 'REPLY', isPublic: true, body: base.description, htmlBody: base.htmlDescription, author: { id: 1, type: 'TECHNICIAN' } });
    expect(first!.attachments.map((a) => a.id)).toEqual([file.id]);
    expect((await ok<{ results: Ticket[] }>('GET', '/api/ticketing/tickets?search=3001')).results.map((t) => t.id)).toEqual([3001]);
  });

  it('attach a file named twice once (never a 500 after the ticket is made, which would invite a second one)', async () => {
    const count = (await ok<{ totalElements: number }>('GET', '/api/ticketing/tickets?size=1')).totalElements;
    const other = await upload('twice-new.txt', Buffer.from('twice'), false);
    const made = await call<TicketDetail>('POST', '/api/ticketing/tickets', { body: { summary: 'Twice', organizationId: 2, ticketFormId: 1, uploads: [{ tempId: other.tempId }, { tempId: other.tempId }] } });
    expect(made.status).toBe(201);
    expect((await ok<{ totalElements: number }>('GET', '/api/ticketing/tickets?size=1')).totalElements).toBe(count + 1);
    expect((await conversation(made.body.id))[0]!.attachments.map((a) => a.id)).toEqual([other.id]);
  });
});

describe('lookups', () => {
  it('agreements of an organization (some have none)', async () => {
    const organizations = await ok<Array<{ id: number }>>('GET', '/api/client/list');
    const answers = await Promise.all(organizations.slice(0, 40).map(async (o) => (await ok<{ agreements: Array<{ id: number; name: string; originType: string }> }>('GET', `/api/ticketing/agreements?organizationId=${o.id}`)).agreements));
    expect(answers.some((a) => a.length === 0)).toBe(true);
    const some = answers.find((a) => a.length > 0)!;
    expect(some).toHaveLength(2);
    for (const agreement of some) expect(agreement).toEqual({ id: expect.any(Number), name: expect.any(String), originType: expect.any(String) });
    expect((await call('GET', '/api/ticketing/agreements')).status).toBe(400);
    expect((await call('GET', '/api/ticketing/agreements?organizationId=987654')).status).toBe(404);
  });

  it('mentions: technicians by name or email, deleted ones flagged, permitted per ticket, at most 20', async () => {
    const all = (await ok<{ users: Array<{ id: number; displayName: string; email: string; deleted: boolean; permitted: boolean }> }>('GET', '/api/ticketing/mentions?ticketId=1001')).users;
    expect(all.length).toBeGreaterThan(1);
    expect(all.length).toBeLessThanOrEqual(20);
    expect(all.filter((u) => u.deleted).map((u) => u.displayName)).toEqual(['Former Technician (deleted)']);
    expect(all.every((u) => u.email.endsWith('@demo-msp.example'))).toBe(true);
    expect(all.filter((u) => !u.permitted)).toHaveLength(1);
    const byEmail = (await ok<{ users: Array<{ id: number }> }>('GET', '/api/ticketing/mentions?search=priya.shah@')).users;
    expect(byEmail.map((u) => u.id)).toEqual([2]);
    expect((await ok<{ users: unknown[] }>('GET', '/api/ticketing/mentions?search=Kate%20Fischer')).users).toEqual([]);
    expect((await call('GET', '/api/ticketing/mentions?ticketId=999999')).status).toBe(404);
  });
});

describe('the /__demo/tickets switches', () => {
  it('need the admin key, refuse bad values, and fail field updates, signed URLs and replies with a 500 while on', async () => {
    expect((await call('GET', '/__demo/tickets')).status).toBe(403);
    expect((await admin('GET')).body).toEqual({ failFieldUpdates: false, failSignedUrls: false, failReplies: false, uploadProcessingMs: 3000, holdUploads: false });
    expect((await admin('PATCH', { uploadProcessingMs: -1 })).status).toBe(400);
    expect((await call('PATCH', '/__demo/tickets', { body: { failReplies: 'yes' }, headers: { 'x-demo-admin': ADMIN_KEY } })).status).toBe(400);

    const image = (await conversation(1001)).flatMap((e) => e.attachments).find((a) => a.metadata.inline)!;
    expect((await admin('PATCH', { failFieldUpdates: true, failSignedUrls: true, failReplies: true })).body).toMatchObject({ failFieldUpdates: true, failSignedUrls: true, failReplies: true });
    try {
      expect((await update(1030, 'priority', 'LOW')).status).toBe(500);
      expect((await signedUrl(image.id)).status).toBe(500);
      expect((await reply(1030, {})).status).toBe(500);
      // Automation attachments are not ticket files: unaffected.
      expect((await signedUrl('automation-attachment-1')).status).toBe(200);
    } finally {
      await admin('PATCH', { failFieldUpdates: false, failSignedUrls: false, failReplies: false });
    }
    expect((await update(1030, 'priority', 'LOW')).status).toBe(200);
    expect((await signedUrl(image.id)).status).toBe(200);
    expect((await reply(1030, {})).status).toBe(201);
  });
});
