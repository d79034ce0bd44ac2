/**
 * The route-to-article map (spec/help-shared-blocks-editor.md §2.1, §2.2):
 * the RMM's page hash routes, in the spec's pattern syntax, mapped to help
 * topics. Suggested articles are the articles of the topic of the most
 * specific pattern the current route matches.
 *
 * Pattern syntax (every family of §2.2):
 * - literal segments: `/administration/tasks`
 * - parameters: `/group/:id` (exactly one segment)
 * - optional parameters: `/editor/report/:id?` (zero or one segment)
 * - wildcards: `/reporting/*` (zero or more segments)
 * - brace alternatives: `/deviceDashboard/:id/{overview, backup/:page}`; an
 *   alternative may hold several segments, parameters and wildcards.
 *
 * Pure: no DOM, no Node.
 */

interface HelpRouteFamily {
  /** A pattern as written in §2.2 (braces allowed). */
  pattern: string;
  /** One topic for every alternative; otherwise each alternative gets its own (see `topicOf`). */
  topic?: string;
  /** Prefix of the topics derived from alternatives that have no shared topic. */
  area?: string;
}

/** §2.2, family by family. */
export const HELP_ROUTE_FAMILIES: readonly HelpRouteFamily[] = [
  { pattern: '/getStarted', topic: 'getting-started' },
  {
    pattern:
      '/systemDashboard/{overview, maintenance, pendingScripts, alerts, threats/:page, approvals/:page, software/:page, osPatches/:page, backup/:page, activities/:page, activities/remoteControl, activities/remoteTools, knowledgeBase}',
    area: 'system-dashboard',
  },
  {
    pattern:
      '/customerDashboard/:id/{overview, location/:location, maintenance, pendingScripts, alerts, threats/:page, approvals/:page, software/:page, osPatches/:page, backup/:page, activities/:page, documentation/*, customFields, ticketing}',
    area: 'customer-dashboard',
  },
  {
    pattern: '/deviceDashboard/:id/{overview, details, settings, software/:page, osPatches/:page, tools/:page, backup/:page, activities/:page, customFields, ticketing}',
    area: 'device-dashboard',
  },
  { pattern: '/administration/general/{settings, branding/:page, activities}', area: 'general' },
  { pattern: '/administration/users/{technicians, technicianRoles, singleSignOn, securitySettings, endUsers, endUserRoles, contacts}', area: 'users' },
  { pattern: '/administration/apps', topic: 'apps' },
  { pattern: '/administration/apps/{api, ticketing, backup, documentation, remoteSupport, mdm, ninjaRemote, ninjaPatching, notificationChannels}', area: 'apps' },
  {
    pattern:
      '/administration/apps/{teamviewer, serviceNow, connectWiseManage, connectWiseControl, webroot, cloudberry, gravityZone, sentinelOne, crowdstrike, crowdstrikeSpotlight, autotask, winget, vulnerabilityManagement, rapid7, qualys, tenable}',
    area: 'integrations',
  },
  { pattern: '/administration/devices/{groups, roles, roleCustomFields, globalCustomFields, healthStatus, cache}', area: 'devices' },
  { pattern: '/administration/library/{downloads, snmpLibrary, scripting/:page}', area: 'library' },
  { pattern: '/administration/customers/list', topic: 'customers' },
  { pattern: '/administration/policies/{agent, nms, virtualization, mdm}', area: 'policies' },
  { pattern: '/administration/tasks', topic: 'scheduled-tasks' },
  { pattern: '/deviceSearch', topic: 'device-search' },
  { pattern: '/group/:id', topic: 'groups' },
  { pattern: '/remoteSupport', topic: 'remote-support' },
  { pattern: '/quickConnect/:page', topic: 'quick-connect' },
  { pattern: '/reporting/*', topic: 'reporting' },
  { pattern: '/editor/report/:id?', topic: 'reporting' },
  { pattern: '/ticketing/*', topic: 'ticketing' },
  // Editors.
  { pattern: '/editor/customer/*', topic: 'customer-editor' },
  { pattern: '/editor/customer/:id/{backup/*, credentials, backup/network-storage, patching, security-node-approvals, virtualization}', area: 'customer-editor' },
  { pattern: '/editor/{policy/*, vmpolicy/*, androidpolicy/*, iospolicy/*, scheduledTask/*}', area: 'editor' },
  { pattern: '/editor/user/:id/*', topic: 'technician-editor' },
  // roleType technician or endUser: both edit a role.
  { pattern: '/editor/role/:id/*', topic: 'role-editor' },
  { pattern: '/editor/endUser/:id/*', topic: 'end-user-editor' },
  {
    pattern: '/editor/{websiteBranding, systray/:id, client-app/:id?, cloudMonitor/:id?, script/:id, templateScript/:id, shadowProtect/*, imageManager/*}',
    area: 'editor',
  },
  // Dashboards.
  { pattern: '/cloudMonitorDashboard/*', topic: 'cloud-monitoring' },
  { pattern: '/mobileDashboard/*', topic: 'mdm' },
  { pattern: '/vmDashboard/*', topic: 'virtualization' },
  { pattern: '/vmGuestDashboard/*', topic: 'virtualization' },
  { pattern: '/nmsDashboard/*', topic: 'networking' },
];

