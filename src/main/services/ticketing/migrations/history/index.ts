/** The ticketing history's migrations, one file per version (DESIGN.md "Data rules"). */
import { historyMigration001 } from './001-history';

export const HISTORY_MIGRATIONS = [historyMigration001] as const;
