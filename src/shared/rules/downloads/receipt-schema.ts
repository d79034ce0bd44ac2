/** A receipt's JSON as read back from disk (Copy receipt): checked before any of it is shown. */
import { z } from 'zod';
import { RECEIPT_VERSION } from './receipt';

const zipEntry = z.object({ name: z.string(), sizeBytes: z.number(), compressedBytes: z.number(), crc32: z.string() });

export const downloadReceiptSchema = z.object({
  receiptVersion: z.literal(RECEIPT_VERSION),
  source: z.object({ instance: z.string().nullable() }),
  device: z.object({ id: z.number(), name: z.string().nullable() }),
  plan: z.object({ uid: z.string(), name: z.string().nullable() }),
  item: z.object({
    kind: z.enum(['revision', 'folder', 'image']),
    path: z.string().nullable(),
    nameShownInListing: z.string(),
    revisionId: z.string().nullable(),
    folderId: z.string().nullable(),
    jobId: z.string().nullable(),
    backupDate: z.string().nullable(),
    restoreDeleted: z.boolean().optional(),
  }),
  file: z.object({ name: z.string(), path: z.string(), sizeBytes: z.number(), sha256: z.string() }),
  verification: z.object({ method: z.enum(['checksum', 'size', 'none']), description: z.string(), announcedSha256: z.string().nullable() }),
  startedAt: z.string().nullable(),
  finishedAt: z.string(),
  technician: z.object({ name: z.string(), email: z.string() }).nullable(),
  console: z.object({ version: z.string() }),
  zip: z
    .union([
      z.object({ readable: z.literal(true), entryCount: z.number(), entries: z.array(zipEntry), moreEntries: z.number() }),
      z.object({ readable: z.literal(false), reason: z.string() }),
    ])
    .optional(),
});
