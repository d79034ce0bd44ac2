/** The listing cache's migrations, one file per version (run by src/main/services/platform/db/migrations.ts). */
import type { Migration } from '../../../../platform/db/migrations';
import { migration001 } from './001-listing-cache';
import { migration002 } from './002-name-trigram-index';
import { migration003 } from './003-candidate-check-index';
import { migration004 } from './004-name-index-bulk-removal';

export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
