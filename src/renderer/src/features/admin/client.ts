/**
 * Administration's contract calls, in one place: the reads its views make
 * outside `useQuery` (a scheduled task, the add-targets pages) and every
 * write (scheduled tasks saved, switched, deleted; billing products saved,
 * deleted; policies saved, deleted), each write naming the read channels its success makes out of
 * date (`write` in core/data/cache).
 */
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/** A scheduled task saved, switched or deleted: the list and the task itself. */
const TASK_CHANGES: readonly CallChannel[] = ['admin.tasks.list', 'admin.tasks.get'];
/** A billing product saved or deleted: the list, the product itself and the products a group may hold. */
const PRODUCT_CHANGES: readonly CallChannel[] = ['admin.billing.products', 'admin.billing.product', 'admin.billing.members'];

// ---------------------------------------------------------------------------
// Scheduled tasks
// ---------------------------------------------------------------------------

/** One task as the server holds it now. */
export function readTask(input: CallInput<'admin.tasks.get'>): Promise<CallOutput<'admin.tasks.get'>> {
  return api.call('admin.tasks.get', input);
}

/** A page of the devices, groups or organizations a task may target. */
export function readTaskTargets(input: CallInput<'admin.tasks.targets'>): Promise<CallOutput<'admin.tasks.targets'>> {
  return api.call('admin.tasks.targets', input);
}

/** Creates, copies (no id) or updates a task; answers it as saved. */
export function saveTask(input: CallInput<'admin.tasks.save'>): Promise<CallOutput<'admin.tasks.save'>> {
  return write('admin.tasks.save', input, TASK_CHANGES);
}

/** The list's enabled switch. */
export function setTaskEnabled(input: CallInput<'admin.tasks.setEnabled'>): Promise<CallOutput<'admin.tasks.setEnabled'>> {
  return write('admin.tasks.setEnabled', input, TASK_CHANGES);
}

export function deleteTask(input: CallInput<'admin.tasks.delete'>): Promise<CallOutput<'admin.tasks.delete'>> {
  return write('admin.tasks.delete', input, TASK_CHANGES);
}

// ---------------------------------------------------------------------------
// Billing products
// ---------------------------------------------------------------------------

/** Creates (no id) or updates a product or group. */
export function saveBillingProduct(input: CallInput<'admin.billing.save'>): Promise<CallOutput<'admin.billing.save'>> {
  return write('admin.billing.save', input, PRODUCT_CHANGES);
}

export function deleteBillingProduct(input: CallInput<'admin.billing.delete'>): Promise<CallOutput<'admin.billing.delete'>> {
  return write('admin.billing.delete', input, PRODUCT_CHANGES);
}

// ---------------------------------------------------------------------------
// Agent policies
// ---------------------------------------------------------------------------

/** A policy saved or deleted: the list and every policy (a parent's change flows to its children). */
const POLICY_CHANGES: readonly CallChannel[] = ['admin.policies.list', 'admin.policies.get'];

/** One policy as the server holds it now. */
export function readPolicy(input: CallInput<'admin.policies.get'>): Promise<CallOutput<'admin.policies.get'>> {
  return api.call('admin.policies.get', input);
}

/** Creates, copies (no id) or updates a policy (Revert is an update); answers it as saved. */
export function savePolicy(input: CallInput<'admin.policies.save'>): Promise<CallOutput<'admin.policies.save'>> {
  return write('admin.policies.save', input, POLICY_CHANGES);
}

export function deletePolicy(input: CallInput<'admin.policies.delete'>): Promise<CallOutput<'admin.policies.delete'>> {
  return write('admin.policies.delete', input, POLICY_CHANGES);
}
