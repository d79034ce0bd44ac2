/**
 * The automation and board editor's rules (spec/ticketing-automations-psa.md
 * §2.1, §3.1, §4.1, §5.1, §8.1, §9.1), pure: titles, tabs per type, the
 * defaults of a new automation and a new board, copy mode, the board columns,
 * the one-time actions, the form schema (§5.1), the save payload and its
 * schema (checked again in the main process), and §8.1's messages.
 */
import { z } from 'zod';
import { TRIGGER_TYPES, type BoardSort, type ConditionRow, type Trigger, type TriggerAction, type TriggerType } from '../../model/ticketing';
import { REQUIRED_MESSAGE } from '../platform/messages';
import { actionKind, actionProblem, tagsOf, withTags } from './actions';
import { conditionFields, conditionRowProblem, hasTimeSinceCondition, type AttributeDef, type ReferenceState } from './conditions';

export const TRIGGER_TYPE_LABELS: Record<TriggerType, string> = {
  EVENT_BASED: 'event-based automation',
  TIME_BASED: 'time-based automation',
  RESPONSE_TEMPLATE: 'response template',
  BOARD: 'ticket board',
};

/** §2.1: 'Add event-based automation', 'Edit ticket board', ... */
export function triggerTitle(type: TriggerType, editing: boolean): string {
  return `${editing ? 'Edit' : 'Add'} ${TRIGGER_TYPE_LABELS[type]}`;
}

export const TRIGGER_TABS = { general: 'General', conditions: 'Conditions', actions: 'Actions', columns: 'Columns and sorting' } as const;
type TriggerTab = keyof typeof TRIGGER_TABS;

/** §2.1 tab visibility; §4.1/§6: a system board hides its conditions. */
export function triggerTabs(type: TriggerType, system = false): TriggerTab[] {
  if (type === 'RESPONSE_TEMPLATE') return ['general', 'actions'];
  if (type === 'BOARD') return system ? ['general', 'columns'] : ['general', 'conditions', 'columns'];
  return ['general', 'conditions', 'actions'];
}

/** §4.1/§6: a system board's General tab is disabled unless copying. */
export function generalDisabled(trigger: { type: string; system: boolean }, copying: boolean): boolean {
  return trigger.type === 'BOARD' && trigger.system && !copying;
}

/** §9.1 */
export const TRIGGER_NAME_MAX = 50;
export const TRIGGER_DESCRIPTION_MAX = 250;
export { ADD_TIME_MAX, EMAIL_SUBJECT_MAX, SUBJECT_CHANGE_MAX } from './actions';

/** §5.1 and §8.1, to the letter (the length messages are the console's: §5.1 gives only the limits). */
export const TRIGGER_MESSAGES = {
  /** The console's own: a 2xx whose answer could not be read (the save happened). */
  savedUnreadable: 'The automation was saved, but the server answered in an unexpected shape. Reload the list to see it.',
  addCondition: 'Add at least 1 condition',
  timeSinceRequired: "Time-based automations require at least one 'time since' condition to be set",
  addAction: 'Add at least 1 action',
  addColumn: 'Please add at least one column',
  /** The console's own: a save stopped because the lookups say a user, organization or location named is deleted (the rows say which, §5.1). */
  deletedReferences: 'Some users, organizations or locations chosen have been deleted since: change the marked conditions and actions.',
  /** The console's own: said before Create, on a copy with no conditions (a system board's: its own are hidden, §4.1). */
  copyNeedsCondition: 'This copy has no conditions yet. A board needs at least 1 condition: add one on the Conditions tab before Create.',
  nameTooLong: `Max length for name is ${TRIGGER_NAME_MAX} chars`,
  descriptionTooLong: `Max length for description is ${TRIGGER_DESCRIPTION_MAX} chars`,
  attributesFailed: 'Error fetching ticket attributes',
  formsFailed: 'Error fetching forms',
  channelsFailed: 'Error fetching notification channels',
  tagsFailed: 'Error fetching tags',
  createTagFailed: 'Error creating tag',
  loadFailed: 'Failed',
  saveBoardFailed: 'Error saving ticket board',
  saveAutomationFailed: 'Error saving automation',
  saved: 'Success',
  /** The console's own: the reason on a system board's disabled Delete (§4.1: copied, never deleted). */
  systemBoardDelete: 'System boards cannot be deleted',
} as const;

