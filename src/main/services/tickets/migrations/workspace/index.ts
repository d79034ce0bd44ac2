/** The ticket workspace file's migrations, one file per version (DESIGN.md "Data rules"). */
import { workspaceMigration001 } from './001-workspace';

export const WORKSPACE_MIGRATIONS = [workspaceMigration001] as const;
