/**
 * The target device's live file system for the restore dialog's folder tree
 * (spec/backup-restore.md §2 'Restore To' and 'New Folder', §4 "Device file
 * tree", §5; paths not shown in the spec: the demo's, in the README):
 * directory listing and folder creation. Data in data/restore/directories.ts.
 */
import { z } from 'zod';
import { FILE_TREE_PAGE_LIMIT } from '../../../shared/rules/platform/limits';
import { deviceFileSystem } from '../../data/restore/directories';
import { pageParams, sendJson, type Router } from '../../http';
import type { DemoContext } from '../../context';
import { badRequest, jsonBody, nodeIdOf } from '../params';

const BASE = '/api/backup/lockhart';

const newFolder = z.strictObject({
  path: z.string().max(4096),
  name: z.string().max(1024),
});

export function registerDirectoryRoutes(router: Router, context: DemoContext): void {
  const { world, config } = context;

  // ?path=<folder>&page&size (size 1..1000, default 1000: the tree's page limit).
  router.get(`${BASE}/nodes/:nodeId/directories`, (ctx) => {
    const nodeId = nodeIdOf(ctx);
    let paging: { page: number; size: number };
    try {
      paging = pageParams(ctx.query, FILE_TREE_PAGE_LIMIT, FILE_TREE_PAGE_LIMIT);
    } catch {
      throw badRequest('Invalid page or size (size is 1 to 1000)');
    }
    const path = ctx.query.get('path') ?? '';
    sendJson(ctx.res, 200, deviceFileSystem(world, config, nodeId).list(path, paging.page, paging.size));
  });

  // Body { path: <parent folder>, name }: 200 { created: true, path } or { created: false, message }.
  router.post(`${BASE}/nodes/:nodeId/directories`, async (ctx) => {
    const nodeId = nodeIdOf(ctx);
    const body = await jsonBody(ctx, newFolder, '{ path, name }');
    sendJson(ctx.res, 200, deviceFileSystem(world, config, nodeId).createFolder(body.path, body.name));
  });
}