/** §8.1: a save's resultCode and what the technician is told. */
export const SAVE_RESULT_MESSAGES: Record<string, string> = {
  email_action_comment_placeholder_invalid: 'Invalid placeholder found at email body',
  email_action_num_placeholder_comments_invalid: 'No more than one placeholder comment is allowed',
  action_comment_placeholder_not_allowed: 'Placeholder used in wrong field',
  automation_ticket_assignee_do_not_exists: 'Ticket actions cannot contain deleted users',
  ticket_changes_action_user_or_contact_not_found: 'Ticket actions cannot contain deleted users',
  email_action_user_or_contact_not_found: 'Email action cannot contain deleted users',
  email_action_body_max_length: 'Email action exceeds the maximum character length',
};

/** §8.1: the known resultCode's message; anything else 'Error saving ticket board' or 'Error saving automation'. */
export function saveFailureMessage(type: string, resultCode: string | undefined): string {
  if (resultCode && Object.hasOwn(SAVE_RESULT_MESSAGES, resultCode)) return SAVE_RESULT_MESSAGES[resultCode]!;
  return type === 'BOARD' ? TRIGGER_MESSAGES.saveBoardFailed : TRIGGER_MESSAGES.saveAutomationFailed;
}

/** §3.1 ticket fields usable as board columns, with the header each shows (summary is shown as Subject). */
export const BOARD_COLUMN_LABELS: Record<string, string> = {
  id: 'ID',
  priority: 'Priority',
  severity: 'Severity',
  description: 'Description',
  status: 'Status',
  requester: 'Requester',
  summary: 'Subject',
  organization: 'Organization',
  location: 'Location',
  type: 'Type',
  source: 'Source',
  createTime: 'Created',
  totalTimeTracked: 'Total time tracked',
  totalTimeTrackedDecimal: 'Total time tracked (decimal)',
  assignedAppUser: 'Assignee',
  assignee: 'Assignee',
  solvedTime: 'Solved',
  ticketForm: 'Form',
  lastUpdatedTimeByAssignee: 'Last updated by assignee',
  lastUpdatedTimeByRequester: 'Last updated by requester',
  device: 'Device',
  lastUpdatedBy: 'Last updated by',
  lastUpdated: 'Last updated',
  agreement: 'Agreement',
};

/**
 * §3.1 names the assigned technician twice: `assignedAppUser` among the
 * fields, `assignee` among the default columns. They are one column: offered
 * as `assignee` (what new boards hold); a board stored with
 * `assignedAppUser` keeps it, and is never offered the other as well.
 */
function columnKey(column: string): string {
  return column === 'assignedAppUser' ? 'assignee' : column;
}

