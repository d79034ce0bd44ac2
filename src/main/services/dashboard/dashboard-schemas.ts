/**
 * Reading dashboards tolerantly (DESIGN "Real instances"): only a device's
 * (a ticket's) id is required; numbers may come as text, times as epoch
 * seconds, epoch ms or ISO text; a status the console does not know is kept
 * raw (upper case); a device whose status is not said reads NOT_CONFIGURED
 * when it has no plan, else as an empty status (shown '-', counted as other).
 */
import { z } from 'zod';
import type { DeviceBackupStatus, OpenTicket } from '../../../shared/model/dashboard';
import { toEpochMs } from '../../../shared/rules/platform/schedule';
import { NAME_MAX } from '../../../shared/rules/platform/server-text';
import { deviceNameFields, deviceNameOf, flagOrNull, recordIdSchema, textOf } from '../platform/api/tolerant-fields';

const openValue = textOf(60).transform((text) => text.toUpperCase().replace(/\s+/g, '_'));

export const deviceBackupSchema: z.ZodType<DeviceBackupStatus> = z
  .looseObject({
    nodeId: z.unknown().optional(),
    id: z.unknown().optional(),
    ...deviceNameFields,
    isUp: z.unknown().transform(flagOrNull),
    lastBackupTime: z.unknown().optional(),
    status: openValue,
    planName: textOf(NAME_MAX),
    message: textOf(2000),
  })
  .transform((d, ctx): DeviceBackupStatus => {
    const nodeId = recordIdSchema.safeParse(d.nodeId ?? d.id);
    if (!nodeId.success) {
      ctx.addIssue({ code: 'custom', message: 'No device id' });
      return z.NEVER;
    }
    const planName = d.planName || null;
    return {
      nodeId: nodeId.data,
      ...deviceNameOf(d, nodeId.data),
      isUp: d.isUp,
      lastBackupAt: toEpochMs(d.lastBackupTime),
      status: d.status || (planName === null ? 'NOT_CONFIGURED' : ''),
      planName,
      message: d.message || null,
    };
  });

export const openTicketSchema: z.ZodType<OpenTicket> = z
  .looseObject({ id: recordIdSchema, subject: textOf(NAME_MAX), summary: textOf(NAME_MAX), status: openValue, organizationName: textOf(NAME_MAX), createTime: z.unknown().optional() })
  .transform((t) => ({ id: t.id, subject: t.subject || t.summary || `Ticket ${t.id}`, status: t.status, organizationName: t.organizationName, createdAt: toEpochMs(t.createTime) }));
