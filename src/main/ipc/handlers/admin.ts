/** Administration blocks: scheduled tasks (`tasks.*`) and billing products (`billing.*`). */
import type { BillingService } from '../../services/admin/billing-service';
import type { TasksService } from '../../services/admin/tasks-service';
import type { HandlersOf } from '../router';

export function tasksHandlers(tasks: TasksService): HandlersOf<'tasks'> {
  return {
    'tasks.list': () => tasks.list(),
    'tasks.get': ({ id }) => tasks.get(id),
    'tasks.save': (payload) => tasks.save(payload),
    'tasks.setEnabled': ({ id, enabled }) => tasks.setEnabled(id, enabled),
    'tasks.delete': ({ id }) => tasks.delete(id),
    'tasks.scripts': ({ search }) => tasks.scripts(search),
    'tasks.windowsServices': () => tasks.windowsServices(),
    'tasks.targets': (input) => tasks.targets(input),
  };
}

export function billingHandlers(billing: BillingService): HandlersOf<'billing'> {
  return {
    'billing.products': () => billing.products(),
    'billing.product': ({ id }) => billing.product(id),
    'billing.save': (payload) => billing.save(payload),
    'billing.delete': ({ id }) => billing.delete(id),
    'billing.members': () => billing.members(),
    'billing.userRoles': () => billing.userRoles(),
    'billing.initialData': () => billing.initialData(),
  };
}
