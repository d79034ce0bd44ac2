/** Administration blocks: scheduled tasks (`admin.tasks.*`), billing products (`admin.billing.*`) and agent policies (`admin.policies.*`). */
import type { BillingService } from '../../services/admin/billing-service';
import type { PoliciesService } from '../../services/admin/policies-service';
import type { TasksService } from '../../services/admin/tasks-service';
import type { HandlersOf } from '../router';

export function tasksHandlers(tasks: TasksService): HandlersOf<'admin.tasks'> {
  return {
    'admin.tasks.list': () => tasks.list(),
    'admin.tasks.get': ({ id }) => tasks.get(id),
    'admin.tasks.save': (payload) => tasks.save(payload),
    'admin.tasks.setEnabled': ({ id, enabled }) => tasks.setEnabled(id, enabled),
    'admin.tasks.delete': ({ id }) => tasks.delete(id),
    'admin.tasks.scripts': ({ search }) => tasks.scripts(search),
    'admin.tasks.windowsServices': () => tasks.windowsServices(),
    'admin.tasks.targets': (input) => tasks.targets(input),
  };
}

export function billingHandlers(billing: BillingService): HandlersOf<'admin.billing'> {
  return {
    'admin.billing.products': () => billing.products(),
    'admin.billing.product': ({ id }) => billing.product(id),
    'admin.billing.save': (payload) => billing.save(payload),
    'admin.billing.delete': ({ id }) => billing.delete(id),
    'admin.billing.members': () => billing.members(),
    'admin.billing.userRoles': () => billing.userRoles(),
    'admin.billing.initialData': () => billing.initialData(),
  };
}

export function policiesHandlers(policies: PoliciesService): HandlersOf<'admin.policies'> {
  return {
    'admin.policies.list': () => policies.list(),
    'admin.policies.get': ({ id }) => policies.get(id),
    'admin.policies.save': (payload) => policies.save(payload),
    'admin.policies.delete': ({ id }) => policies.delete(id),
  };
}
