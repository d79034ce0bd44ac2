/** The route-to-article map (spec §2.1, §2.2): every pattern family, specificity, and the console's own routes. */
import { describe, expect, it } from 'vitest';
import {
  expandPattern,
  HELP_ROUTE_FAMILIES,
  HELP_ROUTE_TABLE,
  helpRouteOf,
  helpTopics,
  matchHelpRoute,
  matchPattern,
  routePath,
} from '../../src/shared/rules/help/routes';

describe('matchPattern: the pattern syntax of §2.2', () => {
  it('matches literal routes only exactly', () => {
    expect(matchPattern('/getStarted', '/getStarted')).toEqual({ params: {} });
    expect(matchPattern('/getStarted', '/getStarted/more')).toBeNull();
    expect(matchPattern('/administration/tasks', '/administration')).toBeNull();
    expect(matchPattern('/deviceSearch', '/devicesearch')).toBeNull();
  });

  it('binds parameters to exactly one segment, decoded', () => {
    expect(matchPattern('/group/:id', '/group/42')).toEqual({ params: { id: '42' } });
    expect(matchPattern('/group/:id', '/group')).toBeNull();
    expect(matchPattern('/group/:id', '/group/4/2')).toBeNull();
    expect(matchPattern('/quickConnect/:page', '/quickConnect/a%20b')).toEqual({ params: { page: 'a b' } });
    expect(matchPattern('/customerDashboard/:id/location/:location', '/customerDashboard/7/location/HQ')).toEqual({ params: { id: '7', location: 'HQ' } });
  });

  it('lets optional parameters be absent', () => {
    expect(matchPattern('/editor/report/:id?', '/editor/report')).toEqual({ params: {} });
    expect(matchPattern('/editor/report/:id?', '/editor/report/12')).toEqual({ params: { id: '12' } });
    expect(matchPattern('/editor/report/:id?', '/editor/report/12/x')).toBeNull();
    expect(matchPattern('/editor/client-app/:id?', '/editor/client-app')).toEqual({ params: {} });
  });

  it('lets wildcards cover zero or more segments', () => {
    expect(matchPattern('/reporting/*', '/reporting')).toEqual({ params: {}, wildcard: '' });
    expect(matchPattern('/reporting/*', '/reporting/scheduled/3')).toEqual({ params: {}, wildcard: 'scheduled/3' });
    expect(matchPattern('/editor/user/:id/*', '/editor/user/9/general')).toEqual({ params: { id: '9' }, wildcard: 'general' });
    expect(matchPattern('/editor/user/:id/*', '/editor/user')).toBeNull();
    expect(matchPattern('/ticketing/*', '/ticketingx')).toBeNull();
  });

  it('ignores the hash sign, a query string and a trailing slash', () => {
    expect(routePath('#/deviceSearch/?q=1')).toBe('/deviceSearch');
    expect(matchPattern('/deviceSearch', '#/deviceSearch/?q=abc')).toEqual({ params: {} });
    expect(matchPattern('/group/:id', '/group/5?tab=1')).toEqual({ params: { id: '5' } });
  });
});

describe('expandPattern: brace alternatives', () => {
  it('expands each alternative, keeping multi-segment ones, parameters and wildcards', () => {
    expect(expandPattern('/a/{b, c/:page, d/*}').map((e) => e.pattern)).toEqual(['/a/b', '/a/c/:page', '/a/d/*']);
    expect(expandPattern('/a/{b, c/:page}').map((e) => e.alternative)).toEqual(['b', 'c/:page']);
  });

  it('expands nested braces and keeps what follows the braces', () => {
    expect(expandPattern('/x/{a/{b, c}, d}/e').map((e) => e.pattern)).toEqual(['/x/a/b/e', '/x/a/c/e', '/x/d/e']);
  });

  it('refuses unbalanced braces', () => {
    expect(() => expandPattern('/a/{b, c')).toThrow(/Unbalanced/);
  });
});

