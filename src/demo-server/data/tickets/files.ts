/**
 * The files of ticket conversations (spec/ticketing-automations-psa.md
 * §3.5 attachment, §4.4): the attachment as the demo keeps it (its status in
 * time: PROCESSING until `readyAt`, then its own), as the calls answer it, and
 * the generated content of the seeded ones: small PNG pictures drawn from a
 * number (so each ticket's screenshots differ) and short text files.
 */
import { deflateSync } from 'node:zlib';

/** §3.5 attachment as the demo keeps it. */
export interface DemoTicketAttachment {
  id: string;
  resourceId: string;
  /** The tempId it was uploaded with (null for seeded files). */
  tempId: string | null;
  /** What it is once scanned: SUCCESS, SUSPICIOUS, or PROCESSING for a file that never finishes. */
  uploadStatus: string;
  /** Epoch ms before which it is PROCESSING (0: scanned already). */
  readyAt: number;
  metadata: { name: string; size: number; contentType: string; contentId: string; inline: boolean };
}

/** The status at a time (§4.4: PROCESSING until updated). */
export function statusAt(attachment: DemoTicketAttachment, now: number): string {
  return now < attachment.readyAt ? 'PROCESSING' : attachment.uploadStatus;
}

/** §3.5 Attachment as the calls answer it. */
export function attachmentAnswer(attachment: DemoTicketAttachment, now: number) {
  return {
    id: attachment.id,
    resourceId: attachment.resourceId,
    tempId: attachment.tempId,
    uploadStatus: statusAt(attachment, now),
    metadata: { ...attachment.metadata },
  };
}

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', txt: 'text/plain; charset=utf-8', jpg: 'image/jpeg' };

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A width × height RGB PNG: a window-like picture (a title bar, a panel, a
 * diagonal band) whose colours follow `hue`, so pictures of different
 * tickets look different while staying a few hundred bytes.
 */
export function demoPng(width: number, height: number, hue: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const base = [(hue * 37) % 200, (hue * 71) % 200, 120 + ((hue * 13) % 120)];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const titleBar = y < Math.max(3, height / 8);
      const band = Math.abs(x - y * (width / height)) < width / 10;
      const pixel = titleBar ? base : band ? [250, 250, 250] : x > width * 0.7 ? [220, 224, 230] : [base[0]! / 2 + 100, base[1]! / 2 + 100, base[2]! / 2 + 100];
      row.set(pixel.map((v) => Math.round(v)), 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
