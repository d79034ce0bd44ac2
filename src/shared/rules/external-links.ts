/**
 * External links open in the system browser only when they are https and their
 * host is on this allow-list (Electron security checklist: openExternal only
 * with trusted content).
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = [
  'www.ninjaone.com',
  'ninjaone.com',
  'ninjarmm.zendesk.com',
  'resources.ninjarmm.com',
  'app.ninjarmm.com',
  'academy.ninjaone.com',
];

/** Where 'More Information' about large restores leads (spec/backup-restore.md §1). */
export const LARGE_RESTORE_INFO_URL = 'https://www.ninjaone.com/docs/backup/restore-large-data-sets/';

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return EXTERNAL_LINK_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
