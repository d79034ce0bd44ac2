/**
 * External links open in the system browser only when they are https and their
 * host is on this allow-list (Electron security checklist: openExternal only
 * with trusted content).
 */
const EXTERNAL_LINK_HOSTS: readonly string[] = [
  'www.ninjaone.com',
  'ninjaone.com',
  'ninjarmm.zendesk.com',
  'resources.ninjarmm.com',
  'app.ninjarmm.com',
  'academy.ninjaone.com',
];

/** Where 'More Information' about large restores leads (spec/backup-restore.md §1). */
export const LARGE_RESTORE_INFO_URL = 'https://www.ninjaone.com/docs/backup/restore-large-data-sets/';

/**
 * A branded installation's own help links (spec §3 "Help
 * branding": topics with an action): the exact https hosts (with their port)
 * of the topics of the last branding answer the main process read itself.
 * Nothing else is added: not their subdomains, not http, not a host the
 * renderer names. Empty until a branded answer arrives and after a sign-out.
 */
let brandedHosts: ReadonlySet<string> = new Set();

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The hosts of a branding answer's topic actions that may be opened: https, no credentials. */
export function brandedLinkHosts(topics: ReadonlyArray<{ action: string }>): string[] {
  const hosts = new Set<string>();
  for (const topic of topics) {
    const url = parse(topic.action.trim());
    if (url && url.protocol === 'https:' && !url.username && !url.password && url.hostname) hosts.add(url.host.toLowerCase());
  }
  return [...hosts];
}

/** Main process: the branding answer just read (branded or not); a sign-out passes no topics. */
export function setBrandedLinkHosts(hosts: readonly string[]): void {
  brandedHosts = new Set(hosts.map((host) => host.toLowerCase()));
}

export function isAllowedExternalUrl(raw: string): boolean {
  const url = parse(raw);
  if (!url) return false;
  if (url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (brandedHosts.has(url.host.toLowerCase())) return true;
  const host = url.hostname.toLowerCase();
  return EXTERNAL_LINK_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
