/**
 * The ticket workspace's demo calls over real HTTP for
 * tests/integration/demo-ticket-workspace.test.ts (the demo's own
 * paths, src/demo-server/routes/tickets/conversation.ts): plain fetch with the
 * bearer token, each answer's status and parsed body.
 */
import { expect } from 'vitest';
import type { DemoServer } from '../../src/demo-server/server';
import type { ConversationEntry, TicketDetail } from '../../src/shared/model/tickets';
import type { Ticket } from '../../src/shared/model/ticketing';

export interface Answer<T> {
  status: number;
  body: T;
}
export type Attachment = { id: string; resourceId: string; tempId: string | null; uploadStatus: string; metadata: { name: string; size: number; contentType: string; contentId: string; inline: boolean } };
export type Entry = Omit<ConversationEntry, 'attachments'> & { attachments: Attachment[] };
export type ErrorBody = { error: string; message: string };
export type Switches = { failFieldUpdates: boolean; failSignedUrls: boolean; failReplies: boolean; uploadProcessingMs: number; holdUploads: boolean };
type CallOptions = { body?: unknown; headers?: Record<string, string>; server?: DemoServer; bearer?: string };

export async function fetchBytes(url: string): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') };
}

/** What a conversation says, without its times (a second server's tickets are made at another 'now'). */
export const structure = (entries: readonly Entry[]) =>
  entries.map((e) => ({ kind: e.kind, isPublic: e.isPublic, author: e.author, body: e.body, htmlBody: e.htmlBody, automation: e.automation, changes: e.changes, tagged: e.techniciansTagged, files: e.attachments.map((a) => [a.id, a.uploadStatus, a.metadata]) }));

/** The calls against the server and token of the moment (both set in a beforeAll). */
export function workspaceApi(current: () => { demo: DemoServer; token: string; adminKey: string }) {
  async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const { demo, token } = current();
    const raw = Buffer.isBuffer(options.body);
    const res = await fetch(`${(options.server ?? demo).url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.bearer ?? token}`,
        ...(options.body !== undefined ? { 'content-type': raw ? 'application/octet-stream' : 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : raw ? (options.body as Buffer) : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async function ok<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const answer = await call<T>(method, path, options);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  }

  return {
    call,
    ok,
    admin: (method: 'GET' | 'PATCH', body?: Partial<Switches>) => call<Switches>(method, '/__demo/tickets', { body, headers: { 'x-demo-admin': current().adminKey } }),
    detail: (id: number) => ok<TicketDetail>('GET', `/api/ticketing/tickets/${id}`),
    conversation: async (id: number, server?: DemoServer) => (await ok<{ entries: Entry[] }>('GET', `/api/ticketing/tickets/${id}/conversation`, { server })).entries,
    update: (id: number, field: string, value: unknown, version?: number) =>
      call<TicketDetail & ErrorBody>('PUT', `/api/ticketing/tickets/${id}/fields`, { body: { field, value, ...(version === undefined ? {} : { version }) } }),
    upload: (name: string, bytes: Buffer, inline?: boolean, bearer?: string) =>
      ok<Attachment & { tempId: string; contentId: string }>('POST', `/api/ticketing/attachments/upload?filename=${encodeURIComponent(name)}${inline === undefined ? '' : `&inline=${inline}`}`, { body: bytes, bearer }),
    statuses: async (...ids: string[]) => (await ok<{ statuses: Record<string, string> }>('GET', `/api/ticketing/attachments/statuses?ids=${ids.map(encodeURIComponent).join(',')}`)).statuses,
    signedUrl: (id: string) => call<{ signedUrl: string; expiresInSeconds: number } & ErrorBody>('GET', `/api/ticketing/attachments/${encodeURIComponent(id)}/signed-url`),
    reply: (id: number, body: Record<string, unknown>) =>
      call<Entry & ErrorBody>('POST', `/api/ticketing/tickets/${id}/replies`, { body: { body: 'Done.', htmlBody: '<p>Done.</p>', isPublic: true, techniciansTagged: [], uploads: [], timeEntry: null, ...body } }),
    /** Every ticket, newest first. */
    allTickets: async (): Promise<Ticket[]> => {
      const pages = await Promise.all([0, 1, 2, 3].map((page) => ok<{ results: Ticket[] }>('GET', `/api/ticketing/tickets?page=${page}&size=500`)));
      return pages.flatMap((p) => p.results);
    },
  };
}
