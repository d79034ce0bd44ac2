/**
 * One entry of a ticket's conversation: a public reply, an
 * internal reply on a warning background (§6: isPublic false), or a system
 * log entry (what changed, field from → to); its author and time, its time
 * entry, its attachments in a 4-column grid (§9.4; PROCESSING a placeholder,
 * §4.4), and on entries an automation or ruleset made the automation link
 * (§2.5). The html is the instance's: read through the editor's schema only
 * (entry-html.tsx); mentions show the §6 tooltip, inline images load through
 * the main process (InlineImage).
 */
import { Button, Classes, Icon, Intent, Tag, Tooltip } from '@blueprintjs/core';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import type { ConversationEntry as Entry, EntryAutomation, TicketAttachment } from '../../../../shared/model/tickets';
import { htmlNamesContentId, mentionName, mentionNote, mentionTooltip, type Mention } from '../../../../shared/rules/tickets/reply';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { AttachmentCard } from '../../components/AttachmentCard';
import { presentError } from '../../core/toaster';
import { openExternalLink, readInlineImage } from './client';
import { parseEntryHtml, renderEntryDoc, type EntryImageAttrs, type EntryMentionAttrs, type EntryRenderers } from './entry-html';
import { InlineImage, type ViewedImage } from './InlineImage';
import { BILLING_TYPES } from './TimeEntryFields';
import { FIELD_LABELS, formatMinutes, inlineImageAttachment } from './ticket-page-rules';

const AUTHOR_TYPES: Record<string, string> = { TECHNICIAN: 'Technician', END_USER: 'End user', SYSTEM: 'System' };

/** A link in an entry: the main process opens allow-listed https links (browser mode: a new tab); the console never navigates. */
async function openLink(url: string): Promise<void> {
  try {
    const result = await openExternalLink({ url });
    if (!result.opened) window.open(result.url, '_blank', 'noopener,noreferrer');
  } catch (error) {
    presentError(error, { key: 'entry-link' });
  }
}

type EntryKind = 'public' | 'internal' | 'log';

/** A reply is public or internal (§6); anything else (LOG, or a kind of the instance's own) is a log entry. */
function entryKind(entry: Pick<Entry, 'kind' | 'isPublic'>): EntryKind {
  if (entry.kind !== 'REPLY') return 'log';
  return entry.isPublic ? 'public' : 'internal';
}

