/**
 * Ticketing administration on the RMM API (spec/ticketing-automations-psa.md
 * §7.1, §7.2, §8.1): ticket rulesets through GraphQL (ticketRulesetById, the
 * create-or-update mutation), the configuration, and automations, response
 * templates and boards on §7.1's trigger paths. The rest is composed here so
 * that the channels (../../ipc/handlers/ticketing.ts) see one service:
 * - what the editors pick from, and §5.1's deleted references: ./ticketing-lookups.ts
 * - storing and deleting a trigger: ./trigger-save.ts
 * - new files of its email and comment bodies: ./trigger-uploads.ts
 * - the attachments of loaded triggers (§4.1; preview, open): ./trigger-attachments.ts
 * - the tickets a board shows, every ticket, one ticket: ./ticket-reads.ts
 * - the versions edits replaced, kept per identity to compare and restore: ./kept-versions.ts
 * - the paths and what every call shares: ./ticketing-api.ts
 * Answers are read tolerantly: a ruleset, trigger or ticket the console cannot
 * read is skipped and counted.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { AttachmentInfo, AttachmentPreview } from '../../../shared/model/platform/attachments';
import type { BoardSort, HistoryKind, HistoryVersion, LookupPage, NotificationChannel, Ticket, TicketAttribute, TicketingLists, TicketRuleset, Trigger, TriggerType } from '../../../shared/model/ticketing';
import { readConfiguration, type ConfigurationPatch, type TicketingConfiguration } from '../../../shared/rules/ticketing/configuration';
import type { DeletedReferences, TriggerReferences } from '../../../shared/rules/ticketing/references';
import { RULESET_MESSAGES, type RulesetPayload } from '../../../shared/rules/ticketing/ruleset';
import { TRIGGER_MESSAGES, type TriggerPayload } from '../../../shared/rules/ticketing/trigger';
import { keptOr } from '../platform/api/refusals';
import { tolerantArray, type TolerantPage } from '../platform/api/tolerant';
import type { SessionService } from '../session';
import type { StagePiece } from '../platform/staged-uploads';
import type { TicketingHistoryStore } from './history-store';
import type { IssuedFiles } from '../platform/issued-files';
import { KeptVersions } from './kept-versions';
import { RULESET_FIELDS, rulesetSchema } from './ruleset-schemas';
import { readBoardTickets, readTicket, readTickets } from './ticket-reads';
import { graphql, TICKETING_API_PATHS } from './ticketing-api';
import { TicketingLookups } from './ticketing-lookups';
import type { AttachmentOpening, OpenedAttachment } from './trigger-attachment-open';
import { TriggerAttachments } from './trigger-attachments';
import { deleteTrigger, putOrPostTrigger } from './trigger-save';
import { triggerSchema } from './trigger-schemas';
import { TriggerUploads } from './trigger-uploads';

// What callers and tests name from here, wherever it lives now.
export { TICKETING_API_PATHS } from './ticketing-api';
export { LOOKUP_PAGE_SIZE } from './ticketing-lookups';
export { BOARD_GONE_MESSAGE, BOARD_TICKETS_REFUSED_MESSAGE, NOT_A_BOARD_MESSAGE, TICKET_GONE_MESSAGE } from './ticket-reads';
export { SAVED_UNREADABLE_MESSAGE, SYSTEM_BOARD_DELETE_MESSAGE, TRIGGER_DELETE_FAILED_MESSAGE, TRIGGER_GONE_MESSAGE } from './trigger-save';
export { TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE } from './trigger-attachments';
export { uploadAnswer } from './trigger-uploads';
export { VERSION_GONE_MESSAGE } from './kept-versions';

const RULESET_GONE_MESSAGE = 'This ticket ruleset no longer exists.';

export class TicketingService {
  private readonly lookups: TicketingLookups;
  /** Files added to email and comment bodies, uploaded and waiting for a save (their tempIds stay there). */
  private readonly uploads: TriggerUploads;
  /** The attachments of the triggers read: their statuses, signed URLs and previews. */
  private readonly attachments: TriggerAttachments;
  private readonly versions: KeptVersions;

  constructor(
    private readonly session: SessionService,
    historyStore: TicketingHistoryStore,
    now?: () => number,
    log?: (what: string, error: unknown) => void,
    /** Where an opened attachment is saved and how it is opened; without it, attachments cannot be opened. */
    opening?: AttachmentOpening,
    /** The record of files issued per identity (kept with the reply drafts): loaded triggers' attachments go on it. */
    issued?: IssuedFiles,
  ) {
    this.lookups = new TicketingLookups(session);
    this.uploads = new TriggerUploads(session, log);
    this.attachments = new TriggerAttachments({ session, trigger: (id) => this.trigger(id), now, opening, issued });
    this.versions = new KeptVersions(session, historyStore, (kind, id) => (kind === 'trigger' ? this.trigger(id) : this.ruleset(id)));
  }

  /** Forgets per-session state (signed URLs, attachment statuses, files waiting for a save) when the session changes. */
  reset(): void {
    this.attachments.reset();
    this.uploads.reset();
  }

  // ---------------------------------------------------------------------------
  // Rulesets and the configuration
  // ---------------------------------------------------------------------------

  async rulesets(type?: string): Promise<{ items: TicketRuleset[]; skipped: number }> {
    const searchParams = type ? new URLSearchParams({ type }) : undefined;
    return this.session.api().getJson(TICKETING_API_PATHS.rulesets, tolerantArray(rulesetSchema), searchParams ? { searchParams } : {});
  }

  async ruleset(id: number): Promise<TicketRuleset> {
    const found = await graphql(this.session, `query ($id: Int!) { ticketRulesetById(id: $id) { ${RULESET_FIELDS} } }`, { id }, 'ticketRulesetById', rulesetSchema.nullable(), 'The ticket ruleset could not be loaded.');
    if (!found) throw new AppError('NOT_FOUND', RULESET_GONE_MESSAGE);
    return found;
  }

  /** §8.2: 'Error updating ticket ruleset' for an edit, 'Error saving ticket ruleset' for a new one. */
  async saveRuleset(payload: RulesetPayload): Promise<TicketRuleset> {
    const failure = payload.id !== undefined ? RULESET_MESSAGES.updateFailed : RULESET_MESSAGES.saveFailed;
    return this.versions.keeping('ruleset', payload.id, () =>
      graphql(this.session, `mutation ($ruleset: TicketRulesetInput!) { createOrUpdateTicketRuleset(ruleset: $ruleset) { ${RULESET_FIELDS} } }`, { ruleset: payload }, 'createOrUpdateTicketRuleset', rulesetSchema, failure),
    );
  }

  async deleteRuleset(id: number): Promise<{ deleted: true }> {
    await this.session.api().requestWithStatus('DELETE', TICKETING_API_PATHS.ruleset(id)).then(({ status }) => {
      if (status === 404) throw new AppError('NOT_FOUND', RULESET_GONE_MESSAGE);
      if (status >= 400) throw new AppError('SERVER_ERROR', 'The ticket ruleset could not be deleted.');
    });
    return { deleted: true };
  }

  /** The configuration, read tolerantly over §3's default state (a part the instance leaves out keeps its default). */
  async configuration(): Promise<TicketingConfiguration> {
    return readConfiguration(await this.session.api().getJson(TICKETING_API_PATHS.configuration, z.record(z.string(), z.unknown())));
  }

  /** TICKETING_SET_CONFIGURATIONS: the changed parts only; the instance answers the merged configuration. */
  async saveConfiguration(patch: ConfigurationPatch): Promise<TicketingConfiguration> {
    return readConfiguration(await this.session.api().requestJson('PATCH', TICKETING_API_PATHS.configuration, z.record(z.string(), z.unknown()), { json: patch }));
  }

  // ---------------------------------------------------------------------------
  // Triggers: automations, response templates, boards
  // ---------------------------------------------------------------------------

  /** §7.1 triggers of these types (all when none), full, as the instance orders them; unreadable ones skipped and counted. */
  async triggers(types: readonly TriggerType[] = []): Promise<{ items: Trigger[]; skipped: number }> {
    const searchParams = new URLSearchParams();
    for (const type of types) searchParams.append('type', type);
    const answer = await this.session.api().getJson(TICKETING_API_PATHS.triggers, tolerantArray(triggerSchema), { searchParams });
    return { ...answer, items: answer.items.map((trigger) => this.attachments.remembered(trigger)) };
  }

  /** §7.1 GET /ticketing/trigger/{id}; §8.1: loading fails with 'Failed'. */
  async trigger(id: number): Promise<Trigger> {
    try {
      return this.attachments.remembered(await this.session.api().getJson(TICKETING_API_PATHS.trigger(id), triggerSchema));
    } catch (error) {
      // §8.1 lists one load failure, 'Failed': a trigger that is gone says it too (the code tells it apart).
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', TRIGGER_MESSAGES.loadFailed);
      throw keptOr(error, new AppError('SERVER_ERROR', TRIGGER_MESSAGES.loadFailed));
    }
  }

  /** Created or edited (./trigger-save.ts), keeping the version an edit replaces. */
  async saveTrigger(payload: TriggerPayload): Promise<Trigger> {
    // A kept attachment is one a loaded trigger showed: the renderer cannot attach any file of the instance it names.
    for (const upload of new Set(payload.uploads)) if (!this.uploads.has(upload)) this.attachments.checkIssued(upload);
    return this.versions.keeping('trigger', payload.id, () => this.sendTrigger(payload));
  }

  /**
   * `uploads` names kept attachments by id and new files by the upload id
   * the renderer chose: those go as their tempIds (each uploaded by now), and
   * are the trigger's once it is stored.
   */
  private sendTrigger(payload: TriggerPayload): Promise<Trigger> {
    return this.uploads.sending(payload.uploads, async (uploads) => this.attachments.remembered(await putOrPostTrigger(this.session, { ...payload, uploads })));
  }

  /** A system board cannot be deleted (the instance answers 409). */
  async deleteTrigger(id: number): Promise<{ deleted: true }> {
    return deleteTrigger(this.session, id);
  }

  // ---------------------------------------------------------------------------
  // The versions edits replaced
  // ---------------------------------------------------------------------------

  /** The kept versions of a trigger or ruleset, newest first; only the signed-in identity's own. */
  history(kind: HistoryKind, id: number): HistoryVersion[] {
    return this.versions.list(kind, id);
  }

  /**
   * Saves a kept version as the current one through the ordinary save (which
   * keeps the version it replaces: restoring can be undone). NOT_FOUND when
   * the version is no longer kept; INVALID_INPUT when it cannot be saved as
   * it is.
   */
  async restoreVersion(kind: HistoryKind, id: number, versionId: number): Promise<Trigger | TicketRuleset> {
    const restoring = this.versions.restoring(kind, id, versionId);
    // A kept version is the main process's own copy: its attachments were read with it, not named by the renderer.
    if (restoring.kind === 'trigger') return this.versions.keeping('trigger', restoring.payload.id, () => this.sendTrigger(restoring.payload));
    return this.saveRuleset(restoring.payload);
  }

  // ---------------------------------------------------------------------------
  // Files: new ones of email and comment bodies, attachments of loaded triggers
  // ---------------------------------------------------------------------------

  /** A piece of a file added to an email or comment body (in order; the first names it and is checked). */
  stageFile(piece: StagePiece): { received: number } {
    return this.uploads.stage(piece);
  }

  /** All its pieces are in: the file check, then the upload call; answers it without its tempId. */
  uploadFile(uploadId: string): Promise<AttachmentInfo> {
    return this.uploads.upload(uploadId);
  }

  /** Removed before a save, or the editor closed unsaved: forgotten, and dropped on the instance once uploaded. */
  discardFile(uploadId: string): Promise<{ discarded: boolean }> {
    return this.uploads.discard(uploadId);
  }

  /** A trigger attachment's signed URL, reused for 55 s; a refused one is 'Resource Not Found'. */
  attachmentUrl(id: string): Promise<{ signedUrl: string; cached: boolean }> {
    return this.attachments.url(id);
  }

  /** The image of a trigger attachment as a data URL (the help ticket's limits). */
  attachmentPreview(id: string): Promise<AttachmentPreview> {
    return this.attachments.preview(id);
  }

  /** §4.1: an attachment of the automation saved through its signed URL and opened. */
  openAttachment(triggerId: number, id: string): Promise<OpenedAttachment> {
    return this.attachments.open(triggerId, id);
  }

  // ---------------------------------------------------------------------------
  // What the editors pick from (./ticketing-lookups.ts)
  // ---------------------------------------------------------------------------

  lists(): Promise<TicketingLists> {
    return this.lookups.lists();
  }

  lookup(kind: 'organizations' | 'locations', page: number, search?: string, organizationId?: number): Promise<LookupPage> {
    return this.lookups.lookup(kind, page, search, organizationId);
  }

  users(page: number, search?: string, technician?: boolean): Promise<LookupPage> {
    return this.lookups.users(page, search, technician);
  }

  createTag(name: string): Promise<string> {
    return this.lookups.createTag(name);
  }

  tags(search?: string): Promise<string[]> {
    return this.lookups.tags(search);
  }

  channels(): Promise<NotificationChannel[]> {
    return this.lookups.channels();
  }

  attributes(): Promise<TicketAttribute[]> {
    return this.lookups.attributes();
  }

  deletedReferences(references: TriggerReferences): Promise<DeletedReferences> {
    return this.lookups.deletedReferences(references);
  }

  // ---------------------------------------------------------------------------
  // Tickets (./ticket-reads.ts)
  // ---------------------------------------------------------------------------

  boardTickets(id: number, page: number, size: number, sort?: BoardSort): Promise<TolerantPage<Ticket>> {
    return readBoardTickets(this.session, id, page, size, sort);
  }

  tickets(page: number, size: number, search?: string): Promise<TolerantPage<Ticket>> {
    return readTickets(this.session, page, size, search);
  }

  ticket(id: number): Promise<Ticket> {
    return readTicket(this.session, id);
  }
}
