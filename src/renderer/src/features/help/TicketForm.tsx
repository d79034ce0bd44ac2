/**
 * The Submit help ticket view (spec §2.1, §3 "Help ticket", §4, §5, §8):
 * subject (with related articles), body in the rich-text editor (at most 500
 * characters, @-mentions of technicians), priority, category, phone, the
 * callback checkbox (not for Billing and API), CC of technicians, and
 * attachments (the shared FilePicker). Files pasted or dropped into the
 * description upload at once and wait in the editor's attachment tray. Submit
 * hands the picked files to the main process one at a time (each uploaded as
 * its last piece arrives), then creates the ticket with the tokens of both.
 */
import './HelpPanel.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, Callout, Checkbox, Classes, FormGroup, HTMLSelect, InputGroup, Intent, MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RichTextEditor } from '../../../../editor';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type HelpArticle,
  type HelpContext,
  type Technician,
  type TicketCategory,
  type TicketPriority,
} from '../../../../shared/model/help';
import {
  callbackAvailable,
  HELP_MESSAGES,
  HELP_SEARCH_DELAY_MS,
  RELATED_ARTICLES_SHOWN,
  shouldSearchRelated,
  TICKET_BODY_MAX_LENGTH,
  validateTicketForm,
  type TicketFormErrors,
} from '../../../../shared/rules/help';
import { DESCRIPTION_FILE_TYPES, DESCRIPTION_MESSAGES } from '../../../../shared/rules/help/description';
import { DEFAULT_PHONE_COUNTRY, phoneValue, validatePhone } from '../../../../shared/rules/help/phone';
import { api, errorMessage } from '../../core/api';
import { useQuery } from '../../core/data/use-query';
import { presentError, toastSuccess } from '../../core/toaster';
import { ArticleItems } from './ArticleList';
import { AttachmentsField, type AttachmentUploadState } from './AttachmentsField';
import { cancelTicketSubmission, discardTicketAttachment, searchHelpArticles, stageTicketAttachment, submitHelpTicket, uploadTicketAttachment } from './client';
import { useDescriptionFiles } from './description-uploads';
import { PhoneInput, type PhoneState } from '../../components/inputs/PhoneInput';
import { discardStagedFile, uploadStagedFile, type StagedFileCalls } from '../../components/staged-files';
import './TicketForm.css';

const PRIORITY_LABELS: Record<TicketPriority, string> = { LOW: 'Low', NORMAL: 'Normal', HIGH: 'High', URGENT: 'Urgent' };

const filterTechnician: ItemPredicate<Technician> = (query, technician) => {
  const q = query.trim().toLowerCase();
  return !q || technician.name.toLowerCase().includes(q) || technician.email.toLowerCase().includes(q);
};

