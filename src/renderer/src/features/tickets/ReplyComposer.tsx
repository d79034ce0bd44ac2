/**
 * The reply composer of a ticket's page (spec
 * ticketing-automations-psa.md §3.5 ticket editor data and time entry, §4.4,
 * §5.5, §6, §9.4): the rich-text editor (at most 450 px high) with mentions
 * of technicians and their §6 tooltips, files in a 4-column grid, inline
 * pictures, the Public/Internal switch (internal by default, on a warning
 * background while internal), a time entry, and Send, enabled only for a
 * non-empty reply (§5.5) with every file uploaded and the instance
 * reachable. The draft is kept on this computer as it is typed
 * (use-reply-draft.ts) and restored when the ticket opens again; a send that
 * fails keeps everything typed.
 */
import './reply.css';
import { Alert, Button, Callout, Intent, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MENTIONS_EDITOR_MAX_LIST_DEPTH, RichTextEditor } from '../../../../editor';
import type { ConversationEntry, TicketDetail } from '../../../../shared/model/tickets';
import { mentionName, ticketDraftKey, type ReplyDraft } from '../../../../shared/rules/tickets/reply';
import { ApiError, errorMessage } from '../../core/api';
import { presentError } from '../../core/toaster';
import { useOffline } from '../../core/use-connectivity';
import { readMentions, sendReply } from './client';
import { describeMention, draftUploads, htmlForEditor, htmlWithContentIds, mentionedTechnicians, replyText, sendState } from './reply-content';
import { ReplyAttachments } from './ReplyAttachments';
import { TimeEntryFields } from './TimeEntryFields';
import { useReplyDraft, type ReplyDraftState } from './use-reply-draft';
import { useReplyFiles } from './use-reply-files';

/** §9.4: the editor input is at most 450 px high. */
const REPLY_EDITOR_MAX_HEIGHT = 450;