const formatTime = (epoch: number) =>
  Number.isFinite(epoch) && epoch > 0 ? new Date(epoch).toLocaleString(undefined, { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit' }) : '-';

function MentionChip({ attrs, tagged }: { attrs: EntryMentionAttrs; tagged: readonly Mention[] }) {
  // §6: matched against the entry's techniciansTagged; an id not found there is 'User not Found'.
  const mention = tagged.find((m) => String(m.id) === attrs.id);
  const shown = (mention && mentionName(mention)) || attrs.label || `user:${attrs.id}`;
  const note = mentionNote(mention);
  const status = !mention ? 'unknown' : mention.deleted === true ? 'deleted' : mention.permitted === false ? 'notPermitted' : 'ok';
  const tooltip = mentionTooltip(mention, shown);
  return (
    <Tooltip content={tooltip} placement="top" compact>
      <span className={`entry-mention entry-mention--${status}`} tabIndex={0} data-testid="entry-mention" data-status={status} data-mention-id={attrs.id} data-tooltip={tooltip}>
        @{shown}
        {note && <span className="visually-hidden"> ({note})</span>}
      </span>
    </Tooltip>
  );
}

function Changes({ entry }: { entry: Entry }) {
  if (entry.changes.length === 0) return null;
  const value = (v: string | null) => (v === null || v === '' ? <span className={Classes.TEXT_MUTED}>(none)</span> : v);
  return (
    <ul className="entry-changes" aria-label="Changes">
      {entry.changes.map((change, index) => (
        <li key={`${change.field}-${index}`}>
          <strong>{ownValue(FIELD_LABELS, change.field) ?? change.field}</strong>: {value(change.from)} <Icon icon="arrow-right" size={12} aria-label="changed to" /> {value(change.to)}
        </li>
      ))}
    </ul>
  );
}

/** A billing type by its name ('Non-billable'); one the console does not list shows raw. */
const billingLabel = (type: string | null) => (type ? (BILLING_TYPES.find((b) => b.value === type)?.label ?? type) : null);

function TimeEntryLine({ entry }: { entry: Entry }) {
  const time = entry.timeEntry;
  if (!time) return null;
  const parts = [formatMinutes(time.timeTracked), time.remote ? 'Remote' : 'On site', time.startDate ? `started ${formatTime(time.startDate)}` : null, billingLabel(time.billingType)].filter(Boolean);
  return (
    <div className={`entry-time ${Classes.TEXT_SMALL}`} data-testid="entry-time">
      <Icon icon="time" size={12} /> Time entry: {parts.join(' · ')}
    </div>
  );
}

interface EntryProps {
  ticketId: number;
  entry: Entry;
  onOpenImage(image: ViewedImage): void;
  onOpenAutomation(automation: EntryAutomation): void;
}

function ConversationEntryView({ ticketId, entry, onOpenImage, onOpenAutomation }: EntryProps) {
  const kind = entryKind(entry);
  const doc = useMemo(() => (entry.htmlBody.trim() ? parseEntryHtml(entry.htmlBody) : null), [entry.htmlBody]);
  const renderers = useMemo<EntryRenderers>(
    () => ({
      image: (attrs: EntryImageAttrs, key: string) => (
        <InlineImage
          key={key}
          ticketId={ticketId}
          entryId={entry.id}
          attachment={inlineImageAttachment(attrs.cid, entry.attachments)}
          dataUrl={attrs.cid ? null : attrs.src}
          alt={attrs.alt}
          width={attrs.width}
          height={attrs.height}
          onOpen={onOpenImage}
        />
      ),
      mention: (attrs: EntryMentionAttrs, key: string) => <MentionChip key={key} attrs={attrs} tagged={entry.techniciansTagged} />,
      openLink: (href: string) => void openLink(href),
    }),
    [ticketId, entry.id, entry.attachments, entry.techniciansTagged, onOpenImage],
  );
  const body: ReactNode = doc ? renderEntryDoc(doc, renderers) : entry.body ? <p className="entry-plain">{entry.body}</p> : null;
  // Inline pictures the body shows are not listed again beside it.
  const files = entry.attachments.filter((a) => !(a.metadata.inline && htmlNamesContentId(entry.htmlBody, a.metadata.contentId)));
  const loadPreview = useCallback((attachmentId: string) => readInlineImage({ ticketId, attachmentId }).then((image) => image.dataUrl), [ticketId]);
  const label = kind === 'internal' ? 'Internal reply' : kind === 'public' ? 'Public reply' : entry.kind === 'LOG' ? 'Log entry' : `${entry.kind} entry`;

  return (
    <article className={`conversation-entry conversation-entry--${kind}`} aria-label={`${label} by ${entry.author.name || 'unknown'}`} data-testid="conversation-entry" data-kind={kind} data-entry-id={entry.id}>
      <header className="entry-header">
        <Icon icon={kind === 'log' ? 'history' : entry.author.type === 'END_USER' ? 'person' : 'user'} className={Classes.TEXT_MUTED} />
        <span className="entry-author">{entry.author.name || 'Unknown'}</span>
        <span className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>{ownValue(AUTHOR_TYPES, entry.author.type) ?? entry.author.type}</span>
        {kind === 'internal' && (
          <Tag minimal intent={Intent.WARNING} icon="lock">
            Internal
          </Tag>
        )}
        {kind === 'log' && entry.kind !== 'LOG' && <Tag minimal>{entry.kind}</Tag>}
        <time className={`entry-time-stamp ${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`} dateTime={Number.isFinite(entry.createTime) ? new Date(entry.createTime).toISOString() : undefined}>
          {formatTime(entry.createTime)}
        </time>
      </header>
      {entry.automation && (
        <div className="entry-automation">
          <Icon icon="automatic-updates" size={12} className={Classes.TEXT_MUTED} />
          <span className={Classes.TEXT_SMALL}>Made by</span>
          <Button variant="minimal" size="small" intent={Intent.PRIMARY} className="entry-automation-link" onClick={() => onOpenAutomation(entry.automation!)} data-testid="automation-link">
            {entry.automation.name || `#${entry.automation.id}`}
          </Button>
        </div>
      )}
      {body && <div className="entry-body">{body}</div>}
      <Changes entry={entry} />
      <TimeEntryLine entry={entry} />
      {files.length > 0 && (
        <div className="entry-attachments" role="list" aria-label="Attachments">
          {files.map((a: TicketAttachment) => (
            <div role="listitem" key={a.id}>
              <AttachmentCard name={a.metadata.name} type={a.metadata.contentType ?? undefined} size={a.metadata.size ?? 0} uploadStatus={a.uploadStatus} attachmentId={a.id} loadPreview={loadPreview} />
            </div>
          ))}
        </div>
      )}
    </article>
  );
}

export const ConversationEntry = memo(ConversationEntryView);
