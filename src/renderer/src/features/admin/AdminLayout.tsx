/** The administration screens' frame: a left navigation (Scheduled tasks, Billing products, Policies) and the screen. */
import './admin.css';
import { Classes, Menu, MenuItem } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { navigate } from '../../core/router';

const ENTRIES = [
  { id: 'tasks', label: 'Scheduled tasks', icon: 'time', route: '/administration/tasks' },
  { id: 'billing', label: 'Billing products', icon: 'dollar', route: '/administration/billing' },
  { id: 'policies', label: 'Policies', icon: 'shield', route: '/administration/policies/agent' },
] as const;

export function AdminLayout({ active, children }: { active: (typeof ENTRIES)[number]['id']; children: ReactNode }) {
  return (
    <div className="admin-layout">
      <nav className="admin-layout-nav" aria-label="Administration">
        <h2 className={`${Classes.HEADING} admin-layout-title`}>Administration</h2>
        <Menu>
          {ENTRIES.map((entry) => (
            <MenuItem key={entry.id} icon={entry.icon} text={entry.label} href={`#${entry.route}`} active={entry.id === active} aria-current={entry.id === active ? 'page' : undefined} onClick={(event) => {
              event.preventDefault();
              navigate(entry.route);
            }} />
          ))}
        </Menu>
      </nav>
      <div className="admin-layout-main">{children}</div>
    </div>
  );
}