function CcSelect({ technicians, selected, onChange, disabled }: { technicians: Technician[]; selected: Technician[]; onChange: (selected: Technician[]) => void; disabled: boolean }) {
  const isSelected = (technician: Technician) => selected.some((s) => s.id === technician.id);
  const renderItem: ItemRenderer<Technician> = (technician, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={technician.id}
        ref={ref}
        active={modifiers.active}
        roleStructure="listoption"
        selected={isSelected(technician)}
        text={technician.name}
        label={technician.email}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const toggle = (technician: Technician) => onChange(isSelected(technician) ? selected.filter((s) => s.id !== technician.id) : [...selected, technician]);
  return (
    <MultiSelect<Technician>
      items={technicians}
      selectedItems={selected}
      itemRenderer={renderItem}
      itemPredicate={filterTechnician}
      itemsEqual="id"
      onItemSelect={toggle}
      onRemove={(technician) => toggle(technician)}
      tagRenderer={(technician) => technician.name}
      placeholder="Add technicians to CC"
      noResults={<MenuItem disabled text="No technicians found" roleStructure="listoption" />}
      resetOnSelect
      fill
      disabled={disabled}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      tagInputProps={{ inputProps: { 'aria-label': 'CC technicians' } }}
    />
  );
}

/** After a submission: no upload is under way any more; what the server answered stays. */
function finishedUploads(current: ReadonlyMap<File, AttachmentUploadState>): Map<File, AttachmentUploadState> {
  const next = new Map<File, AttachmentUploadState>();
  for (const [file, state] of current) if (state.attachment) next.set(file, { percent: null, attachment: state.attachment });
  return next;
}

/** The main-process calls that take a picked file: its pieces, its upload, its removal. */
const ATTACHMENT_CALLS: StagedFileCalls = {
  stage: (piece) => stageTicketAttachment(piece),
  upload: (uploadId) => uploadTicketAttachment({ uploadId }),
  discard: (uploadId) => discardTicketAttachment({ uploadId }),
};

/** Related articles for the subject (§5): at least 3 non-space characters, not branded, after the search delay. */
function useRelatedArticles(subject: string, branded: boolean, enabled: boolean): HelpArticle[] {
  const [found, setFound] = useState<{ query: string; articles: HelpArticle[] }>({ query: '', articles: [] });
  const query = subject.trim();
  const wanted = enabled && shouldSearchRelated(subject, branded);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const timer = window.setTimeout(() => {
      searchHelpArticles({ query }).then(
        (answer) => {
          if (live) setFound({ query, articles: answer.articles.slice(0, RELATED_ARTICLES_SHOWN) });
        },
        () => {
          if (live) setFound({ query, articles: [] });
        },
      );
    }, HELP_SEARCH_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [query, wanted]);
  return wanted && found.query === query ? found.articles : [];
}

export function TicketForm({ context, onBack, onSent }: { context: HelpContext; onBack: () => void; onSent: () => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [bodyLength, setBodyLength] = useState(0);
  const [priority, setPriority] = useState<TicketPriority | ''>('');
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [phone, setPhone] = useState<PhoneState>({ country: DEFAULT_PHONE_COUNTRY, text: '' });
  const [callback, setCallback] = useState(false);
  const [cc, setCc] = useState<Technician[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** Per picked file: upload progress, then the server's answer (its card shows the uploadStatus, §4). */
  const [uploads, setUploads] = useState<ReadonlyMap<File, AttachmentUploadState>>(new Map());
  const setUpload = (file: File, state: AttachmentUploadState) => setUploads((current) => new Map(current).set(file, state));
  const [stage, setStage] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ intent: Intent; message: string } | null>(null);
  const submission = useRef<string | null>(null);
  /** Stops handing over the picked files (Cancel on a card while they upload). */
  const handOver = useRef<AbortController | null>(null);
  const attachmentsRef = useRef<HTMLDivElement>(null);
  const descriptionFiles = useDescriptionFiles();

  const technicians = useQuery('help.technicians', {}, () => presentError(HELP_MESSAGES.userRolesFailed));
  const activeTechnicians = useMemo(() => (technicians.data ?? []).filter((t) => !t.deleted), [technicians.data]);
  const related = useRelatedArticles(subject, context.branded, context.articlesEnabled);

  const phoneNumber = phoneValue(phone.country, phone.text);
  const phoneError = validatePhone(phoneNumber, phone.country);
  const errors: TicketFormErrors = validateTicketForm({ subject, bodyTextLength: bodyLength, priority, category, phoneError });
  const shown = (field: keyof TicketFormErrors) => (showErrors || (field === 'phone' && phone.text.trim() !== '') ? errors[field] : undefined);

  useEffect(
    () =>
      api.on('help.ticketProgress', (progress) => {
        // The picked files are uploaded before the ticket call: only its creating stage is left to show.
        if (progress.submissionId === submission.current && progress.stage === 'creating') setStage(null);
      }),
    [],
  );

  // While submitting, the attachment cards (progress, cancel, each one's status) are in view, above the submitting bar.
  useEffect(() => {
    if (submitting) attachmentsRef.current?.querySelector('.file-picker-list')?.scrollIntoView({ block: 'nearest' });
  }, [submitting]);

  // The technicians for @-mentions: deleted ones show as deleted, the editor caches per query.
  const searchMentions = useMemo(() => {
    const all = technicians.data ?? [];
    return async (query: string) => {
      const q = query.toLowerCase();
      return all
        .filter((t) => t.name.toLowerCase().includes(q) || t.email.toLowerCase().startsWith(q))
        .map((t) => ({ id: t.id, name: t.name, deleted: t.deleted, permitted: t.permitted }));
    };
  }, [technicians.data]);

  const submit = async () => {
    setShowErrors(true);
    setProblem(null);
    if (Object.keys(errors).length > 0 || !priority || !category) return;
    if (descriptionFiles.uploading()) {
      setProblem({ intent: Intent.WARNING, message: DESCRIPTION_MESSAGES.stillUploading });
      return;
    }
    const submissionId = crypto.randomUUID();
    submission.current = submissionId;
    const controller = new AbortController();
    handOver.current = controller;
    /** The picked files uploaded for this try, in order (each try hands them over again, as §8 removes them after a failure). */
    const uploadIds: string[] = [];
    setUploads(new Map());
    setSubmitting(true);
    try {
      for (const [index, file] of files.entries()) {
        setStage(`Uploading ${file.name} (${index + 1} of ${files.length})`);
        setUpload(file, { percent: 0, attachment: null });
        const { uploadId, ...attachment } = await uploadStagedFile(ATTACHMENT_CALLS, file, (percent) => setUpload(file, { percent, attachment: null }), controller.signal);
        uploadIds.push(uploadId);
        setUpload(file, { percent: null, attachment });
      }
      setStage(null);
      const result = await submitHelpTicket({
        submissionId,
        ticketSubject: subject.trim(),
        ticketBody: body,
        ticketPriority: priority,
        ticketPhoneNumber: phoneNumber,
        ticketCategory: category,
        ticketCallback: callbackAvailable(category) && callback,
        ticketCc: cc.map((t) => t.email),
        attachmentFiles: uploadIds,
        descriptionFiles: descriptionFiles.uploadIds(),
      });
      if (result.status === 'sent') {
        descriptionFiles.sent();
        toastSuccess(HELP_MESSAGES.ticketSent);
        onSent();
        return;
      }
      // resultCode FAILURE: not registered in the community (§8). The attachments stay uploaded: their cards keep their status.
      setProblem({ intent: Intent.WARNING, message: result.message });
    } catch (error) {
      // §8: any other failure removes the uploaded attachments (the main process did once it had the ticket call), so their
      // cards are local files again.
      for (const uploadId of uploadIds) discardStagedFile(ATTACHMENT_CALLS, uploadId);
      setUploads(new Map());
      const message = errorMessage(error);
      setProblem({ intent: Intent.DANGER, message });
      presentError(message);
    } finally {
      submission.current = null;
      handOver.current = null;
      setSubmitting(false);
      setUploads((current) => finishedUploads(current));
      setStage(null);
    }
  };

  const cancelUpload = () => {
    handOver.current?.abort();
    if (submission.current) void cancelTicketSubmission({ submissionId: submission.current });
  };

  return (
    <>
      <div className={`${Classes.DRAWER_BODY} help-body help-ticket`} data-testid="help-view" data-view="ticket">
        <form
          id="help-ticket-form"
          aria-label={HELP_MESSAGES.ticketTitle}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset disabled={submitting} className="help-fieldset">
            <FormGroup label="Subject" labelFor="help-ticket-subject" labelInfo="*" intent={shown('subject') ? Intent.DANGER : Intent.NONE} helperText={shown('subject')}>
              <InputGroup id="help-ticket-subject" value={subject} maxLength={255} onValueChange={setSubject} intent={shown('subject') ? Intent.DANGER : Intent.NONE} />
            </FormGroup>
            {related.length > 0 && (
              <div className="help-related" data-testid="help-related">
                <h3 className={`${Classes.HEADING} help-section-title`}>Related articles</h3>
                <ArticleItems articles={related} label="Related articles" testId="help-related-articles" />
              </div>
            )}
            <FormGroup label={<span id="help-ticket-body-label">Description</span>} labelInfo="*" intent={shown('body') ? Intent.DANGER : Intent.NONE} helperText={shown('body')}>
              <RichTextEditor
                value={body}
                onChange={(html, length) => {
                  setBody(html);
                  setBodyLength(length);
                }}
                readOnly={submitting}
                maxLength={TICKET_BODY_MAX_LENGTH}
                enforceMaxLength={false}
                placeholder="Describe the problem"
                ariaLabelledBy="help-ticket-body-label"
                searchMentions={searchMentions}
                uploadAttachment={descriptionFiles.upload}
                allowedAttachmentTypes={DESCRIPTION_FILE_TYPES}
                onAttachmentsChange={descriptionFiles.onTrayChange}
                attachButton={false}
                attachmentTrayLabel={DESCRIPTION_MESSAGES.trayLabel}
                data-testid="help-ticket-body"
              />
            </FormGroup>
            <div className="help-row">
              <FormGroup label="Priority" labelFor="help-ticket-priority" labelInfo="*" intent={shown('priority') ? Intent.DANGER : Intent.NONE} helperText={shown('priority')}>
                <HTMLSelect
                  id="help-ticket-priority"
                  value={priority}
                  onChange={(event) => setPriority(event.currentTarget.value as TicketPriority | '')}
                  options={[{ value: '', label: 'Select priority', disabled: true }, ...TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))]}
                  fill
                />
              </FormGroup>
              <FormGroup label="Category" labelFor="help-ticket-category" labelInfo="*" intent={shown('category') ? Intent.DANGER : Intent.NONE} helperText={shown('category')}>
                <HTMLSelect
                  id="help-ticket-category"
                  value={category}
                  onChange={(event) => setCategory(event.currentTarget.value as TicketCategory | '')}
                  options={[{ value: '', label: 'Select category', disabled: true }, ...TICKET_CATEGORIES.map((c) => ({ value: c, label: c }))]}
                  fill
                />
              </FormGroup>
            </div>
            <PhoneInput id="help-ticket-phone" label="Phone number" state={phone} error={shown('phone') ?? null} onChange={setPhone} />
            {callbackAvailable(category) && <Checkbox label={HELP_MESSAGES.callback} checked={callback} onChange={(event) => setCallback(event.currentTarget.checked)} />}
            <FormGroup label="CC" helperText={technicians.error ? HELP_MESSAGES.userRolesFailed : undefined}>
              <CcSelect technicians={activeTechnicians} selected={cc} onChange={setCc} disabled={submitting} />
            </FormGroup>
          </fieldset>
          <div ref={attachmentsRef}>
            <AttachmentsField
              files={files}
              onFilesChange={(next) => {
                setFiles(next);
                setUploads((current) => new Map([...current].filter(([file]) => next.includes(file))));
              }}
              submitting={submitting}
              uploads={uploads}
              onCancelUpload={cancelUpload}
            />
          </div>
          {problem && (
            <Callout intent={problem.intent} role="alert" data-testid="help-ticket-problem">
              {problem.message}
            </Callout>
          )}
        </form>
        {/* A bar, not an overlay: the attachment cards (progress, cancel, status) stay visible and usable while submitting. */}
        {submitting && (
          <div className="help-submitting-bar" role="status" data-testid="help-submitting">
            <Spinner size={24} />
            <span>{HELP_MESSAGES.submitting}</span>
            {stage && <span className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>{stage}</span>}
          </div>
        )}
      </div>
      <div className={`${Classes.DRAWER_FOOTER} help-footer`}>
        <Button text="Back" icon="arrow-left" onClick={onBack} disabled={submitting} />
        <Button type="submit" form="help-ticket-form" intent={Intent.PRIMARY} text="Submit" loading={submitting} />
      </div>
    </>
  );
}
