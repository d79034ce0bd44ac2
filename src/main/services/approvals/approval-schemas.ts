/**
 * Reading node approvals tolerantly (DESIGN "Real instances";
 * spec/ticketing-automations-psa.md §3.5): only a device's id is required;
 * numbers may come as text, times as epoch seconds, epoch ms or ISO text;
 * statuses, modes and classes the spec does not list are kept raw (upper
 * case); names are cleaned and bounded (server-text.ts). The organization may
 * come as `organizationId` or `clientId`; a device that says nothing of being
 * a candidate is one when it has an installation status.
 */
import { z } from 'zod';
import type { ApprovalNode, OrganizationApprovalMode } from '../../../shared/model/approvals';
import { toEpochMs } from '../../../shared/rules/platform/schedule';
import { NAME_MAX } from '../../../shared/rules/platform/server-text';
import { deviceNameFields, deviceNameOf, flagOrNull, recordIdSchema, textOf } from '../platform/api/tolerant-fields';

/** An open value (a status, a mode, a class): its text in upper case, '' when absent. */
const openValue = textOf(60).transform((text) => text.toUpperCase());
const optionalId = recordIdSchema.nullable().catch(null);

export const approvalNodeSchema: z.ZodType<ApprovalNode> = z
  .looseObject({
    id: recordIdSchema,
    ...deviceNameFields,
    nodeClass: openValue,
    approvalStatus: openValue,
    installationStatus: openValue,
    candidate: z.unknown().optional(),
    nodeApprovalType: openValue,
    createTime: z.unknown().optional(),
    approvalStatusChangeTime: z.unknown().optional(),
    approvalStatusByAppUserId: optionalId,
    approvalStatusByAppUserName: textOf(NAME_MAX),
  })
  .transform((n): ApprovalNode => {
    return {
      id: n.id,
      ...deviceNameOf(n, n.id),
      nodeClass: n.nodeClass,
      approvalStatus: n.approvalStatus,
      installationStatus: n.installationStatus || null,
      candidate: flagOrNull(n.candidate) ?? n.installationStatus !== '',
      nodeApprovalType: n.nodeApprovalType || null,
      requestedAt: toEpochMs(n.createTime),
      decidedAt: toEpochMs(n.approvalStatusChangeTime),
      decidedById: n.approvalStatusByAppUserId,
      decidedByName: n.approvalStatusByAppUserName || null,
    };
  });

export const approvalModeSchema: z.ZodType<OrganizationApprovalMode> = z
  .looseObject({ organizationId: z.unknown().optional(), id: z.unknown().optional(), organizationName: textOf(NAME_MAX), name: textOf(NAME_MAX), nodeApprovalType: openValue })
  .transform((m, ctx) => {
    const id = optionalId.parse(m.organizationId ?? m.id);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: 'No organization id' });
      return z.NEVER;
    }
    // No mode said: devices wait for a technician (what a MANUAL organization does).
    return { organizationId: id, organizationName: m.organizationName || m.name || `Organization ${id}`, nodeApprovalType: m.nodeApprovalType || 'MANUAL' };
  });