/**
 * Alternatives whose subject is the same wherever it appears (system,
 * customer or device dashboard, administration, editors) share a topic.
 */
const SHARED_TOPICS: Readonly<Record<string, string>> = {
  backup: 'backup',
  osPatches: 'patching',
  ninjaPatching: 'patching',
  patching: 'patching',
  software: 'software',
  threats: 'threats',
  approvals: 'approvals',
  alerts: 'alerts',
  maintenance: 'maintenance',
  pendingScripts: 'scripting',
  scripting: 'scripting',
  script: 'scripting',
  templateScript: 'scripting',
  activities: 'activities',
  customFields: 'custom-fields',
  roleCustomFields: 'custom-fields',
  globalCustomFields: 'custom-fields',
  ticketing: 'ticketing',
  documentation: 'documentation',
  mdm: 'mdm',
  androidpolicy: 'mdm',
  iospolicy: 'mdm',
  remoteSupport: 'remote-support',
  virtualization: 'virtualization',
  vmpolicy: 'virtualization',
  policy: 'policies',
  scheduledTask: 'scheduled-tasks',
  knowledgeBase: 'documentation',
  credentials: 'credentials',
  branding: 'branding',
  websiteBranding: 'branding',
  api: 'api',
  groups: 'groups',
  downloads: 'installers',
};

/** Multi-segment alternatives with a topic of their own. */
const ALTERNATIVE_TOPICS: Readonly<Record<string, string>> = {
  'activities/remoteControl': 'remote-control',
  'activities/remoteTools': 'remote-tools',
  'backup/network-storage': 'network-storage',
};

export function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** The topic of one alternative of a family. */
function topicOf(family: HelpRouteFamily, alternative: string | null): string {
  if (family.topic) return family.topic;
  if (alternative === null) return family.area ?? kebabCase(family.pattern);
  const own = ALTERNATIVE_TOPICS[alternative];
  if (own) return own;
  const first = alternative.split('/')[0]!;
  return SHARED_TOPICS[first] ?? `${family.area ? `${family.area}-` : ''}${kebabCase(first)}`;
}

/** Splits `a, b/{c, d}, e` at the commas that are not inside nested braces. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

interface ExpandedPattern {
  /** Without braces, e.g. `/deviceDashboard/:id/backup/:page`. */
  pattern: string;
  /** The first brace alternative it came from (null for patterns without braces). */
  alternative: string | null;
}

/** Expands brace alternatives: `/a/{b, c/:id}` → `/a/b`, `/a/c/:id`. Nested braces are expanded too. */
export function expandPattern(pattern: string): ExpandedPattern[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [{ pattern, alternative: null }];
  let depth = 0;
  let close = -1;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) throw new Error(`Unbalanced braces in route pattern ${pattern}`);
  const head = pattern.slice(0, open);
  const tail = pattern.slice(close + 1);
  return splitTopLevel(pattern.slice(open + 1, close)).flatMap((alternative) =>
    // The outermost alternative names the topic.
    expandPattern(`${head}${alternative}${tail}`).map((expanded) => ({ pattern: expanded.pattern, alternative })),
  );
}

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string; optional: boolean } | { kind: 'wildcard' };

