/**
 * Ticketing administration on the RMM API (spec/ticketing-automations-psa.md
 * §7.1, §7.2, §8.1): ticket rulesets through GraphQL (ticketRulesetById, the
 * create-or-update mutation, the tags query), the forms, statuses and
 * ticket fields as lists; automations, response templates and boards on
 * §7.1's trigger paths, with the notification channels, the ticket
 * attributes (GraphQL GetAttributeList) and the organization, location and
 * user lookups their editor picks from; the tickets a board shows, every
 * ticket (newest first, searched) and one ticket; a loaded trigger's
 * attachments through their signed URLs (§4.1; the preview of an image, as
 * the help ticket's, ../signed-attachments.ts). Where the spec shows no
 * path these are the demo's (src/demo-server/routes/ticketing.ts). Answers
 * are read tolerantly: a ruleset, trigger or ticket the console cannot read
 * is skipped and counted. Every edit saved from the console keeps the
 * version it replaced (issue 14 point 6), per signed-in identity, so that it
 * can be compared and restored.
 */
import { z } from 'zod';
import { attachmentId } from '../../../shared/rules/help-schemas';
import { AppError } from '../../../shared/errors';
import { UPLOAD_STATUSES, type AttachmentInfo, type AttachmentPreview, type UploadedAttachment } from '../../../shared/model/help';
import type {
  BoardSort,
  HistoryKind,
  HistoryVersion,
  LookupPage,
  NotificationChannel,
  Ticket,
  TicketAttribute,
  TicketChoice,
  TicketingLists,
  TicketRuleset,
  Trigger,
  TriggerType,
} from '../../../shared/model/ticketing';
import { fillPath } from '../../../shared/rules/api-paths';
import { ATTACHMENT_MESSAGES, attachmentDisplay } from '../../../shared/rules/help-attachments';
import { readConfiguration, type ConfigurationPatch, type TicketingConfiguration } from '../../../shared/rules/ticketing/configuration';
import { RULESET_MESSAGES, type RulesetPayload } from '../../../shared/rules/ticketing/ruleset';
import { withUnknownKept } from '../../../shared/rules/ticketing/keep-unknown';
import type { DeletedReferences, TriggerReferences } from '../../../shared/rules/ticketing/references';
import { saveFailureMessage, TRIGGER_MESSAGES, type TriggerPayload } from '../../../shared/rules/ticketing/trigger';
import { TRIGGER_MAX_NEW_FILES, TRIGGER_UPLOAD_MESSAGES, triggerFilesCountMessage } from '../../../shared/rules/ticketing/uploads';
import { postFile } from '../api/post-file';
import { tolerantArray, tolerantPage, type TolerantPage } from '../api/tolerant';
import type { SessionService } from '../session/session-service';
import { downloadSigned, SignedAttachments } from '../signed-attachments';
import { StagedUploads, type StagePiece } from '../staged-uploads';
import type { TicketingHistoryStore } from './history-store';
import type { IssuedFiles } from './issued-files';
import { restorePayload } from './history-restore';
import { RULESET_FIELDS, rulesetSchema } from './ruleset-schemas';
import { ticketSchema } from './ticket-schemas';
import { deletedAmong } from './reference-check';
import { openTriggerAttachment, type AttachmentOpening, type OpenedAttachment } from './trigger-attachment-open';
import { attributeSchema, channelSchema, triggerSchema } from './trigger-schemas';

export const TICKETING_API_PATHS = {
  forms: 'ticketing/ticket-forms',
  statuses: 'ticketing/statuses',
  fields: 'ticketing/ticket-fields',
  rulesets: 'ticketing/rulesets',
  ruleset: (id: number) => fillPath('ticketing/rulesets/:id', { id }),
  graphql: 'graphql',
  configuration: 'ticketing/configuration',
  organizations: 'query/organizations',
  locations: 'query/locations',
  users: 'query/users',
  triggers: 'ticketing/trigger/list',
  newTrigger: 'ticketing/trigger/',
  trigger: (id: number) => fillPath('ticketing/trigger/:id', { id }),
  channels: 'channel/list/brief',
  boardTickets: (id: number) => fillPath('ticketing/board/:id/tickets', { id }),
  tickets: 'ticketing/tickets',
  ticket: (id: number) => fillPath('ticketing/tickets/:id', { id }),
  attachmentSignedUrl: (id: string) => fillPath('ticketing/attachments/:id/signed-url', { id }),
  upload: 'ticketing/attachments/upload',
  uploaded: (tempId: string) => fillPath('ticketing/attachments/upload/:tempId', { tempId }),
} as const;

