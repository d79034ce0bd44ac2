/**
 * The administration feature's door: scheduled tasks at
 * /administration/tasks with their editor at /editor/scheduledTask/:id (the
 * RMM's routes; 'new' for a new task), and billing products at
 * /administration/billing (their form at /administration/billing/:id, 'new'
 * for a new one), and agent policies at /administration/policies/agent with
 * their editor at /editor/policy/:id ('new' for a new one; /backup after the
 * id opens it on the Backup tab). One header area; the screens share a left
 * navigation.
 */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { matchRoute } from '../../core/router';
import { BillingScreen } from './billing/BillingScreen';
import { PoliciesScreen, POLICIES_ROUTE } from './policies/PoliciesScreen';
import { PolicyEditorScreen } from './policies/PolicyEditorScreen';
import { TasksScreen } from './tasks/TasksScreen';
import { TaskEditorScreen } from './tasks/TaskEditorScreen';

const TASKS_ROUTE = '/administration/tasks';
const BILLING_ROUTE = '/administration/billing';

const area: HeaderArea = { id: 'administration', label: 'Administration', icon: 'cog', route: TASKS_ROUTE };

export const adminFeature: Feature = {
  id: 'administration',
  headerArea: area,
  screens: [
    { id: 'scheduled-tasks', match: (route) => (route === TASKS_ROUTE ? {} : null), render: () => createElement(TasksScreen), area: () => area },
    { id: 'scheduled-task-editor', match: (route) => matchRoute('/editor/scheduledTask/:id', route), render: (params) => createElement(TaskEditorScreen, { id: params.id ?? 'new' }), area: () => area },
    {
      id: 'billing-products',
      match: (route) => (route === BILLING_ROUTE ? {} : matchRoute(`${BILLING_ROUTE}/:id`, route)),
      render: (params) => createElement(BillingScreen, { productId: params.id ?? null }),
      area: () => area,
    },
    { id: 'policies', match: (route) => (route === POLICIES_ROUTE ? {} : null), render: () => createElement(PoliciesScreen), area: () => area },
    {
      id: 'policy-editor',
      match: (route) => {
        const backup = matchRoute('/editor/policy/:id/backup', route);
        return backup ? { ...backup, tab: 'backup' } : matchRoute('/editor/policy/:id', route);
      },
      render: (params) => createElement(PolicyEditorScreen, { key: params.id, id: params.id ?? 'new', tab: params.tab === 'backup' ? 'backup' : 'general' }),
      area: () => area,
    },
  ],
};
