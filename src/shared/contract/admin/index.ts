/**
 * Administration blocks: scheduled tasks (`admin.tasks.*`: the list, the
 * editor's task, its scripts, Windows services and targets) and billing
 * products (`admin.billing.*`: professional-services forms, with the user roles,
 * node roles and saved searches they name) and agent policies with their backup
 * plans (`admin.policies.*`). Paths are the demo's where the
 * spec shows none (src/demo-server/routes/admin/*.ts); GET /webapp/winservice
 * and GET /psa/user-roles are the spec's (help-shared-blocks-editor.md §7).
 */
import { z } from 'zod';
import type { BillingProduct, NamedChoice, Policy, PolicyRow, ProductMember, ScheduledTask, ScheduledTaskRow, Script, TargetChoice, WindowsService } from '../../model/admin';
import { TARGET_TYPES } from '../../model/admin';
import { policyPayloadSchema } from '../../rules/admin/backup-policy';
import { billingProductPayloadSchema } from '../../rules/admin/billing-product';
import { scheduledTaskPayloadSchema } from '../../rules/admin/scheduled-task';
import { noInput, pageIndex, returns, shortText } from '../common';

const recordId = z.number().int().positive().max(2_147_483_647);

export const tasksCalls = {
  /** The scheduled tasks list (unreadable ones skipped and counted). */
  'admin.tasks.list': { input: noInput, output: returns<{ items: ScheduledTaskRow[]; skipped: number }>() },
  /** One task for the editor; NOT_FOUND when it is gone. */
  'admin.tasks.get': { input: z.strictObject({ id: recordId }), output: returns<ScheduledTask>() },
  /** Creates or copies (no id) or updates (with its id); answers the task as saved. */
  'admin.tasks.save': { input: scheduledTaskPayloadSchema, output: returns<ScheduledTask>() },
  /** The list's enabled switch. */
  'admin.tasks.setEnabled': { input: z.strictObject({ id: recordId, enabled: z.boolean() }), output: returns<ScheduledTask>() },
  'admin.tasks.delete': { input: z.strictObject({ id: recordId }), output: returns<{ deleted: true }>() },
  /** The script selector's scripts with their variables, searched by name. */
  'admin.tasks.scripts': { input: z.strictObject({ search: shortText(100).optional() }), output: returns<Script[]>() },
  /** §7 GET /webapp/winservice; §8 'Windows Services could not load' when it fails or resultCode is not SUCCESS. */
  'admin.tasks.windowsServices': { input: noInput, output: returns<WindowsService[]>() },
  /** The add-targets modal: devices (NODE), groups or organizations, paged 50, searched by name. */
  'admin.tasks.targets': {
    input: z.strictObject({ targetType: z.enum(TARGET_TYPES), page: pageIndex, search: shortText(100).optional() }),
    output: returns<{ items: TargetChoice[]; totalCount: number }>(),
  },
} as const;

export const billingCalls = {
  'admin.billing.products': { input: noInput, output: returns<{ items: BillingProduct[]; skipped: number }>() },
  'admin.billing.product': { input: z.strictObject({ id: recordId }), output: returns<BillingProduct>() },
  /** Creates (no id) or updates (with its id); the §5 rules are the payload's own. */
  'admin.billing.save': { input: billingProductPayloadSchema, output: returns<BillingProduct>() },
  'admin.billing.delete': { input: z.strictObject({ id: recordId }), output: returns<{ deleted: true }>() },
  /** The products a group may hold (§3: type, name, isActive). */
  'admin.billing.members': { input: noInput, output: returns<ProductMember[]>() },
  /** §7 GET /psa/user-roles; §8 'Error fetching user roles'. */
  'admin.billing.userRoles': { input: noInput, output: returns<NamedChoice[]>() },
  /** Node roles and saved searches; §8 'Error fetching initial data'. */
  'admin.billing.initialData': { input: noInput, output: returns<{ nodeRoles: NamedChoice[]; savedSearches: NamedChoice[] }>() },
} as const;

export const policiesCalls = {
  /** The agent policies list (unreadable ones skipped and counted), each with its parent's name and device count. */
  'admin.policies.list': { input: noInput, output: returns<{ items: PolicyRow[]; skipped: number }>() },
  /** One policy with its backup plans; NOT_FOUND ('This policy no longer exists.') when it is gone (§8.4). */
  'admin.policies.get': { input: z.strictObject({ id: recordId }), output: returns<Policy>() },
  /**
   * Creates or copies (no id) or updates (with its id); answers the policy as saved. A plan's inheritance says only
   * whether it is overridden: overridden false on an inherited plan is Revert (the parent's settings back).
   */
  'admin.policies.save': { input: policyPayloadSchema, output: returns<Policy>() },
  /** Refused (CONFLICT, the server's words) while policies inherit from it or devices use it. */
  'admin.policies.delete': { input: z.strictObject({ id: recordId }), output: returns<{ deleted: true }>() },
} as const;
