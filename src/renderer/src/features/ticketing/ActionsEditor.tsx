/**
 * The Actions tab (spec/ticketing-automations-psa.md §2.1, §4.1, §5.1, §9.1):
 * the actions in order, each edited in place (tags, update ticket, CC, time,
 * notification channels) or in its Edit field sub-dialog with Apply (email:
 * recipient, subject, body with placeholders, Allow email response by
 * recipient; comment: body and Response Public/Private; the subject of an
 * update). The Add action menu offers §9.1's actions for the type, one-time
 * actions only once. An action this console does not know is kept as it came.
 */
import './editors.css';
import { Button, Callout, Card, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent, Menu, MenuItem, NumericInput, Popover, Radio, RadioGroup, Switch, Tag } from '@blueprintjs/core';
import { FormError } from '../../components/form/FormError';
import { moveAt } from '../../components/form/form-state';
import { useState } from 'react';
import { RichTextEditor, type RichTextEditorProps } from '../../../../editor';
import { DESCRIPTION_FILE_TYPES } from '../../../../shared/rules/help/description';
import { TRIGGER_UPLOAD_MESSAGES } from '../../../../shared/rules/ticketing/uploads';
import type { EntityLookup, NotificationChannel, TicketingLists, TriggerAction, TriggerType } from '../../../../shared/model/ticketing';
import { TIME_UNITS } from '../../../../shared/model/ticketing';
import {
  actionKind,
  actionLabel,
  ADD_TIME_MAX,
  ADD_TIME_MIN,
  changeField,
  EMAIL_SUBJECT_MAX,
  newAction,
  offeredActions,
  placeholdersFor,
  propertyOf,
  recipientKeys,
  SUBJECT_CHANGE_MAX,
  tagsOf,
  UPDATE_FIELDS,
  withProperty,
  withTags,
} from '../../../../shared/rules/ticketing/actions';
import { canAddAction } from '../../../../shared/rules/ticketing/trigger';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { TagInput } from '../../components/inputs/TagInput';
import { useTagsChange } from './instance-tags';
import { LookupPicker, type LookupKind } from './LookupPicker';
import { useAddTriggerFiles, useBodyFiles } from './trigger-files';

const UNIT_LABELS: Record<string, string> = { MINUTES: 'Minutes', HOURS: 'Hours', DAYS: 'Days' };

/** §9.1 update fields picked from the lookups; §6: the assignee from technicians only. */
const PICKED_FIELDS: Record<string, 'organizations' | 'technicians' | 'users'> = { organization: 'organizations', assignedAppUserId: 'technicians', requesterUid: 'users' };

/** One organization, technician or user for an update; a loaded id without its name shows as '#id'. */
function UpdatePicker({ id, kind, value, disabled, onChange }: { id: string; kind: LookupKind; value: unknown; disabled?: boolean; onChange(value: number | null): void }) {
  const [named, setNamed] = useState<EntityLookup[]>([]);
  return (
    <LookupPicker
      id={id}
      label="Value"
      kind={kind}
      ids={typeof value === 'number' ? [value] : []}
      named={named}
      single
      disabled={disabled}
      onChange={(items) => {
        setNamed(items);
        onChange(items[0]?.id ?? null);
      }}
    />
  );
}

/** What a body's editor gets to take files (its tray); none where the automation takes no files. */
type BodyFileProps = Pick<RichTextEditorProps, 'uploadAttachment' | 'onAttachmentsChange' | 'allowedAttachmentTypes' | 'attachmentTrayLabel'>;

/**
 * The Edit field sub-dialog: edits a copy; Apply hands it back, Cancel drops
 * it. Files added to a body's tray go to the automation with Apply (not while
 * one is still uploading) and are dropped with Cancel.
 */
