/**
 * The Dashboard area's frame: a left sidebar (Overview, Backup, Approvals)
 * beside the screen. The sidebar collapses to its icons (each still named,
 * with a title) with a toggle button; its state is kept on this computer
 * (localStorage) and restored after a reload (§9.4).
 */
import './dashboard.css';
import { Button, Menu, MenuItem } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { navigate } from '../../core/router';
import { dashboardRoute, readSidebarCollapsed, SIDEBAR_COLLAPSED_KEY, type DashboardSection } from './routes';

const ENTRIES = [
  { id: 'overview', label: 'Overview', icon: 'dashboard' },
  { id: 'backup', label: 'Backup', icon: 'database' },
  { id: 'approvals', label: 'Approvals', icon: 'endorsed' },
] as const;

function readKept(): boolean {
  try {
    return readSidebarCollapsed(localStorage.getItem(SIDEBAR_COLLAPSED_KEY));
  } catch {
    return false;
  }
}

export function DashboardLayout({ section, organizationId, children }: { section: DashboardSection; organizationId: number | null; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readKept);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Storage refused: the state lasts as long as the window.
    }
  };
  return (
    <div className={`dashboard-layout${collapsed ? ' dashboard-layout-collapsed' : ''}`}>
      <nav className="dashboard-sidebar" aria-label="Dashboard">
        <Button
          className="dashboard-sidebar-toggle"
          variant="minimal"
          icon={collapsed ? 'menu-open' : 'menu-closed'}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          aria-controls="dashboard-sidebar-menu"
          onClick={toggle}
        />
        <Menu id="dashboard-sidebar-menu">
          {ENTRIES.map((entry) => {
            const route = dashboardRoute(entry.id, organizationId);
            const active = entry.id === section;
            return (
              <MenuItem
                key={entry.id}
                icon={entry.icon}
                text={collapsed ? undefined : entry.label}
                aria-label={collapsed ? entry.label : undefined}
                title={collapsed ? entry.label : undefined}
                href={`#${route}`}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(route);
                }}
              />
            );
          })}
        </Menu>
      </nav>
      <div className="dashboard-main">{children}</div>
    </div>
  );
}
