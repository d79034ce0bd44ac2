/**
 * Administration's contract calls, in one place: the reads its views make
 * outside `useQuery` (a scheduled task, the add-targets pages) and every
 * write (scheduled tasks saved, switched, deleted; billing products saved,
 * deleted), each write naming the read channels its success makes out of
 * date (`write` in core/data/cache).
 */
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/** A scheduled task saved, switched or deleted: the list and the task itself. */
const TASK_CHANGES: readonly CallChannel[] = ['tasks.list', 'tasks.get'];
/** A billing product saved or deleted: the list, the product itself and the products a group may hold. */
const PRODUCT_CHANGES: readonly CallChannel[] = ['billing.products', 'billing.product', 'billing.members'];

// ---------------------------------------------------------------------------
// Scheduled tasks
// ---------------------------------------------------------------------------

/** One task as the server holds it now. */
export function readTask(input: CallInput<'tasks.get'>): Promise<CallOutput<'tasks.get'>> {
  return api.call('tasks.get', input);
}

/** A page of the devices, groups or organizations a task may target. */
export function readTaskTargets(input: CallInput<'tasks.targets'>): Promise<CallOutput<'tasks.targets'>> {
  return api.call('tasks.targets', input);
}

/** Creates, copies (no id) or updates a task; answers it as saved. */
export function saveTask(input: CallInput<'tasks.save'>): Promise<CallOutput<'tasks.save'>> {
  return write('tasks.save', input, TASK_CHANGES);
}

/** The list's enabled switch. */
export function setTaskEnabled(input: CallInput<'tasks.setEnabled'>): Promise<CallOutput<'tasks.setEnabled'>> {
  return write('tasks.setEnabled', input, TASK_CHANGES);
}

export function deleteTask(input: CallInput<'tasks.delete'>): Promise<CallOutput<'tasks.delete'>> {
  return write('tasks.delete', input, TASK_CHANGES);
}

// ---------------------------------------------------------------------------
// Billing products
// ---------------------------------------------------------------------------

/** Creates (no id) or updates a product or group. */
export function saveBillingProduct(input: CallInput<'billing.save'>): Promise<CallOutput<'billing.save'>> {
  return write('billing.save', input, PRODUCT_CHANGES);
}

export function deleteBillingProduct(input: CallInput<'billing.delete'>): Promise<CallOutput<'billing.delete'>> {
  return write('billing.delete', input, PRODUCT_CHANGES);
}
