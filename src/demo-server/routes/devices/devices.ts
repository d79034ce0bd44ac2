/** `/query/devices`: the device list, paged 50, with the filters of spec/backup-restore.md §5. */
import { NODE_CLASSES, type NodeClass } from '../../../shared/model/devices';
import { DEVICE_PAGE_SIZE } from '../../../shared/rules/platform/limits';
import { realInstanceDevices } from '../../data/real-instance';
import type { DemoWorld } from '../../data/world';
import { HttpError, pageOf, pageParams, sendJson, type Router } from '../../http';

function parseBoolean(value: string | null, name: string): boolean | undefined {
  if (value === null || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, `Invalid ${name}`);
}

/** At most this many ids in one nodeId filter. */
const MAX_NODE_IDS = 1000;

/**
 * The nodeId filter: one id, or a list (comma-separated, or the parameter
 * repeated) — the restore targets a client allows.
 */
function parseNodeIds(values: string[]): Set<number> | undefined {
  const texts = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  if (texts.length === 0) return undefined;
  if (texts.length > MAX_NODE_IDS) throw new HttpError(400, `At most ${MAX_NODE_IDS} nodeId values`);
  const ids = new Set<number>();
  for (const text of texts) {
    if (!/^\d{1,9}$/.test(text)) throw new HttpError(400, 'Invalid nodeId');
    ids.add(Number(text));
  }
  return ids;
}

export function registerDeviceRoutes(router: Router, world: DemoWorld): void {
  router.get('/api/query/devices', (ctx) => {
    const { page, size } = pageParams(ctx.query, DEVICE_PAGE_SIZE, DEVICE_PAGE_SIZE);
    const name = ctx.query.get('name')?.trim().toLowerCase();
    const organization = ctx.query.get('organization')?.trim().toLowerCase();
    const nodeIds = parseNodeIds(ctx.query.getAll('nodeId'));
    const classes = ctx.query.getAll('nodeClass').flatMap((v) => v.split(',')).filter(Boolean);
    for (const c of classes) {
      if (!(NODE_CLASSES as readonly string[]).includes(c)) throw new HttpError(400, `Invalid nodeClass ${c}`);
    }
    const online = parseBoolean(ctx.query.get('online'), 'online');
    const lockhartEnabled = parseBoolean(ctx.query.get('lockhartEnabled'), 'lockhartEnabled');

    const devices = world.config.realInstance ? realInstanceDevices(world) : world.devices();
    const matches = devices.filter((d) => {
      if (name && !d.displayName.toLowerCase().includes(name) && !d.systemName.toLowerCase().includes(name)) return false;
      if (organization && !d.organizationName.toLowerCase().includes(organization) && String(d.clientId) !== organization) return false;
      if (nodeIds && !nodeIds.has(d.id)) return false;
      if (classes.length && !classes.includes(d.nodeClass as NodeClass)) return false;
      if (online !== undefined && d.isUp !== online) return false;
      if (lockhartEnabled !== undefined && d.lockhartEnabled !== lockhartEnabled) return false;
      return true;
    });
    sendJson(ctx.res, 200, pageOf(matches, page, size));
  });

  router.get('/api/devices/:nodeId', (ctx) => {
    const device = world.device(Number.parseInt(ctx.params.nodeId ?? '', 10));
    if (!device) throw new HttpError(404, 'Device not found');
    sendJson(ctx.res, 200, device);
  });
}