function compile(pattern: string): Segment[] {
  return segmentsOf(pattern).map((part): Segment => {
    if (part === '*') return { kind: 'wildcard' };
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      return { kind: 'param', name: part.slice(1, optional ? -1 : undefined), optional };
    }
    return { kind: 'literal', value: part };
  });
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** The path of a hash route: no leading '#', no query, no trailing slash. */
export function routePath(route: string): string {
  const withoutHash = route.replace(/^#/, '');
  const path = withoutHash.split(/[?#]/)[0] ?? '';
  return `/${segmentsOf(path).join('/')}`;
}

interface PatternMatch {
  params: Record<string, string>;
  /** What the wildcard covered ('' when nothing). */
  wildcard?: string;
}

/** Matches a route against one pattern (braces already expanded). */
export function matchPattern(pattern: string, route: string): PatternMatch | null {
  const segments = compile(pattern);
  const parts = segmentsOf(routePath(route));
  const params: Record<string, string> = {};
  let wildcard: string | undefined;

  const walk = (si: number, pi: number): boolean => {
    if (si === segments.length) return pi === parts.length;
    const segment = segments[si]!;
    switch (segment.kind) {
      case 'literal':
        return pi < parts.length && parts[pi] === segment.value && walk(si + 1, pi + 1);
      case 'param':
        if (pi < parts.length) {
          params[segment.name] = safeDecode(parts[pi]!);
          if (walk(si + 1, pi + 1)) return true;
          delete params[segment.name];
        }
        return segment.optional && walk(si + 1, pi);
      case 'wildcard':
        // Greedy: as many segments as possible, then fewer.
        for (let end = parts.length; end >= pi; end--) {
          if (walk(si + 1, end)) {
            wildcard = parts.slice(pi, end).join('/');
            return true;
          }
        }
        return false;
    }
  };
  if (!walk(0, 0)) return null;
  return wildcard === undefined ? { params } : { params, wildcard };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface HelpRouteEntry {
  /** The expanded pattern. */
  pattern: string;
  /** The §2.2 pattern it was expanded from. */
  family: string;
  topic: string;
  /** How specific it is: literal segments count most, then parameters; wildcards least. */
  specificity: number;
}

function specificityOf(pattern: string): number {
  return compile(pattern).reduce((score, segment) => {
    if (segment.kind === 'literal') return score + 100;
    if (segment.kind === 'param') return score + (segment.optional ? 5 : 10);
    return score;
  }, 0);
}

/** Every pattern of §2.2 with its topic. */
export const HELP_ROUTE_TABLE: readonly HelpRouteEntry[] = HELP_ROUTE_FAMILIES.flatMap((family) =>
  expandPattern(family.pattern).map(({ pattern, alternative }) => ({
    pattern,
    family: family.pattern,
    topic: topicOf(family, alternative),
    specificity: specificityOf(pattern),
  })),
);

/** Every topic, each with the patterns that lead to it. */
export function helpTopics(): Map<string, string[]> {
  const topics = new Map<string, string[]>();
  for (const entry of HELP_ROUTE_TABLE) {
    const patterns = topics.get(entry.topic) ?? [];
    patterns.push(entry.pattern);
    topics.set(entry.topic, patterns);
  }
  return topics;
}

interface HelpRouteMatch extends HelpRouteEntry, PatternMatch {}

/** The most specific table entry the route matches, or null. */
export function matchHelpRoute(route: string, table: readonly HelpRouteEntry[] = HELP_ROUTE_TABLE): HelpRouteMatch | null {
  let best: HelpRouteMatch | null = null;
  for (const entry of table) {
    if (best && entry.specificity <= best.specificity) continue;
    const match = matchPattern(entry.pattern, route);
    if (match) best = { ...entry, ...match };
  }
  return best;
}

/**
 * The console's own screens in the RMM route scheme, so that suggested
 * articles follow the technician:
 * - the device list (`/devices`) is the device search (`/deviceSearch`);
 * - a device's backup browser (`/deviceDashboard/:id/backup`) is the page
 *   `browse` of `/deviceDashboard/:id/backup/:page`;
 * - with the downloads panel open, the backup page `downloads` (of the device
 *   on screen, otherwise of the system dashboard);
 * - every other route is already in the RMM scheme and is kept as it is.
 */
export function helpRouteOf(route: string, overlays: { downloadsOpen?: boolean } = {}): string {
  const path = routePath(route);
  const device = matchPattern('/deviceDashboard/:id/backup', path);
  if (overlays.downloadsOpen) {
    const onDevice = device ?? matchPattern('/deviceDashboard/:id/backup/:page', path);
    return onDevice ? `/deviceDashboard/${encodeURIComponent(onDevice.params.id!)}/backup/downloads` : '/systemDashboard/backup/downloads';
  }
  if (path === '/' || path === '/devices') return '/deviceSearch';
  if (device) return `/deviceDashboard/${encodeURIComponent(device.params.id!)}/backup/browse`;
  return path;
}
