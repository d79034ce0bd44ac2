/** The Dashboard area's routes, its place in the header (where Approvals was), and the sidebar's kept state. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FeaturesModule from '../../src/renderer/src/app/features';
import type * as RoutesModule from '../../src/renderer/src/features/dashboard/routes';
import type * as LayoutModule from '../../src/renderer/src/features/dashboard/DashboardLayout';

type Features = typeof FeaturesModule;
type Routes = typeof RoutesModule;
let FEATURES: Features['FEATURES'];
let HEADER_AREAS: Features['HEADER_AREAS'];
let screenFor: Features['screenFor'];
let dashboardRoute: Routes['dashboardRoute'];
let deviceBackupRoute: Routes['deviceBackupRoute'];
let readSidebarCollapsed: Routes['readSidebarCollapsed'];
let DashboardLayout: (typeof LayoutModule)['DashboardLayout'];

beforeAll(async () => {
  // The features' modules read the console's bridge when loaded: a stand-in, never called here.
  vi.stubGlobal('window', { api: { call: () => Promise.reject(new Error('not here')), on: () => () => undefined } });
  ({ FEATURES, HEADER_AREAS, screenFor } = await import('../../src/renderer/src/app/features'));
  ({ dashboardRoute, deviceBackupRoute, readSidebarCollapsed } = await import('../../src/renderer/src/features/dashboard/routes'));
  ({ DashboardLayout } = await import('../../src/renderer/src/features/dashboard/DashboardLayout'));
  // Loading every feature (Blueprint, the tables, the editor) takes seconds on a busy machine.
}, 60_000);

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the Dashboard area', () => {
  it('is in the header where Approvals was; Approvals is no header area of its own', () => {
    expect(HEADER_AREAS.map((a) => a.label)).toEqual(['Devices', 'Dashboard', 'Tickets', 'Ticketing', 'Integrations', 'Administration']);
    expect(HEADER_AREAS.find((a) => a.id === 'dashboard')?.route).toBe('/systemDashboard/overview');
    expect(FEATURES.some((f) => f.id === 'approvals')).toBe(false);
  });

  it("serves the dashboards' routes; the help's backup pages and unknown pages are not its", () => {
    const screen = (route: string) => screenFor(route).screen.id;
    expect(screen('/systemDashboard/overview')).toBe('system-overview');
    expect(screen('/customerDashboard/3/overview')).toBe('organization-overview');
    for (const page of ['failed', 'warnings', 'succeeded', 'notConfigured', 'all']) expect(screen(`/systemDashboard/backup/${page}`)).toBe('system-backup');
    expect(screen('/customerDashboard/3/backup/failed')).toBe('organization-backup');
    expect(screen('/systemDashboard/approvals/pending')).toBe('system-approvals');
    expect(screen('/customerDashboard/3/approvals/security')).toBe('organization-approvals');
    expect(screen('/editor/customer/3/security-node-approvals')).toBe('organization-approval-mode');
    expect(screen('/systemDashboard/backup/getStarted')).not.toBe('system-backup');
    expect(screen('/systemDashboard/backup/odd')).toBe('devices');
    expect(screen('/customerDashboard/abc/overview')).toBe('devices');
    expect(screen('/devices')).toBe('devices');
    // Every dashboard screen marks the Dashboard area.
    const { screen: overview, params } = screenFor('/systemDashboard/approvals/pending');
    expect(overview.area?.(params, '/systemDashboard/approvals/pending')?.id).toBe('dashboard');
  });

  it("builds each section's route, of every organization or of one, and a device's backup browser", () => {
    expect(dashboardRoute('overview')).toBe('/systemDashboard/overview');
    expect(dashboardRoute('backup')).toBe('/systemDashboard/backup/failed');
    expect(dashboardRoute('backup', 4, 'notConfigured')).toBe('/customerDashboard/4/backup/notConfigured');
    expect(dashboardRoute('approvals')).toBe('/systemDashboard/approvals/pending');
    expect(dashboardRoute('approvals', 4)).toBe('/customerDashboard/4/approvals/pending');
    expect(deviceBackupRoute(12)).toBe('/deviceDashboard/12/backup');
  });

  it('restores the sidebar collapsed only when it was kept collapsed', () => {
    expect(readSidebarCollapsed('1')).toBe(true);
    expect(readSidebarCollapsed('0')).toBe(false);
    expect(readSidebarCollapsed(null)).toBe(false);
    expect(readSidebarCollapsed('true')).toBe(false);
  });

  it('draws the sidebar as it was kept: the toggle named for what it does, aria-expanded, the entries named when collapsed', () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value) });
    const draw = () => renderToStaticMarkup(createElement(DashboardLayout, { section: 'backup', organizationId: null, children: 'screen' }));
    const expanded = draw();
    expect(expanded).toContain('aria-label="Collapse sidebar"');
    expect(expanded).toContain('aria-expanded="true"');
    expect(expanded).toContain('href="#/systemDashboard/approvals/pending"');
    expect(expanded).toMatch(/aria-current="page"[^>]*href="#\/systemDashboard\/backup\/failed"|href="#\/systemDashboard\/backup\/failed"[^>]*aria-current="page"/);
    kept.set('dashboard-sidebar-collapsed', '1');
    const collapsed = draw();
    expect(collapsed).toContain('aria-label="Expand sidebar"');
    expect(collapsed).toContain('aria-expanded="false"');
    expect(collapsed).toContain('aria-label="Approvals"');
  });
});