function EditFieldDialog({ action, onApply, onClose, children }: { action: TriggerAction; onApply(action: TriggerAction): void; onClose(): void; children(draft: TriggerAction, set: (next: TriggerAction) => void, files: BodyFileProps): React.ReactNode }) {
  const [draft, setDraft] = useState(action);
  const addFiles = useAddTriggerFiles();
  const bodyFiles = useBodyFiles(addFiles?.remaining ?? 0);
  const [filesError, setFilesError] = useState<string | null>(null);
  const fileProps: BodyFileProps = addFiles ? { uploadAttachment: bodyFiles.upload, onAttachmentsChange: bodyFiles.onTrayChange, allowedAttachmentTypes: DESCRIPTION_FILE_TYPES, attachmentTrayLabel: TRIGGER_UPLOAD_MESSAGES.trayLabel } : {};
  return (
    <Dialog isOpen title="Edit field" onClose={onClose} className="edit-field-dialog" style={{ width: 640 }}>
      <DialogBody>
        {children(draft, setDraft, fileProps)}
        <FormError message={filesError ?? undefined} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Apply"
              onClick={() => {
                if (bodyFiles.uploading()) {
                  setFilesError(TRIGGER_UPLOAD_MESSAGES.stillUploading);
                  return;
                }
                const files = bodyFiles.uploaded();
                if (addFiles && files.length > 0) {
                  addFiles.add(files);
                  bodyFiles.sent();
                }
                onApply(draft);
                onClose();
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}

function PlaceholderMenu({ type, onPick }: { type: TriggerType; onPick(token: string): void }) {
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label="Placeholders" style={{ maxHeight: 320, overflowY: 'auto' }}>
          {placeholdersFor(type).map((p) => (
            <MenuItem key={p.token} text={p.token} label={p.group} onClick={() => onPick(p.token)} />
          ))}
        </Menu>
      }
    >
      <Button size="small" icon="insert" text="Placeholders" rightIcon="caret-down" />
    </Popover>
  );
}

/** Appends a placeholder to an HTML body (as its own paragraph). */
const appendToken = (html: string, token: string) => `${html}<p>${token}</p>`;

function EmailFields({ type, draft, set, files }: { type: TriggerType; draft: TriggerAction; set(next: TriggerAction): void; files: BodyFileProps }) {
  const to = (draft.params.to ?? { keys: [], emails: [], uids: [] }) as { keys: string[]; emails: string[]; uids: number[]; users?: EntityLookup[] };
  const setParam = (key: string, value: unknown) => set({ ...draft, params: { ...draft.params, [key]: value } });
  const setTo = (next: Partial<typeof to>) => setParam('to', { ...to, ...next });
  const users: EntityLookup[] = Array.isArray(draft.params.toUsers) ? (draft.params.toUsers as EntityLookup[]) : [];
  return (
    <>
      <FormGroup label="Recipient">
        {recipientKeys(type).map((k) => (
          <Checkbox key={k.key} inline label={k.label} checked={to.keys.includes(k.key)} onChange={(e) => setTo({ keys: e.currentTarget.checked ? [...to.keys, k.key] : to.keys.filter((x) => x !== k.key) })} />
        ))}
      </FormGroup>
      <LookupPicker
        id="email-technicians"
        label="Technicians"
        kind="technicians"
        ids={to.uids}
        named={users}
        onChange={(items) => set({ ...draft, params: { ...draft.params, to: { ...to, uids: items.map((u) => u.id) }, toUsers: items } })}
      />
      <TagInput id="email-addresses" label="Email addresses" placeholder="Type an email address and press Enter" tags={to.emails} onChange={(emails) => setTo({ emails })} />
      <FormGroup label="Subject" labelFor="email-subject">
        <InputGroup id="email-subject" value={String(draft.params.subject ?? '')} maxLength={EMAIL_SUBJECT_MAX} onValueChange={(v) => setParam('subject', v)} />
      </FormGroup>
      <FormGroup label="Body text" labelFor="email-body">
        <div className="edit-field-toolbar">
          <PlaceholderMenu type={type} onPick={(token) => setParam('body', appendToken(String(draft.params.body ?? ''), token))} />
        </div>
        <RichTextEditor id="email-body" value={String(draft.params.body ?? '')} onChange={(html) => setParam('body', html)} ariaLabel="Body text" minHeight={140} {...files} />
      </FormGroup>
      <Switch label="Allow email response by recipient" checked={draft.params.allowResponse === true} onChange={(e) => setParam('allowResponse', e.currentTarget.checked)} />
    </>
  );
}

function CommentFields({ type, draft, set, files }: { type: TriggerType; draft: TriggerAction; set(next: TriggerAction): void; files: BodyFileProps }) {
  const setParam = (key: string, value: unknown) => set({ ...draft, params: { ...draft.params, [key]: value } });
  return (
    <>
      <FormGroup label="Body text" labelFor="comment-body">
        <div className="edit-field-toolbar">
          <PlaceholderMenu type={type} onPick={(token) => setParam('body', appendToken(String(draft.params.body ?? ''), token))} />
        </div>
        <RichTextEditor id="comment-body" value={String(draft.params.body ?? '')} onChange={(html) => setParam('body', html)} ariaLabel="Body text" minHeight={140} {...files} />
      </FormGroup>
      <RadioGroup label="Response" inline selectedValue={draft.params.public === true ? 'public' : 'private'} onChange={(e) => setParam('public', e.currentTarget.value === 'public')}>
        <Radio label="Public" value="public" />
        <Radio label="Private" value="private" />
      </RadioGroup>
    </>
  );
}

/** A short line of what an email or comment action holds (the card's summary). */
function summary(action: TriggerAction): string {
  const text = (html: unknown) => String(html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (action.type === 'SEND_EMAIL') return action.params.subject ? `Subject: ${String(action.params.subject)}` : 'No subject yet';
  if (action.type === 'ADD_TICKET_COMMENT') return `${action.params.public === true ? 'Public' : 'Private'}: ${text(action.params.body).slice(0, 80) || 'no text yet'}`;
  return '';
}

interface ActionCardProps {
  index: number;
  type: TriggerType;
  action: TriggerAction;
  lists: TicketingLists;
  channels: readonly NotificationChannel[];
  error?: string;
  disabled?: boolean;
  onChange(action: TriggerAction): void;
  onRemove(): void;
  onMove(delta: -1 | 1): void;
  first: boolean;
  last: boolean;
}

function ActionCard({ index, type, action, lists, channels, error, disabled, onChange, onRemove, onMove, first, last }: ActionCardProps) {
  const [editing, setEditing] = useState(false);
  const changeTags = useTagsChange();
  const kind = actionKind(action);
  const id = `action-${index}`;
  let body: React.ReactNode;
  switch (kind) {
    case 'add_tags':
    case 'set_tags':
    case 'remove_tags':
      body = <TagInput id={`${id}-tags`} label="Tags" tags={tagsOf(action)} disabled={disabled} onChange={(tags) => changeTags(tags, tagsOf(action), (kept) => onChange(withTags(action, kept)))} />;
      break;
    case 'add_cc_list':
    case 'set_cc_list': {
      const emails = (propertyOf(action, 'emails') as string[] | undefined) ?? [];
      body = <TagInput id={`${id}-cc`} label="Email addresses" placeholder="Type an email address and press Enter" tags={emails} disabled={disabled} onChange={(next) => onChange(withProperty(action, 'emails', next))} />;
      break;
    }
    case 'update_ticket': {
      const field = changeField(action);
      const value = propertyOf(action, 'value');
      const choices = field === 'status' ? lists.statuses : field === 'priority' ? lists.priorities : field === 'severity' ? lists.severities : null;
      const pickedKind = ownValue(PICKED_FIELDS, field);
      body = (
        <div className="action-update">
          <FormGroup label="Field" labelFor={`${id}-field`}>
            <HTMLSelect id={`${id}-field`} value={field} disabled={disabled} onChange={(e) => onChange(withProperty(action, 'value', '', e.currentTarget.value))} options={UPDATE_FIELDS.map((f) => ({ label: f.label, value: f.field }))} />
          </FormGroup>
          {pickedKind ? (
            <UpdatePicker id={`${id}-value`} kind={pickedKind} value={value} disabled={disabled} onChange={(picked) => onChange(withProperty(action, 'value', picked))} />
          ) : (
          <FormGroup label="Value" labelFor={`${id}-value`}>
            {choices ? (
              <HTMLSelect id={`${id}-value`} value={String(value ?? '')} disabled={disabled} onChange={(e) => onChange(withProperty(action, 'value', e.currentTarget.value))} options={[{ label: 'Select...', value: '' }, ...choices.map((c) => ({ label: c.name, value: c.value }))]} />
            ) : (
              // §2.1: the subject is edited in its Edit field sub-dialog.
              <div className="action-summary">
                <span id={`${id}-value`}>{String(value ?? '') || 'No subject yet'}</span>
                <Button size="small" icon="edit" text="Edit" aria-label="Edit subject" disabled={disabled} onClick={() => setEditing(true)} />
              </div>
            )}
          </FormGroup>
          )}
        </div>
      );
      break;
    }
    case 'TICKET_LOG_ENTRY_TIME_TRACKER':
      body = (
        <div className="action-time">
          <FormGroup label="Value" labelFor={`${id}-time`}>
            <NumericInput
              buttonPosition="none"
              id={`${id}-time`}
              min={ADD_TIME_MIN}
              max={ADD_TIME_MAX}
              minorStepSize={null}
              disabled={disabled}
              value={action.params.value === null || action.params.value === undefined ? '' : String(action.params.value)}
              onValueChange={(n, text) => onChange({ ...action, params: { ...action.params, value: text === '' ? null : n } })}
            />
          </FormGroup>
          <FormGroup label="Unit" labelFor={`${id}-unit`}>
            <HTMLSelect id={`${id}-unit`} value={String(action.params.unit ?? 'MINUTES')} disabled={disabled} onChange={(e) => onChange({ ...action, params: { ...action.params, unit: e.currentTarget.value } })} options={TIME_UNITS.map((u) => ({ label: UNIT_LABELS[u]!, value: u }))} />
          </FormGroup>
        </div>
      );
      break;
    case 'SEND_NOTIFICATION': {
      const chosen = (Array.isArray(action.params.channels) ? action.params.channels : []) as Array<{ order: number; channelId: number; channelType: string }>;
      const setChannels = (next: typeof chosen) => onChange({ ...action, params: { ...action.params, channels: next.map((c, order) => ({ ...c, order })) } });
      body = (
        <FormGroup label="Channels">
          {channels.length === 0 && <span className={Classes.TEXT_MUTED}>No notification channels</span>}
          {channels.map((c) => (
            <Checkbox
              key={c.id}
              label={`${c.name} (${c.type})`}
              disabled={disabled}
              checked={chosen.some((x) => x.channelId === c.id)}
              onChange={(e) => setChannels(e.currentTarget.checked ? [...chosen, { order: chosen.length, channelId: c.id, channelType: c.type }] : chosen.filter((x) => x.channelId !== c.id))}
            />
          ))}
        </FormGroup>
      );
      break;
    }
    case 'SEND_EMAIL':
    case 'ADD_TICKET_COMMENT':
      body = (
        <div className="action-summary">
          <span>{summary(action)}</span>
          <Button size="small" icon="edit" text="Edit" disabled={disabled} onClick={() => setEditing(true)} />
        </div>
      );
      break;
    default:
      body = <span className={Classes.TEXT_MUTED}>Kept as it is: {JSON.stringify(action.params).slice(0, 120)}</span>;
  }
  return (
    <Card className="action-card" role="group" aria-label={`Action ${index + 1}: ${actionLabel(action)}`}>
      <div className="action-card-head">
        <Tag minimal>{index + 1}</Tag>
        <strong>{actionLabel(action)}</strong>
        <span className="spacer" />
        <Button variant="minimal" size="small" icon="arrow-up" aria-label="Move up" disabled={disabled || first} onClick={() => onMove(-1)} />
        <Button variant="minimal" size="small" icon="arrow-down" aria-label="Move down" disabled={disabled || last} onClick={() => onMove(1)} />
        <Button variant="minimal" size="small" icon="trash" aria-label={`Remove ${actionLabel(action)}`} disabled={disabled} onClick={onRemove} />
      </div>
      {body}
      {error && (
        <Callout intent={Intent.DANGER} compact className="action-error">
          {error}
        </Callout>
      )}
      {editing && (
        <EditFieldDialog action={action} onApply={onChange} onClose={() => setEditing(false)}>
          {(draft, set, files) =>
            kind === 'SEND_EMAIL' ? (
              <EmailFields type={type} draft={draft} set={set} files={files} />
            ) : kind === 'ADD_TICKET_COMMENT' ? (
              <CommentFields type={type} draft={draft} set={set} files={files} />
            ) : (
              <FormGroup label="Subject" labelFor="subject-change">
                <InputGroup id="subject-change" value={String(propertyOf(draft, 'value') ?? '')} maxLength={SUBJECT_CHANGE_MAX} onValueChange={(v) => set(withProperty(draft, 'value', v))} />
              </FormGroup>
            )
          }
        </EditFieldDialog>
      )}
    </Card>
  );
}

interface ActionsEditorProps {
  type: TriggerType;
  actions: TriggerAction[];
  lists: TicketingLists;
  channels: readonly NotificationChannel[];
  errors: Record<string, string>;
  disabled?: boolean;
  onChange(actions: TriggerAction[]): void;
}

export function ActionsEditor({ type, actions, lists, channels, errors, disabled, onChange }: ActionsEditorProps) {
  const offered = offeredActions(type);
  return (
    <div className="actions-editor">
      <FormError message={errors.actions} />
      {actions.map((action, i) => (
        <ActionCard
          key={i}
          index={i}
          type={type}
          action={action}
          lists={lists}
          channels={channels}
          error={errors[`actions.${i}`]}
          disabled={disabled}
          first={i === 0}
          last={i === actions.length - 1}
          onChange={(next) => onChange(actions.map((a, j) => (j === i ? next : a)))}
          onRemove={() => onChange(actions.filter((_, j) => j !== i))}
          onMove={(delta) => onChange(moveAt(actions, i, delta))}
        />
      ))}
      <Popover
        placement="bottom-start"
        disabled={disabled}
        content={
          <Menu aria-label="Add action">
            {offered.map((k) => (
              // §4.1: one-time actions only once.
              <MenuItem key={k.key} text={k.label} disabled={!canAddAction(type, actions, k.key)} onClick={() => onChange([...actions, newAction(k.key)])} />
            ))}
          </Menu>
        }
      >
        <Button icon="add" text="Add action" rightIcon="caret-down" disabled={disabled} />
      </Popover>
    </div>
  );
}