/** The columns with a second copy of one (`assignee` beside `assignedAppUser`) left out; the first kept where it is. */
export function distinctColumns(columns: readonly string[]): string[] {
  const seen = new Set<string>();
  return columns.filter((column) => {
    const key = columnKey(column);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The choices a board does not show yet (the assignee under either name counts once). */
export function addableColumns<C extends { id: string }>(columns: readonly string[], choices: readonly C[]): C[] {
  const shown = new Set(columns.map(columnKey));
  return choices.filter((choice) => !shown.has(columnKey(choice.id)));
}

/** §3.1's list, the assignee once. */
const BOARD_FIELDS = Object.keys(BOARD_COLUMN_LABELS).filter((f) => f !== 'assignedAppUser');

/** §6: the board 'agreement' column needs the PSA setting (the instance has a PSA: the session's psaType) and the PSA administrative permission. */
export function agreementColumnAllowed(user: { psaType: string | null; permissions: { canAdministerPsa: boolean } } | null): boolean {
  return user !== null && user.psaType !== null && user.permissions.canAdministerPsa;
}

/** §3.1/§6: the columns a board may show; agreement only with the PSA setting and the PSA administrative permission. */
export function boardColumnChoices(options: { psaAgreements: boolean; attributes?: ReadonlyArray<{ id: number; name: string; active: boolean }> }): Array<{ id: string; label: string }> {
  return [
    ...BOARD_FIELDS.filter((f) => f !== 'agreement' || options.psaAgreements).map((id) => ({ id, label: BOARD_COLUMN_LABELS[id]! })),
    ...(options.attributes ?? []).filter((a) => a.active).map((a) => ({ id: `attribute:${a.id}`, label: a.name })),
  ];
}

/** §3.1: the default new board's columns and sort. */
export const DEFAULT_BOARD_COLUMNS = ['status', 'id', 'summary', 'organization', 'requester', 'assignee', 'type', 'source', 'createTime', 'totalTimeTracked'] as const;
export const DEFAULT_BOARD_SORT: BoardSort[] = [{ field: 'id', direction: 'DESC' }];

/** §4.1: actions that may be added only once in event-based, time-based and response-template triggers. */
const ONE_TIME_ACTIONS = ['add_cc_list', 'set_cc_list', 'ADD_TICKET_COMMENT', 'TICKET_LOG_ENTRY_TIME_TRACKER'] as const;

/** The editor's form: §3.1's fields. */
export interface TriggerForm {
  enabled: boolean;
  name: string;
  description: string;
  conditions: { all: ConditionRow[]; any: ConditionRow[] };
  actions: TriggerAction[];
  columns: string[];
  sortBy: BoardSort[];
}

/** §3.1: enabled, empty name and description, empty conditions, no actions; a board's default columns and sort. */
export function newTriggerForm(type: TriggerType): TriggerForm {
  const board = type === 'BOARD';
  return {
    enabled: true,
    name: '',
    description: '',
    conditions: { all: [], any: [] },
    actions: [],
    columns: board ? [...DEFAULT_BOARD_COLUMNS] : [],
    sortBy: board ? DEFAULT_BOARD_SORT.map((s) => ({ ...s })) : [],
  };
}

export function formOfTrigger(trigger: Trigger): TriggerForm {
  return {
    enabled: trigger.enabled,
    name: trigger.name,
    description: trigger.description,
    conditions: { all: trigger.conditions.all.map((r) => ({ ...r })), any: trigger.conditions.any.map((r) => ({ ...r })) },
    actions: trigger.actions.map((a) => ({ type: a.type, params: { ...a.params } })),
    columns: distinctColumns(trigger.columns),
    sortBy: trigger.sortBy.map((s) => ({ ...s })),
  };
}

/** §4.1 copy mode: ' (Copy)' after the name, saved as a new record. */
export function copyOfTriggerForm(form: TriggerForm): TriggerForm {
  return { ...structuredClone(form), name: `${form.name} (Copy)` };
}

/**
 * The form without the tag `name` (compared without case and surrounding
 * spaces) in its tag conditions and tag actions: the instance refused to
 * create it (§7.1 create-tag, §8.1 'Error creating tag'), so no field keeps it.
 */
export function withoutTag(form: TriggerForm, name: string): TriggerForm {
  const key = (tag: unknown) => String(tag).trim().toLowerCase();
  const refused = key(name);
  const rows = (list: ConditionRow[]) =>
    list.map((row) => (row.field === 'tags' && Array.isArray(row.value) && row.value.some((t) => key(t) === refused) ? { ...row, value: row.value.filter((t) => key(t) !== refused) } : row));
  const actions = form.actions.map((action) => {
    const kind = actionKind(action);
    if (kind !== 'add_tags' && kind !== 'set_tags' && kind !== 'remove_tags') return action;
    const tags = tagsOf(action);
    return tags.some((t) => key(t) === refused) ? withTags(action, tags.filter((t) => key(t) !== refused)) : action;
  });
  return { ...form, conditions: { all: rows(form.conditions.all), any: rows(form.conditions.any) }, actions };
}

/** The key an action counts under for the one-time rule: a change action by its field, others by type. */
function actionKey(action: TriggerAction): string {
  if (action.type === 'TICKET_CHANGE_VALUE') {
    const changes = action.params.changes;
    const first = Array.isArray(changes) ? (changes[0] as { field?: unknown } | undefined) : undefined;
    if (typeof first?.field === 'string') return first.field;
  }
  return action.type;
}

/** §4.1: may an action of `key` be added to these actions? */
export function canAddAction(type: TriggerType, actions: readonly TriggerAction[], key: string): boolean {
  if (type === 'RESPONSE_TEMPLATE' && (key === 'SEND_NOTIFICATION' || key === 'SEND_EMAIL')) return false;
  if (type === 'BOARD') return false;
  if ((ONE_TIME_ACTIONS as readonly string[]).includes(key)) return !actions.some((a) => actionKey(a) === key);
  return true;
}

const rowSchema = z.object({
  id: z.string().max(100),
  field: z.string().max(200),
  operator: z.string().max(100),
  value: z.unknown(),
  metaData: z.unknown().optional(),
  touched: z.boolean().optional(),
  validation: z.unknown().optional(),
});
const actionSchema = z.object({ type: z.string().min(1).max(100), params: z.record(z.string(), z.unknown()) });
const sortSchema = z.object({ field: z.string().min(1).max(200), direction: z.enum(['ASC', 'DESC']) });

/** The editor's schema (§5.1) for a trigger of `type`; references say which chosen ids are deleted or inactive. */
export function triggerFormSchema(type: TriggerType, options: { statuses?: ReadonlyArray<{ value: string; name: string }>; attributes?: readonly AttributeDef[]; references?: ReferenceState; system?: boolean; hasFiles?: boolean } = {}) {
  return z
    .object({
      enabled: z.boolean(),
      name: z.string().trim().min(1, REQUIRED_MESSAGE).max(TRIGGER_NAME_MAX, TRIGGER_MESSAGES.nameTooLong),
      description: z.string().max(TRIGGER_DESCRIPTION_MAX, TRIGGER_MESSAGES.descriptionTooLong),
      conditions: z.object({ all: z.array(rowSchema), any: z.array(rowSchema) }),
      actions: z.array(actionSchema),
      columns: z.array(z.string()),
      sortBy: z.array(sortSchema),
    })
    .superRefine((form, ctx) => {
      // A system board's conditions are the product's and hidden (§4.1): not checked.
      if (type !== 'RESPONSE_TEMPLATE' && !options.system) {
        const all = form.conditions.all;
        if (all.length + form.conditions.any.length === 0) ctx.addIssue({ code: 'custom', path: ['conditions'], message: TRIGGER_MESSAGES.addCondition });
        else if (type === 'TIME_BASED' && !hasTimeSinceCondition(all)) ctx.addIssue({ code: 'custom', path: ['conditions'], message: TRIGGER_MESSAGES.timeSinceRequired });
        for (const group of ['all', 'any'] as const) {
          const fields = conditionFields(type, group, options.statuses, options.attributes);
          form.conditions[group].forEach((row, i) => {
            const problem = conditionRowProblem(row, fields.find((f) => f.id === row.field), options.references);
            if (problem) ctx.addIssue({ code: 'custom', path: ['conditions', group, i, 'value'], message: problem });
          });
        }
      }
      if (type !== 'BOARD' && form.actions.length === 0) ctx.addIssue({ code: 'custom', path: ['actions'], message: TRIGGER_MESSAGES.addAction });
      if (type !== 'BOARD') {
        form.actions.forEach((action, i) => {
          const problem = actionProblem(action, { hasFiles: options.hasFiles, references: options.references });
          if (problem) ctx.addIssue({ code: 'custom', path: ['actions', i], message: problem });
        });
      }
      if (type === 'BOARD' && form.columns.length === 0) ctx.addIssue({ code: 'custom', path: ['columns'], message: TRIGGER_MESSAGES.addColumn });
    });
}

/** The JSON length of a value (Infinity when it cannot be written as JSON). */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value ?? null)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
/** A value from the renderer is plain data of bounded size. */
const boundedJson = (max: number) => z.unknown().refine((value) => jsonLength(value) <= max, 'Too large');
/** A whole save at most this big (the renderer is untrusted; the RMM's own triggers are far smaller). */
const TRIGGER_PAYLOAD_MAX_CHARS = 1_000_000;

const payloadRow = z.strictObject({
  id: z.string().max(100),
  field: z.string().max(200),
  operator: z.string().max(100),
  value: boundedJson(100_000),
  metaData: boundedJson(100_000).optional(),
});
const payloadAction = z.strictObject({
  type: z.string().min(1).max(100),
  params: z.record(z.string().max(100), boundedJson(200_000)).refine((params) => Object.keys(params).length <= 50, 'Too many params'),
});

/** The save call's input (§7.1 POST/PUT body, and the id to PUT): §5.1's shape checked again in the main process. */
export const triggerPayloadSchema = z
  .strictObject({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    enabled: z.boolean(),
    name: z.string().trim().min(1).max(TRIGGER_NAME_MAX),
    description: z.string().max(TRIGGER_DESCRIPTION_MAX),
    type: z.enum(TRIGGER_TYPES),
    conditions: z.strictObject({ all: z.array(payloadRow).max(200), any: z.array(payloadRow).max(200) }),
    actions: z.array(payloadAction).max(100),
    /** The attachments the trigger keeps (their ids: a loaded trigger's, so a save does not drop them) and new files (the upload ids the console chose; the main process sends their tempIds). */
    uploads: z.array(z.string().min(1).max(200)).max(50),
    columns: z.array(z.string().min(1).max(200)).max(100).optional(),
    sortBy: z.array(sortSchema).max(10).optional(),
  })
  .superRefine((payload, ctx) => {
    const board = payload.type === 'BOARD';
    if (board !== (payload.columns !== undefined)) ctx.addIssue({ code: 'custom', path: ['columns'], message: 'Columns and sorting belong to boards only.' });
    if (board && payload.columns?.length === 0) ctx.addIssue({ code: 'custom', path: ['columns'], message: TRIGGER_MESSAGES.addColumn });
    if (jsonLength(payload) > TRIGGER_PAYLOAD_MAX_CHARS) ctx.addIssue({ code: 'custom', path: [], message: 'Too large' });
  });
export type TriggerPayload = z.infer<typeof triggerPayloadSchema>;

/** Params the editor keeps for itself (names to show), never sent. */
const UI_ONLY_PARAMS = new Set(['toUsers']);

/**
 * What is saved (§7.1): the id only on update (PUT); columns and sortBy only
 * for boards; the rows without their UI-only flags; `uploads` the attachments
 * kept (a loaded trigger's, for an edit or a copy).
 */
export function triggerPayload(form: TriggerForm, type: TriggerType, id?: number, uploads: readonly string[] = []): TriggerPayload {
  const row = (r: ConditionRow) => ({ id: r.id, field: r.field, operator: r.operator, value: r.value ?? null, ...(r.metaData !== undefined ? { metaData: r.metaData } : {}) });
  return {
    ...(id !== undefined ? { id } : {}),
    enabled: form.enabled,
    name: form.name.trim(),
    description: form.description,
    type,
    conditions: type === 'RESPONSE_TEMPLATE' ? { all: [], any: [] } : { all: form.conditions.all.map(row), any: form.conditions.any.map(row) },
    actions: type === 'BOARD' ? [] : form.actions.map((a) => ({ type: a.type, params: Object.fromEntries(Object.entries(a.params).filter(([key]) => !UI_ONLY_PARAMS.has(key))) })),
    uploads: [...uploads],
    ...(type === 'BOARD' ? { columns: form.columns, sortBy: form.sortBy } : {}),
  };
}
