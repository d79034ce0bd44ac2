/** The device list: `/query/devices`, paged 50, with the filters of spec/backup-restore.md §5. */
import type { CallArgs } from '../../../shared/contract';
import type { Device, Page } from '../../../shared/model/device';
import { DEVICE_PAGE_SIZE } from '../../../shared/rules/limits';
import { deviceSchema, pagedAnswer } from '../api/schemas';
import type { SessionService } from '../session/session-service';

const devicePage = pagedAnswer(deviceSchema);

export class DeviceService {
  constructor(private readonly session: SessionService) {}

  async query(args: CallArgs<'devices.query'>): Promise<Page<Device>> {
    const searchParams = new URLSearchParams({ page: String(args.page), size: String(DEVICE_PAGE_SIZE) });
    if (args.name?.trim()) searchParams.set('name', args.name.trim());
    if (args.organization?.trim()) searchParams.set('organization', args.organization.trim());
    if (args.nodeId !== undefined) searchParams.set('nodeId', String(args.nodeId));
    if (args.nodeClass?.length) searchParams.set('nodeClass', args.nodeClass.join(','));
    if (args.online !== undefined) searchParams.set('online', String(args.online));
    if (args.lockhartEnabled !== undefined) searchParams.set('lockhartEnabled', String(args.lockhartEnabled));
    const answer = await this.session.api().getJson('query/devices', devicePage, { searchParams });
    return { ...answer, page: args.page, size: DEVICE_PAGE_SIZE };
  }
}
