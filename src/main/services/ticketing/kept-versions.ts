/**
 * Every edit of a trigger or ruleset saved from the console keeps the version
 * it replaced, per signed-in identity (./history-store.ts), so that it can be
 * compared and restored (./history-restore.ts builds the restoring save).
 */
import { AppError } from '../../../shared/errors';
import type { HistoryKind, HistoryVersion, TicketRuleset, Trigger } from '../../../shared/model/ticketing';
import type { SessionService } from '../session';
import { restorePayload, type RestorePayload } from './history-restore';
import type { TicketingHistoryStore } from './history-store';

export const VERSION_GONE_MESSAGE = 'This version is no longer kept.';

export class KeptVersions {
  constructor(
    private readonly session: SessionService,
    private readonly store: TicketingHistoryStore,
    /** The trigger or ruleset as the instance holds it now: the version a save replaces. */
    private readonly current: (kind: HistoryKind, id: number) => Promise<Trigger | TicketRuleset>,
  ) {}

  /**
   * An edit (an id) first reads the version it replaces; once the save
   * succeeded that version is kept. A version that could not be read is not
   * kept (the save goes ahead); a failed save keeps nothing; a create has
   * nothing to keep.
   */
  async keeping<T extends Trigger | TicketRuleset>(kind: HistoryKind, id: number | undefined, save: () => Promise<T>): Promise<T> {
    if (id === undefined) return save();
    // Taken now: a sign-out or another sign-in during the save must not file the version under someone else.
    const scope = this.session.identityScope();
    const previous = await this.current(kind, id).catch((error: unknown) => {
      console.warn(`Ticketing history: the ${kind} ${id} could not be read before its save; its previous version is not kept (${error instanceof Error ? error.message : 'error'}).`);
      return undefined;
    });
    const saved = await save();
    if (scope && previous) {
      try {
        this.store.add(scope, kind, id, previous);
      } catch (error) {
        // The history is a convenience (the server has the settings): a full disk must not turn a done save into a failure.
        console.warn(`Ticketing history: the previous version of ${kind} ${id} could not be kept (${error instanceof Error ? error.message : 'error'}).`);
      }
    }
    return saved;
  }

  /** The kept versions of a trigger or ruleset, newest first; only the signed-in identity's own. */
  list(kind: HistoryKind, id: number): HistoryVersion[] {
    return this.store.list(this.scope(), kind, id);
  }

  /**
   * The save that makes a kept version the current one. NOT_FOUND when the
   * version is no longer kept; INVALID_INPUT when it cannot be saved as it is
   * (a type this console does not know, values the save refuses).
   */
  restoring(kind: HistoryKind, id: number, versionId: number): RestorePayload {
    const version = this.store.get(this.scope(), kind, id, versionId);
    if (!version) throw new AppError('NOT_FOUND', VERSION_GONE_MESSAGE);
    return restorePayload(kind, version.data, id);
  }

  private scope(): string {
    const scope = this.session.identityScope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return scope;
  }
}
