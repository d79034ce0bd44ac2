/** The reply drafts' migrations, one file per version (DESIGN.md "Data rules"). */
import { draftsMigration001 } from './001-reply-drafts';
import { draftsMigration002 } from './002-issued-files';

export const DRAFT_MIGRATIONS = [draftsMigration001, draftsMigration002] as const;