/** How many attachment statuses of loaded triggers are remembered (the oldest are forgotten first). */
const REMEMBERED_ATTACHMENTS = 5000;

/** §9.1: organization and location lookups, 50 a page. */
export const LOOKUP_PAGE_SIZE = 50;

const text = (max: number) => z.string().max(max);
const formSchema = z.object({ id: z.number().int(), name: text(500), active: z.boolean().catch(true) });
const choiceSchema = z.object({ value: text(200), name: text(500).catch('') }).transform((c): TicketChoice => ({ value: c.value, name: c.name || c.value }));
const fieldsSchema = z.object({ priorities: tolerantArray(choiceSchema), severities: tolerantArray(choiceSchema) });

const lookupSchema = z.object({ id: z.number().int(), name: text(500), deleted: z.boolean().catch(false) });
const lookupPage = tolerantPage(lookupSchema);

const ATTRIBUTE_LIST_QUERY = 'query GetAttributeList { ticketAttributes { id attributeType name active content { values { id name } } } }';

export const TRIGGER_GONE_MESSAGE = 'This automation no longer exists.';
export const SYSTEM_BOARD_DELETE_MESSAGE = 'A system board cannot be deleted.';
export const TRIGGER_DELETE_FAILED_MESSAGE = 'The automation could not be deleted.';
export const BOARD_GONE_MESSAGE = 'This board no longer exists.';
export const NOT_A_BOARD_MESSAGE = 'This automation is not a board: it lists no tickets.';
export const BOARD_TICKETS_REFUSED_MESSAGE = "The server refused to list this board's tickets in that order.";
export const TICKET_GONE_MESSAGE = 'This ticket no longer exists.';
export const VERSION_GONE_MESSAGE = 'This version is no longer kept.';
/** An attachment id the renderer named that no automation, template or board the console loaded for this identity showed. */
export const TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE = 'This attachment was not in an automation, template or board you loaded.';
export const SAVED_UNREADABLE_MESSAGE = TRIGGER_MESSAGES.savedUnreadable;

const ticketPage = tolerantPage(ticketSchema);

/**
 * The upload call's answer (§3.5 attachment: id, resourceId, tempId,
 * uploadStatus, metadata with name, contentId, inline): read tolerantly, only
 * the tempId is needed (what a save names; kept in the main process, checked
 * as an attachment id is, as it goes into a path). What the answer lacks is
 * the file's own (its name and size as sent).
 */
export function uploadAnswer(file: { name: string; size: number }) {
  const optionalText = (max: number) => z.union([text(max), z.number().transform(String)]).optional().catch(undefined);
  return z
    .object({
      tempId: attachmentId,
      id: optionalText(200),
      resourceId: optionalText(200),
      contentId: optionalText(200),
      uploadStatus: z.enum(UPLOAD_STATUSES).catch('PROCESSING'),
      metadata: z
        .object({ name: text(1024).optional().catch(undefined), size: z.number().int().nonnegative().optional().catch(undefined), contentType: text(200).optional().catch(undefined), contentId: optionalText(200) })
        .catch({}),
    })
    .transform(
      ({ tempId, id, resourceId, contentId, uploadStatus, metadata }): UploadedAttachment => ({
        id: id || tempId,
        resourceId: resourceId ?? '',
        contentId: contentId ?? metadata.contentId ?? '',
        uploadStatus,
        metadata: { name: metadata.name ?? file.name, size: metadata.size ?? file.size, contentType: metadata.contentType ?? 'application/octet-stream' },
        token: tempId,
      }),
    );
}

