/**
 * Signed-URL fetches (attachment previews, inline images) have a deadline
 * for the whole download, not only got's per-stage and per-socket
 * timeouts: against the demo over HTTP, whose `holdSignedFiles` switch makes
 * a signed file answer its headers, then a byte every 100 ms without end
 * (no socket ever goes quiet), held until the switch is turned off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineMessage, downloadSigned } from '../../src/main/services/platform/signed-attachments';
import { ATTACHMENT_PREVIEW_MAX_BYTES, ATTACHMENT_PREVIEW_MIME_TYPES } from '../../src/shared/rules/platform/attachments';
import { seededAttachmentBytes } from '../../src/demo-server/data/ticketing/triggers';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();
const PNG_ID = 'automation-attachment-1';

async function hold(on: boolean): Promise<void> {
  const res = await fetch(`${ctx.demo().url}/__demo/config`, {
    method: 'PATCH',
    headers: { 'x-demo-admin': 'demo-admin', 'content-type': 'application/json' },
    body: JSON.stringify({ faults: { holdSignedFiles: on } }),
  });
  expect(res.status).toBe(200);
}
afterEach(() => hold(false));

/** A fresh signed URL of the seeded PNG, asked as the console asks (the session's bearer token). */
async function signedUrl(): Promise<string> {
  const token = await ctx.services().session.api().bearerToken();
  const answer = await fetch(`${ctx.demo().url}/api/ticketing/attachments/${PNG_ID}/signed-url`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { signedUrl: string }).signedUrl;
}

const limits = (deadlineMs: number) => ({ maxBytes: ATTACHMENT_PREVIEW_MAX_BYTES, accept: ATTACHMENT_PREVIEW_MIME_TYPES, deadlineMs });

describe('a signed download that never finishes', () => {
  it('fails at its deadline though bytes keep coming', async () => {
    await hold(true);
    const url = await signedUrl();
    const started = Date.now();
    await expect(downloadSigned(ctx.demo().url, url, limits(1_200))).rejects.toMatchObject({ code: 'OFFLINE', message: deadlineMessage(new URL(url).host) });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_150);
    expect(took).toBeLessThan(10_000);
  });

  it('a held one finishes whole once released within its deadline', async () => {
    await hold(true);
    const downloading = downloadSigned(ctx.demo().url, await signedUrl(), limits(30_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await hold(false);
    const { contentType, bytes } = await downloading;
    expect(contentType).toBe('image/png');
    expect(bytes.equals(seededAttachmentBytes(PNG_ID)!)).toBe(true);
  });
});
