/** The download list's migrations, one file per version (DESIGN.md "Data rules"). */
import { downloadsMigration001 } from './001-downloads';
import { downloadsMigration002 } from './002-flushed-offset';
import { downloadsMigration003 } from './003-written-boot';
import { downloadsMigration004 } from './004-receipts';

export const DOWNLOAD_MIGRATIONS = [downloadsMigration001, downloadsMigration002, downloadsMigration003, downloadsMigration004] as const;
