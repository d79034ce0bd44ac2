/**
 * Download calls of spec/backup-restore.md §7 under `/api/backup/lockhart`:
 * a file revision, a folder as a zip for the date of a backup job, and a file
 * or folder (zip) from a mounted image revision. Bytes are generated on the
 * fly (data/backup/content.ts), zips streamed by yazl (zip.ts); Range, If-Range,
 * HEAD and the headers are in download.ts. Errors answer `{ error, message }`.
 */
import { BackupWorld, downloadUnavailable, tooManyItems, type MountedNode, type SnapshotEntry } from '../../data/backup';
import { contentChunks, contentKey, imageFileContentKey, memoisedContentSha256, revisionContentKey } from '../../data/backup/content';
import type { DemoConfig } from '../../config';
import { etagFor, sendRepresentation, type Representation } from '../../download';
import { badRequest, notFound, HttpError, type RequestContext, type Router } from '../../http';
import type { DemoContext } from '../../context';
import { streamZip, zipEntryPath, type ZipItem } from '../../zip';

const BASE = '/api/backup/lockhart';



function brokenOnPurpose(message: string): HttpError {
  return new HttpError(500, message, { error: 'internal', message });
}

function nodeIdOf(ctx: RequestContext): number {
  const text = ctx.params.nodeId ?? '';
  if (!/^\d{1,15}$/.test(text)) throw badRequest('Invalid nodeId');
  return Number(text);
}

function param(ctx: RequestContext, name: string): string {
  const value = ctx.params[name];
  if (!value) throw badRequest(`Missing ${name}`);
  return value;
}

/** `fileBase64`: standard or URL-safe base64 of a UTF-8 path, padding optional (a `+` decoded to a space is taken back). */
export function decodeBase64Path(text: string | null): string {
  if (!text) throw badRequest('fileBase64 is required');
  const normalized = text.replaceAll(' ', '+').replaceAll('-', '+').replaceAll('_', '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalized) || normalized.replace(/=+$/, '').length % 4 === 1) {
    throw badRequest('fileBase64 is not valid base64');
  }
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(normalized, 'base64'));
  } catch {
    throw badRequest('fileBase64 is not the base64 of a UTF-8 path');
  }
  if (path.trim() === '' || path.includes('\0')) throw badRequest('fileBase64 is not a path');
  return path;
}

/** A generated file: its bytes are the content (key, size). */
function fileRepresentation(config: DemoConfig, file: { key: string; size: number; name: string; modified: number }): Representation {
  const { key, size } = file;
  return {
    fileName: file.name,
    contentType: 'application/octet-stream',
    size,
    etag: etagFor(key, size),
    lastModified: file.modified,
    checksum: size <= config.sizes.checksumMaxBytes ? () => memoisedContentSha256(key, size) : undefined,
    body: (span) => contentChunks(key, size, span),
  };
}

/** A zip of the items; its ETag keys on what determines the items, and on the size. */
function zipRepresentation(items: ZipItem[], zip: { key: string; name: string; modified: number }): Representation {
  const streamed = streamZip(items);
  return {
    fileName: `${zip.name}.zip`,
    contentType: 'application/zip',
    size: streamed.size,
    etag: etagFor(zip.key, streamed.size),
    lastModified: zip.modified,
    body: (span, signal) => streamed.bytes(span, signal),
    discard: () => streamed.discard(),
  };
}

/** The files (and empty folders) of a mounted image folder; 500 for a corrupt folder anywhere inside. */
function mountedZipItems(config: DemoConfig, ids: { nodeId: number; planUid: string; revisionId: string }, folder: MountedNode, folderPath: string): ZipItem[] {
  const items: ZipItem[] = [];
  const visit = (node: MountedNode, path: string, segments: string[]) => {
    if (node.corrupt) throw brokenOnPurpose(`Content of ${path} cannot be read from the image (demo failure)`);
    const before = items.length;
    for (const child of node.children) {
      const childPath = path === '/' ? `/${child.item.name}` : `${path}/${child.item.name}`;
      const childSegments = [...segments, child.item.name];
      if (child.item.type === 'FOLDER') {
        visit(child, childPath, childSegments);
        continue;
      }
      items.push({
        kind: 'file',
        path: zipEntryPath(childSegments),
        key: imageFileContentKey(config, ids.nodeId, ids.planUid, ids.revisionId, childPath),
        size: child.item.size,
        modified: Date.parse(child.item.modified ?? '') || 0,
      });
      if (items.length > config.sizes.zipMaxEntries) throw tooManyItems(config.sizes.zipMaxEntries);
    }
    if (items.length === before && segments.length > 0) {
      items.push({ kind: 'folder', path: zipEntryPath(segments), modified: Date.parse(node.item.modified ?? '') || 0 });
    }
  };
  visit(folder, folderPath, []);
  return items;
}

