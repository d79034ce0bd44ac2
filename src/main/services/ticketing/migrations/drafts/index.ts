/** The reply drafts' migrations, one file per version (DESIGN.md "Data rules"). */
import { draftsMigration001 } from './001-reply-drafts';

export const DRAFT_MIGRATIONS = [draftsMigration001] as const;