/** Files of the email and comment bodies: the help description's rules, ticketing's words. */
const TRIGGER_FILES = {
  maxPerUse: TRIGGER_MAX_NEW_FILES,
  messages: { gone: TRIGGER_UPLOAD_MESSAGES.gone, stillUploading: TRIGGER_UPLOAD_MESSAGES.stillUploading, count: triggerFilesCountMessage() },
  what: 'ticketing: removing an uploaded file',
} as const;

/** Failures that say what happened to the session or the connection, kept as they are; any other becomes the call's own message. */
const SESSION_OR_CONNECTION = new Set(['SESSION_EXPIRED', 'NOT_SIGNED_IN', 'OFFLINE', 'REDIRECT_REFUSED', 'UNTRUSTED_CERTIFICATE']);

function keptOr(error: unknown, replacement: AppError): AppError {
  return error instanceof AppError && SESSION_OR_CONNECTION.has(error.code) ? error : replacement;
}

/** §8.1's failure data: the resultCode of an error answer, if it has one. */
function resultCodeOf(body: unknown): string | undefined {
  const code = (body as { resultCode?: unknown } | null | undefined)?.resultCode;
  return typeof code === 'string' && code.length <= 200 ? code : undefined;
}

const graphqlAnswer = z.object({ data: z.record(z.string(), z.unknown()).nullable().optional(), errors: z.array(z.object({ message: z.string().max(2000) })).max(100).optional() });

export class TicketingService {
  /** Signed URLs of trigger attachments (cached 55 s) and their image previews. */
  private readonly attachments: SignedAttachments;
  /** The upload status of each attachment of the triggers read, by attachment id (§4.1). */
  private readonly attachmentStatuses = new Map<string, string | null>();
  /** Files added to email and comment bodies, uploaded and waiting for a save (their tempIds stay here). */
  private readonly files: StagedUploads;

  constructor(
    private readonly session: SessionService,
    private readonly historyStore: TicketingHistoryStore,
    now?: () => number,
    log?: (what: string, error: unknown) => void,
    /** Where an opened attachment is saved and how it is opened; without it, attachments cannot be opened. */
    private readonly opening?: AttachmentOpening,
    /** The record of files issued per identity (kept with the reply drafts): loaded triggers' attachments go on it. */
    private readonly issued?: IssuedFiles,
  ) {
    this.attachments = new SignedAttachments({
      signedUrl: (id) => this.signedUrl(id),
      download: (url, limits) => downloadSigned(this.session.api().baseUrl, url, limits),
      now,
    });
    this.files = new StagedUploads({
      ...TRIGGER_FILES,
      upload: (file, onProgress, signal) => postFile(this.session.api(), TICKETING_API_PATHS.upload, file, uploadAnswer(file), onProgress, signal),
      remove: async (tempId) => {
        await this.session.api().requestJson('DELETE', TICKETING_API_PATHS.uploaded(tempId), z.unknown());
      },
      log,
    });
  }

  /** Forgets per-session state (signed URLs, attachment statuses, files waiting for a save) when the session changes. */
  reset(): void {
    this.attachments.reset();
    this.attachmentStatuses.clear();
    this.files.reset();
  }

  /** A piece of a file added to an email or comment body (in order; the first names it and is checked). */
  stageFile(piece: StagePiece): { received: number } {
    return this.files.stage(piece);
  }

  /** All its pieces are in: the file check, then the upload call; answers it without its tempId. */
  uploadFile(uploadId: string): Promise<AttachmentInfo> {
    return this.files.upload(uploadId);
  }

  /** Removed before a save, or the editor closed unsaved: forgotten, and dropped on the instance once uploaded. */
  discardFile(uploadId: string): Promise<{ discarded: boolean }> {
    return this.files.discard(uploadId);
  }