export function registerDownloadRoutes(router: Router, context: DemoContext): void {
  const backup = BackupWorld.of(context.world);
  const { config } = context;
  // `faults.holdDownloadsAtByte`: every answer stops at that byte of its file until the switch is off.
  const send = (ctx: RequestContext, rep: Representation) => sendRepresentation(ctx, rep, () => config.faults.holdDownloadsAtByte);

  // A file revision (revision ids are `<fileId>_r<k>`).
  router.get(`${BASE}/nodes/:nodeId/plans/:planId/revisions/:revisionId/data`, async (ctx) => {
    const nodeId = nodeIdOf(ctx);
    const planUid = param(ctx, 'planId');
    const revisionId = param(ctx, 'revisionId');
    backup.planData(nodeId, planUid);
    const found = backup.fileRevision(nodeId, planUid, revisionId);
    if (!found) throw notFound(`Revision ${revisionId} not found`);
    if (found.file.unreadable || !found.revision.onS3) throw downloadUnavailable();
    await send(
      ctx,
      fileRepresentation(config, {
        key: revisionContentKey(config, nodeId, planUid, revisionId),
        size: found.revision.size,
        name: found.file.item.name,
        modified: Date.parse(found.revision.modified),
      }),
    );
  });

  // A folder as a zip, as of a backup job, optionally with the latest revision of deleted files.
  router.get(`${BASE}/nodes/:nodeId/plans/:planId/folders/:folderId/jobs/:jobId/data`, async (ctx) => {
    const nodeId = nodeIdOf(ctx);
    const planUid = param(ctx, 'planId');
    const folderId = param(ctx, 'folderId');
    const jobId = param(ctx, 'jobId');
    const flag = ctx.query.get('restoreDeleted');
    if (flag !== null && flag !== '' && flag !== 'true' && flag !== 'false') throw badRequest('Invalid restoreDeleted');
    const restoreDeleted = flag === 'true';
    const snapshot = backup.folderSnapshot(nodeId, planUid, folderId, jobId, {
      includeDeleted: restoreDeleted,
      maxEntries: config.sizes.zipMaxEntries,
    });
    const items = snapshot.entries.map((entry: SnapshotEntry): ZipItem => {
      const path = zipEntryPath(entry.segments);
      if (entry.kind === 'folder') return { kind: 'folder', path, modified: Date.parse(entry.modified) };
      const { revision } = entry;
      return { kind: 'file', path, key: revisionContentKey(config, nodeId, planUid, revision.id), size: revision.size, modified: Date.parse(revision.modified) };
    });
    const { job, folder } = snapshot;
    await send(
      ctx,
      zipRepresentation(items, {
        key: contentKey(config.seed, `v${config.contentVersion}`, 'folder-zip', nodeId, planUid, folderId, jobId, restoreDeleted),
        name: folder.name,
        modified: Date.parse(job.completed ?? job.created),
      }),
    );
  });

  // A file (its bytes) or a folder (a zip) of a mounted image revision.
  router.get(`${BASE}/image/nodes/:nodeId/plans/:planId/revisions/:revisionId/download`, async (ctx) => {
    const nodeId = nodeIdOf(ctx);
    const planUid = param(ctx, 'planId');
    const revisionId = param(ctx, 'revisionId');
    const type = ctx.query.get('type');
    if (type !== 'FILE' && type !== 'FOLDER') throw badRequest('type must be FILE or FOLDER');
    const requested = decodeBase64Path(ctx.query.get('fileBase64'));
    const { revision, volume } = backup.imageRevision(nodeId, planUid, revisionId);
    if (!revision.onS3) throw downloadUnavailable();
    const { node, path } = backup.mountedItem(requested);
    const ids = { nodeId, planUid, revisionId };
    const modified = Date.parse(node.item.modified ?? revision.modified) || Date.parse(revision.modified);
    if (type === 'FILE') {
      if (node.item.type !== 'FILE') throw badRequest(`${path} is a folder; download it with type=FOLDER`);
      const key = imageFileContentKey(config, nodeId, planUid, revisionId, path);
      await send(ctx, fileRepresentation(config, { key, size: node.item.size, name: node.item.name, modified }));
      return;
    }
    if (node.item.type !== 'FOLDER') throw badRequest(`${path} is a file; download it with type=FILE`);
    const items = mountedZipItems(config, ids, node, path);
    // The image root is named after its volume ('C:' → 'C.zip').
    const name = path === '/' ? volume.name.replace(/[:\\/]/g, '') || 'image' : node.item.name;
    await send(
      ctx,
      zipRepresentation(items, {
        key: contentKey(config.seed, `v${config.contentVersion}`, 'image-zip', nodeId, planUid, revisionId, path),
        name,
        modified,
      }),
    );
  });
}