/** Shown for a draft's picture until it is fetched (or when it cannot be): a grey frame. */
const PICTURE_PLACEHOLDER = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#d3d8de"/></svg>',
)}`;

interface ReplyComposerProps {
  ticket: TicketDetail;
  /** The instance confirmed the reply: its entry and the ticket as it is now. The composer is empty again. */
  onSent(result: { entry: ConversationEntry; ticket: TicketDetail }): void;
}

export function ReplyComposer({ ticket, onSent }: ReplyComposerProps) {
  return <DraftedComposer key={ticket.id} ticket={ticket} onSent={onSent} />;
}

function DraftedComposer({ ticket, onSent }: ReplyComposerProps) {
  const drafts = useReplyDraft(ticketDraftKey(ticket.id));
  if (drafts.readError) {
    return (
      <section className="reply-composer" aria-label="Reply">
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {drafts.readError} <Button text="Retry" variant="minimal" onClick={drafts.retry} />
        </Callout>
      </section>
    );
  }
  if (!drafts.ready) {
    return (
      <section className="reply-composer reply-composer--loading" aria-label="Reply" aria-busy="true">
        <Spinner size={20} aria-label="Reading the saved draft" />
      </section>
    );
  }
  return <ReplyForm key={drafts.generation} ticket={ticket} onSent={onSent} drafts={drafts} />;
}

function timeOf(at: number): string {
  return new Date(at).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function ReplyForm({ ticket, onSent, drafts }: ReplyComposerProps & { drafts: ReplyDraftState }) {
  const initial = drafts.initial;
  const offline = useOffline();
  const files = useReplyFiles(ticket.id, initial.uploads);
  /** The body as a draft keeps it: inline pictures named `cid:<contentId>`. */
  const [html, setHtml] = useState(initial.htmlBody);
  const [isPublic, setIsPublic] = useState(initial.isPublic);
  const [timeEntry, setTimeEntry] = useState(initial.timeEntry);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const { pictureOf, picturesVersion } = files;
  // The editor shows each picture from this computer. The pictures are looked up synchronously (a picture just uploaded
  // must be known when the editor reports it); the version says when a restored one was fetched, and redraws it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const editorHtml = useMemo(() => htmlForEditor(html, pictureOf, PICTURE_PLACEHOLDER), [html, pictureOf, picturesVersion]);

  const draft: ReplyDraft = useMemo(
    () => ({
      body: replyText(html),
      htmlBody: html,
      uploads: draftUploads(
        files.files.flatMap((file) => (file.upload ? [file.upload] : [])),
        files.inline,
        html,
      ),
      isPublic,
      techniciansTagged: mentionedTechnicians(html),
      timeEntry,
    }),
    [html, files.files, files.inline, isPublic, timeEntry],
  );

  // Every change is saved as it is typed (debounced in the hook); the draft as opened is not written again.
  const lastSaved = useRef(JSON.stringify(draft));
  const { change } = drafts;
  useEffect(() => {
    const json = JSON.stringify(draft);
    if (json === lastSaved.current) return;
    lastSaved.current = json;
    change(draft);
  }, [draft, change]);

  const state = sendState({ draft, uploading: files.uploading, failedFiles: files.failed, offline, sending, loading: false });

  const searchMentions = useCallback(
    async (search: string) =>
      (await readMentions({ ticketId: ticket.id, search })).map((mention) => ({
        id: mention.id,
        name: mentionName(mention) || String(mention.id),
        deleted: mention.deleted === true,
        permitted: mention.permitted !== false,
      })),
    [ticket.id],
  );

  const send = async () => {
    if (!state.enabled) return;
    setSending(true);
    setSendError(null);
    try {
      // The store holds what is sent: a failed send leaves exactly this draft.
      await drafts.flush();
      const result = await sendReply({ ticketId: ticket.id, draft });
      onSent(result);
      drafts.sent();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BAD_RESPONSE') {
        // The instance took the reply but its answer could not be read: the main process has deleted the
        // draft, so the form empties too (a second Send would post it twice) and says what happened.
        drafts.sent();
        presentError(error, { key: 'reply-sent-unread' });
        return;
      }
      setSendError(errorMessage(error));
      setSending(false);
    }
  };

  const draftStatus = drafts.error ?? (drafts.pending ? 'Saving draft…' : drafts.savedAt ? `Draft saved ${timeOf(drafts.savedAt)}` : '');

  return (
    <section
      className={`reply-composer ${isPublic ? 'reply-composer--public' : 'reply-composer--internal'}`}
      aria-label="Reply"
      data-testid="reply-composer"
      data-visibility={isPublic ? 'public' : 'internal'}
      onKeyDown={(event) => {
        // Ctrl+Enter (Cmd+Enter) sends, as in mail clients.
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && state.enabled) {
          event.preventDefault();
          void send();
        }
      }}
    >
      <div className="reply-composer-header">
        <h3 className="reply-composer-title">{isPublic ? 'Public reply' : 'Internal note'}</h3>
        <SegmentedControl
          size="small"
          aria-label="Reply visibility"
          options={[
            { label: 'Internal', value: 'internal' },
            { label: 'Public', value: 'public' },
          ]}
          value={isPublic ? 'public' : 'internal'}
          disabled={sending}
          onValueChange={(value) => setIsPublic(value === 'public')}
        />
        <span className="reply-composer-visibility-hint">{isPublic ? 'The requester sees this reply.' : 'Only technicians see this note.'}</span>
      </div>

      {drafts.restoredAt !== null && (
        <Callout className="reply-draft-restored" intent={Intent.PRIMARY} icon="history" compact data-testid="reply-draft-restored">
          <span>Draft restored (saved {timeOf(drafts.restoredAt)}).</span>
          <Button size="small" variant="minimal" text="Discard" intent={Intent.DANGER} disabled={sending} onClick={() => setConfirmDiscard(true)} />
          <Button size="small" variant="minimal" icon="cross" aria-label="Hide this notice" onClick={drafts.dismissRestored} />
        </Callout>
      )}

      <RichTextEditor
        value={editorHtml}
        onChange={(next) => setHtml(htmlWithContentIds(next))}
        readOnly={sending}
        maxHeight={REPLY_EDITOR_MAX_HEIGHT}
        minHeight={120}
        placeholder={isPublic ? 'Write a reply to the requester… (@ to mention a technician)' : 'Write an internal note… (@ to mention a technician)'}
        ariaLabel={isPublic ? 'Public reply' : 'Internal note'}
        uploadImage={files.uploadImage}
        uploadAttachment={files.uploadAttachment}
        // No allow-list here: the main process checks every file and its refusal names the types it takes
        // ('Only jpg, jpeg, png, mov, txt file extensions are supported.'), which the editor's own refusal does not.
        showAttachmentTray={false}
        searchMentions={searchMentions}
        describeMention={describeMention}
        // The mentions editor nests lists at most 5 deep (§9), not the editor's usual 7.
        maxListDepth={MENTIONS_EDITOR_MAX_LIST_DEPTH}
        data-testid="reply-editor"
      />

      <ReplyAttachments files={files.files} onCancel={files.cancel} onRemove={files.remove} loadPreview={files.previewOf} disabled={sending} />

      <TimeEntryFields value={timeEntry} onChange={setTimeEntry} organizationId={ticket.organization?.id ?? null} disabled={sending} />

      {sendError && (
        <Callout intent={Intent.DANGER} role="alert" compact data-testid="reply-send-error" title="The reply was not sent">
          {sendError}
        </Callout>
      )}

      <div className="reply-composer-footer">
        <span className="reply-draft-status" role="status" data-testid="reply-draft-status" data-pending={String(drafts.pending)} data-saved-at={drafts.savedAt ?? ''}>
          {draftStatus}
        </span>
        {state.reason && !sending && (
          <span id={`reply-send-reason-${ticket.id}`} className={`reply-send-reason${offline ? ' reply-send-reason--offline' : ''}`} data-testid="reply-send-reason">
            {state.reason}
          </span>
        )}
        <Button
          intent={isPublic ? Intent.PRIMARY : Intent.WARNING}
          icon="send-message"
          text={isPublic ? 'Send public reply' : 'Send internal note'}
          loading={sending}
          disabled={!state.enabled}
          // Ctrl+Enter sends (the section's handler): said to screen readers and on hover, else nobody finds it.
          aria-keyshortcuts="Control+Enter Meta+Enter"
          title="Send (Ctrl+Enter)"
          aria-describedby={state.reason && !sending ? `reply-send-reason-${ticket.id}` : undefined}
          onClick={() => void send()}
        />
      </div>

      <Alert
        isOpen={confirmDiscard}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Discard draft"
        cancelButtonText="Keep it"
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setConfirmDiscard(false);
          void drafts.discard();
        }}
      >
        Discard this draft? What you wrote, its files and its time entry are removed from this computer.
      </Alert>
    </section>
  );
}
