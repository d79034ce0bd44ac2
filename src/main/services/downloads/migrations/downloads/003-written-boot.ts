import type { Migration } from '../../../platform/db/migrations';

/**
 * `written_boot`: the boot of the machine (platform/boot.ts) on which the
 * download's `.part` was last written. On that same boot, bytes past
 * `flushed_bytes` are still in the operating system's cache after the
 * console crashed or was killed, so a restart resumes from the `.part`'s end;
 * on another boot only `flushed_bytes` is certain. NULL (downloads from
 * before): another boot.
 */
export const downloadsMigration003: Migration = {
  version: 3,
  name: 'boot the part was written on',
  up(db) {
    db.exec(`ALTER TABLE downloads ADD COLUMN written_boot TEXT;`);
  },
};