  /** One GraphQL operation; an answer with errors fails with `failure` (the spec's message), the server's words kept out. */
  private async graphql<T>(query: string, variables: Record<string, unknown>, field: string, schema: z.ZodType<T>, failure: string): Promise<T> {
    let answer: z.infer<typeof graphqlAnswer>;
    try {
      answer = await this.session.api().requestJson('POST', TICKETING_API_PATHS.graphql, graphqlAnswer, { json: { query, variables } });
    } catch (error) {
      // Signed out or offline say so; any other failure is the operation's own message (§8.1, §8.2).
      throw keptOr(error, new AppError('SERVER_ERROR', failure));
    }
    if (answer.errors?.length || !answer.data) throw new AppError('SERVER_ERROR', failure);
    const parsed = schema.safeParse(answer.data[field]);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', failure);
    return parsed.data;
  }

  async lists(): Promise<TicketingLists> {
    const api = this.session.api();
    const [forms, statuses, fields] = await Promise.all([
      // Forms that cannot be read leave the screens usable: each editor says so in its own words (§8.1 'Error fetching forms', §8.2 'Error fetching ticket forms').
      api.getJson(TICKETING_API_PATHS.forms, tolerantArray(formSchema)).catch((error: unknown) => {
        if (error instanceof AppError && SESSION_OR_CONNECTION.has(error.code)) throw error;
        return null;
      }),
      api.getJson(TICKETING_API_PATHS.statuses, tolerantArray(choiceSchema)),
      api.getJson(TICKETING_API_PATHS.fields, fieldsSchema),
    ]);
    return { forms: forms?.items ?? [], ...(forms ? {} : { formsFailed: true }), statuses: statuses.items, priorities: fields.priorities.items, severities: fields.severities.items };
  }

  async rulesets(type?: string): Promise<{ items: TicketRuleset[]; skipped: number }> {
    const searchParams = type ? new URLSearchParams({ type }) : undefined;
    return this.session.api().getJson(TICKETING_API_PATHS.rulesets, tolerantArray(rulesetSchema), searchParams ? { searchParams } : {});
  }

  async ruleset(id: number): Promise<TicketRuleset> {
    const found = await this.graphql(`query ($id: Int!) { ticketRulesetById(id: $id) { ${RULESET_FIELDS} } }`, { id }, 'ticketRulesetById', rulesetSchema.nullable(), 'The ticket ruleset could not be loaded.');
    if (!found) throw new AppError('NOT_FOUND', 'This ticket ruleset no longer exists.');
    return found;
  }

  /** §8.2: 'Error updating ticket ruleset' for an edit, 'Error saving ticket ruleset' for a new one. */
  async saveRuleset(payload: RulesetPayload): Promise<TicketRuleset> {
    const failure = payload.id !== undefined ? RULESET_MESSAGES.updateFailed : RULESET_MESSAGES.saveFailed;
    return this.keepingHistory('ruleset', payload.id, () =>
      this.graphql(`mutation ($ruleset: TicketRulesetInput!) { createOrUpdateTicketRuleset(ruleset: $ruleset) { ${RULESET_FIELDS} } }`, { ruleset: payload }, 'createOrUpdateTicketRuleset', rulesetSchema, failure),
    );
  }

  async deleteRuleset(id: number): Promise<{ deleted: true }> {
    await this.session.api().requestWithStatus('DELETE', TICKETING_API_PATHS.ruleset(id)).then(({ status }) => {
      if (status === 404) throw new AppError('NOT_FOUND', 'This ticket ruleset no longer exists.');
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

  /** A page of organizations or locations (§7.1 GET /query/organizations, /query/locations), searched by name. */
  async lookup(kind: 'organizations' | 'locations', page: number, search?: string, organizationId?: number): Promise<LookupPage> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(LOOKUP_PAGE_SIZE) });
    if (search?.trim()) searchParams.set('name', search.trim());
    if (organizationId !== undefined) searchParams.set('organizationId', String(organizationId));
    return this.session.api().getJson(TICKETING_API_PATHS[kind], lookupPage, { searchParams });
  }