describe('the route-to-article table', () => {
  it('holds every family of §2.2 and every alternative', () => {
    expect(HELP_ROUTE_FAMILIES.length).toBeGreaterThanOrEqual(30);
    const patterns = new Set(HELP_ROUTE_TABLE.map((e) => e.pattern));
    for (const pattern of [
      '/getStarted',
      '/systemDashboard/activities/remoteTools',
      '/systemDashboard/knowledgeBase',
      '/customerDashboard/:id/documentation/*',
      '/deviceDashboard/:id/backup/:page',
      '/administration/general/branding/:page',
      '/administration/users/endUserRoles',
      '/administration/apps',
      '/administration/apps/notificationChannels',
      '/administration/apps/tenable',
      '/administration/devices/cache',
      '/administration/library/scripting/:page',
      '/administration/customers/list',
      '/administration/policies/mdm',
      '/administration/tasks',
      '/deviceSearch',
      '/group/:id',
      '/remoteSupport',
      '/quickConnect/:page',
      '/reporting/*',
      '/editor/report/:id?',
      '/ticketing/*',
      '/editor/customer/*',
      '/editor/customer/:id/backup/network-storage',
      '/editor/scheduledTask/*',
      '/editor/user/:id/*',
      '/editor/role/:id/*',
      '/editor/endUser/:id/*',
      '/editor/cloudMonitor/:id?',
      '/editor/imageManager/*',
      '/cloudMonitorDashboard/*',
      '/mobileDashboard/*',
      '/vmDashboard/*',
      '/vmGuestDashboard/*',
      '/nmsDashboard/*',
    ]) {
      expect(patterns.has(pattern), pattern).toBe(true);
    }
    // 13 + 14 + 10 system/customer/device dashboard alternatives, 16 integrations.
    expect(HELP_ROUTE_TABLE.filter((e) => e.pattern.startsWith('/systemDashboard/'))).toHaveLength(13);
    expect(HELP_ROUTE_TABLE.filter((e) => e.pattern.startsWith('/customerDashboard/'))).toHaveLength(14);
    expect(HELP_ROUTE_TABLE.filter((e) => e.pattern.startsWith('/deviceDashboard/'))).toHaveLength(10);
    expect(HELP_ROUTE_TABLE.filter((e) => e.family.includes('teamviewer'))).toHaveLength(16);
  });

  it('gives shared subjects one topic wherever they appear', () => {
    const topic = (route: string) => matchHelpRoute(route)?.topic;
    expect(topic('/systemDashboard/backup/overview')).toBe('backup');
    expect(topic('/customerDashboard/3/backup/plans')).toBe('backup');
    expect(topic('/deviceDashboard/5/backup/browse')).toBe('backup');
    expect(topic('/administration/apps/backup')).toBe('backup');
    expect(topic('/deviceDashboard/5/osPatches/pending')).toBe('patching');
    expect(topic('/administration/apps/ninjaPatching')).toBe('patching');
    expect(topic('/systemDashboard/overview')).toBe('system-dashboard-overview');
    expect(topic('/deviceDashboard/5/overview')).toBe('device-dashboard-overview');
    expect(topic('/administration/apps/rapid7')).toBe('integrations-rapid7');
    expect(topic('/systemDashboard/activities/remoteControl')).toBe('remote-control');
  });

  it('has topics with their patterns for the article corpus', () => {
    const topics = helpTopics();
    expect(topics.get('backup')).toEqual(
      expect.arrayContaining(['/systemDashboard/backup/:page', '/customerDashboard/:id/backup/:page', '/deviceDashboard/:id/backup/:page', '/administration/apps/backup']),
    );
  });
});

describe('matchHelpRoute: the most specific pattern wins', () => {
  it('prefers literals over parameters and parameters over wildcards', () => {
    expect(matchHelpRoute('/editor/customer/3/backup/network-storage')?.pattern).toBe('/editor/customer/:id/backup/network-storage');
    expect(matchHelpRoute('/editor/customer/3/backup/local/x')?.pattern).toBe('/editor/customer/:id/backup/*');
    expect(matchHelpRoute('/editor/customer/3/general')?.pattern).toBe('/editor/customer/*');
    expect(matchHelpRoute('/systemDashboard/activities/remoteControl')?.pattern).toBe('/systemDashboard/activities/remoteControl');
    expect(matchHelpRoute('/systemDashboard/activities/all')?.pattern).toBe('/systemDashboard/activities/:page');
    expect(matchHelpRoute('/administration/apps')?.pattern).toBe('/administration/apps');
  });

  it('answers the params and wildcard of the match', () => {
    const match = matchHelpRoute('/deviceDashboard/17/backup/browse');
    expect(match).toMatchObject({ pattern: '/deviceDashboard/:id/backup/:page', params: { id: '17', page: 'browse' }, family: expect.stringContaining('/deviceDashboard/:id/{') });
    expect(matchHelpRoute('/customerDashboard/2/documentation/apps/9')).toMatchObject({ wildcard: 'apps/9', params: { id: '2' } });
  });

  it('answers null for routes outside the table', () => {
    expect(matchHelpRoute('/nowhere')).toBeNull();
    expect(matchHelpRoute('/deviceDashboard/5/backup')).toBeNull();
    expect(matchHelpRoute('/systemDashboard/backup')).toBeNull();
    expect(matchHelpRoute('/')).toBeNull();
  });
});

describe("helpRouteOf: the console's screens in the RMM route scheme", () => {
  it('maps the device list to the device search', () => {
    expect(helpRouteOf('/devices')).toBe('/deviceSearch');
    expect(helpRouteOf('')).toBe('/deviceSearch');
    expect(matchHelpRoute(helpRouteOf('/devices'))?.topic).toBe('device-search');
  });

  it('maps a device backup browser to page browse of /deviceDashboard/:id/backup/:page', () => {
    expect(helpRouteOf('/deviceDashboard/5/backup')).toBe('/deviceDashboard/5/backup/browse');
    expect(matchHelpRoute(helpRouteOf('/deviceDashboard/5/backup'))).toMatchObject({ pattern: '/deviceDashboard/:id/backup/:page', topic: 'backup' });
  });

  it('maps the downloads panel to the backup page downloads', () => {
    expect(helpRouteOf('/deviceDashboard/5/backup', { downloadsOpen: true })).toBe('/deviceDashboard/5/backup/downloads');
    expect(helpRouteOf('/devices', { downloadsOpen: true })).toBe('/systemDashboard/backup/downloads');
  });

  it('keeps routes already in the RMM scheme, such as the get-started pages', () => {
    expect(helpRouteOf('/deviceDashboard/5/backup/getStarted')).toBe('/deviceDashboard/5/backup/getStarted');
    expect(matchHelpRoute(helpRouteOf('/systemDashboard/backup/getStarted'))?.topic).toBe('backup');
    expect(helpRouteOf('/administration/tasks?x=1')).toBe('/administration/tasks');
  });
});
