/**
 * Which boot of the machine this is, so that bytes a crashed process wrote
 * can be told apart from bytes a power loss may have lost: until the machine
 * restarts, everything `write()` accepted is in the operating system's cache
 * and on its way to disk, whatever happened to the process; after a restart
 * only what was flushed (fdatasync returned) is certain.
 *
 * - Linux: the kernel's boot id (`/proc/sys/kernel/random/boot_id`), new on
 *   every boot.
 * - macOS and Windows: the moment the machine started (the clock minus its
 *   uptime, which counts sleep and hibernation too: neither loses the cache),
 *   compared with a few seconds' tolerance.
 * Anything unknown or unreadable is never the same boot: the careful answer.
 */
import { readFileSync } from 'node:fs';
import { uptime } from 'node:os';

const STARTED_PREFIX = 'started:';
/** Two readings of the start time this close are the same boot (the uptime is read in whole seconds on macOS). */
const START_TOLERANCE_MS = 5_000;

/** This boot's identity, as recorded beside a download's offsets. */
export function currentBootId(platform: NodeJS.Platform = process.platform, now = Date.now()): string {
  if (platform === 'linux') {
    try {
      const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      if (/^[0-9a-f-]{16,64}$/i.test(id)) return `linux:${id}`;
    } catch {
      // No procfs (a sandbox): the start time below.
    }
  }
  return `${STARTED_PREFIX}${Math.round(now - uptime() * 1000)}`;
}

/** Whether two recorded boot identities are the same boot of the machine (null: unknown, never the same). */
export function sameBoot(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  if (a.startsWith(STARTED_PREFIX) && b.startsWith(STARTED_PREFIX)) {
    const startA = Number(a.slice(STARTED_PREFIX.length));
    const startB = Number(b.slice(STARTED_PREFIX.length));
    return Number.isFinite(startA) && Number.isFinite(startB) && Math.abs(startA - startB) <= START_TOLERANCE_MS;
  }
  return a === b;
}