  /** §7.1 create-tag mutation (input tag {name}); §8.1 'Error creating tag'. */
  async createTag(name: string): Promise<string> {
    const tag = await this.graphql(`mutation ($tag: TagInput!) { createTag(tag: $tag) { name } }`, { tag: { name } }, 'createTag', z.object({ name: text(200) }), TRIGGER_MESSAGES.createTagFailed);
    return tag.name;
  }

  async tags(search?: string): Promise<string[]> {
    const tags = await this.graphql(`query ($search: String) { tags(search: $search) { name } }`, { search: search ?? null }, 'tags', z.array(z.object({ name: text(200) })).max(10_000), 'Error fetching tags');
    return tags.map((tag) => tag.name);
  }

  /** A page of users (GET /query/users, 50 a page), searched by name; technicians only for the assignee pickers (§6). */
  async users(page: number, search?: string, technician?: boolean): Promise<LookupPage> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(LOOKUP_PAGE_SIZE) });
    if (search?.trim()) searchParams.set('name', search.trim());
    if (technician !== undefined) searchParams.set('technician', String(technician));
    return this.session.api().getJson(TICKETING_API_PATHS.users, lookupPage, { searchParams });
  }

  /** §7.1 triggers of these types (all when none), full, as the instance orders them; unreadable ones skipped and counted. */
  async triggers(types: readonly TriggerType[] = []): Promise<{ items: Trigger[]; skipped: number }> {
    const searchParams = new URLSearchParams();
    for (const type of types) searchParams.append('type', type);
    const answer = await this.session.api().getJson(TICKETING_API_PATHS.triggers, tolerantArray(triggerSchema), { searchParams });
    return { ...answer, items: answer.items.map((trigger) => this.remembered(trigger)) };
  }

  /** §7.1 GET /ticketing/trigger/{id}; §8.1: loading fails with 'Failed'. */
  async trigger(id: number): Promise<Trigger> {
    try {
      return this.remembered(await this.session.api().getJson(TICKETING_API_PATHS.trigger(id), triggerSchema));
    } catch (error) {
      // §8.1 lists one load failure, 'Failed': a trigger that is gone says it too (the code tells it apart).
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', TRIGGER_MESSAGES.loadFailed);
      throw keptOr(error, new AppError('SERVER_ERROR', TRIGGER_MESSAGES.loadFailed));
    }
  }

  /** §5.1 at save: the users, organizations and locations of `references` that the lookups say are deleted now, or hold no more. */
  async deletedReferences(references: TriggerReferences): Promise<DeletedReferences> {
    const [users, organizations, locations] = await Promise.all([
      deletedAmong(references.users, (page, search) => this.users(page, search)),
      deletedAmong(references.organizations, (page, search) => this.lookup('organizations', page, search)),
      deletedAmong(references.locations, (page, search) => this.lookup('locations', page, search)),
    ]);
    return { users, organizations, locations };
  }

  /** §4.1: an attachment of the automation saved through its signed URL and opened (./trigger-attachment-open.ts). */
  async openAttachment(triggerId: number, id: string): Promise<OpenedAttachment> {
    const opening = this.opening;
    if (!opening) throw new AppError('INVALID_INPUT', 'Attachments cannot be opened here.');
    return openTriggerAttachment(
      {
        trigger: (trigger) => this.trigger(trigger),
        signedUrl: async (attachment, fresh) => (fresh ? this.signedUrl(attachment) : (await this.attachments.url(attachment)).signedUrl),
        download: (url, limits) => downloadSigned(this.session.api().baseUrl, url, limits),
        origin: () => this.session.api().baseUrl,
        opening,
      },
      triggerId,
      id,
    );
  }

  /**
   * §7.1: POST /ticketing/trigger/ creates (and copies: a payload without an
   * id), PUT /ticketing/trigger/{id} edits; the body never carries the id.
   * §8.1: a refused save is explained by its resultCode, or is 'Error saving
   * ticket board' / 'Error saving automation'.
   */
  async saveTrigger(payload: TriggerPayload): Promise<Trigger> {
    // A kept attachment is one a loaded trigger showed: the renderer cannot attach any file of the instance it names.
    for (const upload of new Set(payload.uploads)) if (!this.files.has(upload)) this.checkIssued(upload);
    return this.keepingHistory('trigger', payload.id, () => this.putOrPostTrigger(payload));
  }

  /**
   * `uploads` names kept attachments by id and new files by the upload id
   * the renderer chose: those go as their tempIds (each uploaded by now), and
   * are the trigger's once it is stored.
   */
  private async putOrPostTrigger(payload: TriggerPayload): Promise<Trigger> {
    // Each once: a tempId named twice would be claimed twice.
    const uploads = [...new Set(payload.uploads)];
    const newFiles = uploads.filter((upload) => this.files.has(upload));
    const tempIds = new Map(this.files.tokens(newFiles).map((tempId, i) => [newFiles[i]!, tempId]));
    try {
      const saved = await this.putOrPost({ ...payload, uploads: uploads.map((upload) => tempIds.get(upload) ?? upload) });
      this.files.forget(newFiles);
      return saved;
    } catch (error) {
      // Stored, but the answer could not be read: the files are the trigger's now (a retry or a close must not send or drop them again).
      if (error instanceof AppError && error.message === SAVED_UNREADABLE_MESSAGE) this.files.forget(newFiles);
      throw error;
    }
  }

  private async putOrPost(payload: TriggerPayload): Promise<Trigger> {
    const { id, ...own } = payload;
    const [method, path] = id === undefined ? (['POST', TICKETING_API_PATHS.newTrigger] as const) : (['PUT', TICKETING_API_PATHS.trigger(id)] as const);
    // A PUT replaces the trigger: what the console does not read of the stored one goes back with it (read as it is; unreadable: the console's fields only).
    const stored = id === undefined ? null : await this.session.api().getJson(TICKETING_API_PATHS.trigger(id), z.unknown()).catch(() => null);
    const body = withUnknownKept(stored, own);
    const failure = (resultCode?: string) => new AppError('SERVER_ERROR', saveFailureMessage(payload.type, resultCode));
    let answer: { status: number; body: unknown };
    try {
      // A 500 may carry a resultCode too: read it rather than throw.
      answer = await this.session.api().requestWithStatus(method, path, { json: body }, { answerServerErrors: true });
    } catch (error) {
      throw keptOr(error, failure());
    }
    if (answer.status >= 400) throw failure(resultCodeOf(answer.body));
    const saved = triggerSchema.safeParse(answer.body);
    if (!saved.success) throw new AppError('BAD_RESPONSE', SAVED_UNREADABLE_MESSAGE);
    return this.remembered(saved.data);
  }

  /**
   * Issue 14 point 6: an edit (an id) first reads the version it replaces;
   * once the save succeeded that version is kept. A version that could not
   * be read is not kept (the save goes ahead); a failed save keeps nothing;
   * a create has nothing to keep.
   */
  private async keepingHistory<T extends Trigger | TicketRuleset>(kind: HistoryKind, id: number | undefined, save: () => Promise<T>): Promise<T> {
    if (id === undefined) return save();
    // Taken now: a sign-out or another sign-in during the save must not file the version under someone else.
    const scope = this.session.identityScope();
    const previous = await (kind === 'trigger' ? this.trigger(id) : this.ruleset(id)).catch((error: unknown) => {
      console.warn(`Ticketing history: the ${kind} ${id} could not be read before its save; its previous version is not kept (${error instanceof Error ? error.message : 'error'}).`);
      return undefined;
    });
    const saved = await save();
    if (scope && previous) {
      try {
        this.historyStore.add(scope, kind, id, previous);
      } catch (error) {
        // The history is a convenience (the server has the settings): a full disk must not turn a done save into a failure.
        console.warn(`Ticketing history: the previous version of ${kind} ${id} could not be kept (${error instanceof Error ? error.message : 'error'}).`);
      }
    }
    return saved;
  }

  /** The kept versions of a trigger or ruleset, newest first; only the signed-in identity's own. */
  history(kind: HistoryKind, id: number): HistoryVersion[] {
    return this.historyStore.list(this.scope(), kind, id);
  }

  /**
   * Saves a kept version as the current one through the ordinary save (which
   * keeps the version it replaces: restoring can be undone). NOT_FOUND when
   * the version is no longer kept; INVALID_INPUT when it cannot be saved as
   * it is (a type this console does not know, values the save refuses).
   */
  async restoreVersion(kind: HistoryKind, id: number, versionId: number): Promise<Trigger | TicketRuleset> {
    const version = this.historyStore.get(this.scope(), kind, id, versionId);
    if (!version) throw new AppError('NOT_FOUND', VERSION_GONE_MESSAGE);
    const payload = restorePayload(kind, version.data, id);
    // A kept version is the main process's own copy: its attachments were read with it, not named by the renderer.
    if (payload.kind === 'trigger') return this.keepingHistory('trigger', payload.payload.id, () => this.putOrPostTrigger(payload.payload));
    return this.saveRuleset(payload.payload);
  }

  private scope(): string {
    const scope = this.session.identityScope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return scope;
  }

  /** Keeps the upload status of the trigger's attachments for §4.1's check, and their ids on this identity's record; answers the trigger. */
  private remembered(trigger: Trigger): Trigger {
    for (const attachment of trigger.attachments) {
      this.attachmentStatuses.delete(attachment.id);
      this.attachmentStatuses.set(attachment.id, attachment.uploadStatus);
    }
    while (this.attachmentStatuses.size > REMEMBERED_ATTACHMENTS) this.attachmentStatuses.delete(this.attachmentStatuses.keys().next().value!);
    const scope = this.session.identityScope();
    if (scope && this.issued && trigger.attachments.length > 0) {
      try {
        this.issued.read(scope, 'trigger', trigger.id, trigger.attachments.map((attachment) => ({ id: attachment.id, name: attachment.name || null })));
      } catch (error) {
        // The trigger is shown either way; after a restart its files are known again once it is loaded.
        console.warn(`Ticketing: the attachments of trigger ${trigger.id} could not be recorded (${error instanceof Error ? error.message : 'error'}).`);
      }
    }
    return trigger;
  }

  /**
   * The renderer names only attachments a trigger loaded for this identity
   * showed (this session, or on its record): any other id is INVALID_INPUT,
   * and nothing is asked of the instance.
   */
  private checkIssued(id: string): void {
    if (this.attachmentStatuses.has(id)) return;
    const scope = this.session.identityScope();
    if (scope && this.issued?.readFile(scope, 'trigger', id)) return;
    throw new AppError('INVALID_INPUT', TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE);
  }

  /** The demo's GET /ticketing/attachments/{id}/signed-url (§7.1 shows no path): {signedUrl}. */
  private async signedUrl(id: string): Promise<string> {
    return (await this.session.api().getJson(TICKETING_API_PATHS.attachmentSignedUrl(id), z.object({ signedUrl: text(4096) }))).signedUrl;
  }

  /**
   * §4.1: a signed URL is fetched only for an attachment a loaded trigger
   * showed (checkIssued) that is not PROCESSING, FAILURE or SUSPICIOUS. One
   * a loaded trigger showed in those states is refused here without asking
   * ('Resource Not Found', as its card says).
   */
  private checkAttachment(id: string): void {
    this.checkIssued(id);
    const status = this.attachmentStatuses.get(id);
    if (status === undefined || status === null) return;
    const display = attachmentDisplay(status);
    if (display.kind === 'notFound') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound);
    if (display.kind === 'processing') throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.stillProcessing);
  }

  /** A trigger attachment's signed URL, reused for 55 s; a refused one is 'Resource Not Found'. */
  async attachmentUrl(id: string): Promise<{ signedUrl: string; cached: boolean }> {
    this.checkAttachment(id);
    try {
      return await this.attachments.url(id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound, { cause: error });
      throw error;
    }
  }

  /**
   * The image of a trigger attachment as a data URL, fetched through its
   * signed URL with the help ticket's limits (at most 5 MiB of
   * jpg/jpeg/png/gif whose first bytes agree; INVALID_INPUT otherwise);
   * 'Resource Not Found' (NOT_FOUND) when it has no signed URL or content.
   */
  async attachmentPreview(id: string): Promise<AttachmentPreview> {
    this.checkAttachment(id);
    return this.attachments.preview(id);
  }

  /** A system board cannot be deleted (the instance answers 409). */
  async deleteTrigger(id: number): Promise<{ deleted: true }> {
    let status: number;
    try {
      ({ status } = await this.session.api().requestWithStatus('DELETE', TICKETING_API_PATHS.trigger(id), {}, { answerServerErrors: true }));
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', TRIGGER_DELETE_FAILED_MESSAGE));
    }
    if (status === 404) throw new AppError('NOT_FOUND', TRIGGER_GONE_MESSAGE);
    if (status === 409) throw new AppError('SERVER_ERROR', SYSTEM_BOARD_DELETE_MESSAGE);
    if (status >= 400) throw new AppError('SERVER_ERROR', TRIGGER_DELETE_FAILED_MESSAGE);
    return { deleted: true };
  }

  /** §7.1 GET /channel/list/brief, sorted by name here too (an instance may not); §8.1 'Error fetching notification channels'. */
  async channels(): Promise<NotificationChannel[]> {
    try {
      const { items } = await this.session.api().getJson(TICKETING_API_PATHS.channels, tolerantArray(channelSchema));
      return items.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', TRIGGER_MESSAGES.channelsFailed));
    }
  }

  /** §7.1 GraphQL GetAttributeList; §8.1 'Error fetching ticket attributes'. Unreadable attributes are left out. */
  async attributes(): Promise<TicketAttribute[]> {
    const { items } = await this.graphql(ATTRIBUTE_LIST_QUERY, {}, 'ticketAttributes', tolerantArray(attributeSchema), TRIGGER_MESSAGES.attributesFailed);
    return items;
  }

  /**
   * A page of the tickets a board shows (the demo's GET
   * /ticketing/board/{id}/tickets), in `sort`'s order or the board's own;
   * tickets the console cannot read are skipped and counted.
   */
  async boardTickets(id: number, page: number, size: number, sort?: BoardSort): Promise<TolerantPage<Ticket>> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (sort) {
      searchParams.set('sortBy', sort.field);
      searchParams.set('direction', sort.direction);
    }
    // The status tells the refusals apart; GET is answered as is (not retried), its body read below.
    const { status, body } = await this.session.api().requestWithStatus('GET', TICKETING_API_PATHS.boardTickets(id), { searchParams });
    if (status === 404) throw new AppError('NOT_FOUND', BOARD_GONE_MESSAGE);
    if (status === 400) throw new AppError('INVALID_INPUT', (body as { error?: unknown } | undefined)?.error === 'not_a_board' ? NOT_A_BOARD_MESSAGE : BOARD_TICKETS_REFUSED_MESSAGE);
    if (status === 403) throw new AppError('FORBIDDEN', 'You do not have permission for this action.');
    if (status >= 400) throw new AppError('SERVER_ERROR', `The board's tickets could not be loaded (${status}).`);
    const parsed = ticketPage.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', "The server sent the board's tickets in an unexpected shape.");
    return parsed.data;
  }

  /** A page of every ticket, newest first, searched by id ('#123' or '123') or a part of the subject. */
  async tickets(page: number, size: number, search?: string): Promise<TolerantPage<Ticket>> {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (search?.trim()) searchParams.set('search', search.trim());
    return this.session.api().getJson(TICKETING_API_PATHS.tickets, ticketPage, { searchParams });
  }

  async ticket(id: number): Promise<Ticket> {
    try {
      return await this.session.api().getJson(TICKETING_API_PATHS.ticket(id), ticketSchema);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', TICKET_GONE_MESSAGE);
      throw error;
    }
  }
}
