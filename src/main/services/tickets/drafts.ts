/**
 * The ticket workspace's reply drafts and tabs (spec
 * ticketing-automations-psa.md §3.5 ticket editor data and tabs, §9.4):
 * this computer's, kept per signed-in identity; they work offline.
 * A draft naming a file this identity was never given is refused before it
 * is saved (./files.ts checkDraftFiles); a draft thrown away takes
 * its files on the instance with it (dropDraftFiles).
 */
import type { StoredReplyDraft, WorkspaceTab, WorkspaceTabs } from '../../../shared/model/tickets';
import type { ReplyDraft } from '../../../shared/rules/tickets/reply';
import type { ReplyDraftStore } from './draft-store';
import type { WorkspaceCache } from './cache';
import type { WorkspaceFiles } from './files';

interface WorkspaceDraftsOptions {
  drafts: ReplyDraftStore;
  /** Where the tabs are kept, with the offline cache. */
  cache: WorkspaceCache;
  files: WorkspaceFiles;
  /** Who is signed in (NOT_SIGNED_IN when no one). */
  scope: () => string;
}

export class WorkspaceDrafts {
  constructor(private readonly options: WorkspaceDraftsOptions) {}

  draft(key: string): StoredReplyDraft | null {
    return this.options.drafts.load(this.options.scope(), key);
  }

  /** Saved as typed; INVALID_INPUT (the draft saved before kept) when it names a file this identity was never given. */
  saveDraft(key: string, draft: ReplyDraft): { updatedAt: number } {
    const scope = this.options.scope();
    this.options.files.checkDraftFiles(scope, key, draft);
    return { updatedAt: this.options.drafts.save(scope, key, draft) };
  }

  drafts(): Array<{ key: string; updatedAt: number }> {
    return this.options.drafts.list(this.options.scope());
  }

  /** Thrown away by the technician: the draft, and its files on the instance (./files.ts dropDraftFiles). */
  discardDraft(key: string): { discarded: boolean } {
    const scope = this.options.scope();
    let files: string[] = [];
    try {
      files = this.options.drafts.filesOf(scope, key);
    } catch {
      // An unreadable draft is still thrown away; its files wait on the instance until it forgets them.
    }
    const discarded = this.options.drafts.remove(scope, key);
    if (discarded) this.options.files.dropDraftFiles(scope, files);
    return { discarded };
  }

  tabs(): WorkspaceTabs {
    return this.options.cache.tabs(this.options.scope());
  }

  openTab(tab: WorkspaceTab): WorkspaceTabs {
    return this.options.cache.openTab(this.options.scope(), tab);
  }

  setFavorite(tab: WorkspaceTab, favorite: boolean): WorkspaceTabs {
    return this.options.cache.setFavorite(this.options.scope(), tab, favorite);
  }
}
