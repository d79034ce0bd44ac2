/**
 * The device list: `/query/devices`, paged 50, with the filters of
 * spec/backup-restore.md §5; and the recent devices, kept per profile so a
 * device's browser can be reopened offline.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { CallArgs } from '../../../shared/contract';
import type { Device, Page, RecentDevice } from '../../../shared/model/devices';
import { AppError } from '../../../shared/errors';
import { DEVICE_PAGE_SIZE } from '../../../shared/rules/platform/limits';
import { deviceSchema } from '../platform/api/schemas';
import { tolerantPage } from '../platform/api/tolerant';
import { ChunkTotals, queryByIds } from './id-chunked-query';
import type { Connectivity } from '../platform/connectivity';
import { JsonFile } from '../platform/json-file';
import type { SessionService } from '../session';

/** One unreadable device is skipped and counted, never the whole page refused. */
const devicePage = tolerantPage(deviceSchema);
const RECENT_LIMIT = 12;

const recentSchema = z.object({
  byProfile: z.record(z.string().max(64), z.array(deviceSchema.extend({ openedAt: z.number() })).max(RECENT_LIMIT)),
});
type RecentDocument = z.infer<typeof recentSchema>;

export class DeviceService {
  private readonly recentFile: JsonFile<RecentDocument>;
  /** Totals of the id chunks of restore target queries, so paging asks only the chunks a page spans. */
  private readonly chunkTotals = new ChunkTotals();

  constructor(
    private readonly session: SessionService,
    dataDir: string,
    private readonly connectivity?: Connectivity,
  ) {
    this.recentFile = new JsonFile(join(dataDir, 'recent-devices.json'), recentSchema, () => ({ byProfile: {} }));
  }

  /**
   * A page of `/query/devices` with §5's filters. With `nodeIds` (restore
   * targets), the ids go to the server as the nodeId filter, so every page
   * holds only those devices; a long list in chunks.
   */
  async query(args: CallArgs<'devices.query'>): Promise<Page<Device>> {
    const { nodeIds, ...filters } = args;
    const answer = nodeIds
      ? await queryByIds(nodeIds, args.page, DEVICE_PAGE_SIZE, (ids, page) => this.fetchPage({ ...filters, page }, ids), undefined, {
          memo: this.chunkTotals,
          key: JSON.stringify([this.session.profileId() ?? '', { ...filters, page: 0 }, nodeIds]),
        })
      : await this.fetchPage(filters);
    return { ...answer, page: args.page, size: DEVICE_PAGE_SIZE };
  }

  private fetchPage(args: Omit<CallArgs<'devices.query'>, 'nodeIds'>, ids?: readonly number[]) {
    const searchParams = new URLSearchParams({ page: String(args.page), size: String(DEVICE_PAGE_SIZE) });
    if (args.name?.trim()) searchParams.set('name', args.name.trim());
    if (args.organization?.trim()) searchParams.set('organization', args.organization.trim());
    if (ids) searchParams.set('nodeId', ids.join(','));
    else if (args.nodeId !== undefined) searchParams.set('nodeId', String(args.nodeId));
    if (args.nodeClass?.length) searchParams.set('nodeClass', args.nodeClass.join(','));
    if (args.online !== undefined) searchParams.set('online', String(args.online));
    if (args.lockhartEnabled !== undefined) searchParams.set('lockhartEnabled', String(args.lockhartEnabled));
    return this.track(() => this.session.api().getJson('query/devices', devicePage, { searchParams }));
  }

  private async track<T>(work: () => Promise<T>): Promise<T> {
    try {
      const value = await work();
      this.connectivity?.reportReachable();
      return value;
    } catch (error) {
      this.connectivity?.reportFailure(error);
      throw error;
    }
  }

  /** The device's details from the server; offline, the copy kept in the recent list. */
  async open(nodeId: number): Promise<Device> {
    const profile = this.requireProfile();
    let device: Device | undefined;
    try {
      const answer = await this.track(() =>
        this.session.api().getJson('query/devices', devicePage, { searchParams: { page: 0, size: 1, nodeId } }),
      );
      device = answer.results.find((d) => d.id === nodeId);
      if (!device) throw new AppError('NOT_FOUND', `Device ${nodeId} was not found.`);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'OFFLINE')) throw error;
      device = this.recent().find((d) => d.id === nodeId);
      if (!device) throw new AppError('NOT_AVAILABLE_OFFLINE', 'This device is not available offline: it was not opened while the server could be reached.');
    }
    this.remember(profile, device);
    return device;
  }

  recent(): RecentDevice[] {
    const profile = this.session.profileId();
    if (!profile) return [];
    return [...(this.recentFile.read().byProfile[profile] ?? [])].sort((a, b) => b.openedAt - a.openedAt);
  }

  private remember(profile: string, device: Device): void {
    const document = this.recentFile.read();
    const others = (document.byProfile[profile] ?? []).filter((d) => d.id !== device.id);
    const { openedAt: _ignored, ...plain } = device as RecentDevice;
    void _ignored;
    document.byProfile[profile] = [{ ...plain, policyId: plain.policyId ?? null, openedAt: Date.now() }, ...others].slice(0, RECENT_LIMIT);
    this.recentFile.write(document);
  }

  private requireProfile(): string {
    const profile = this.session.profileId();
    if (!profile) throw new AppError('NOT_SIGNED_IN', 'Sign in first.');
    return profile;
  }
}
