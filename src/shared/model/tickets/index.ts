/**
 * The ticket workspace (spec/ticketing-automations-psa.md §2.5,
 * §3.5, §4.4, §6): a ticket with its header fields and conversation, the
 * entries of that conversation (public and internal replies, log entries
 * made by people, automations and rulesets), their attachments, mentions,
 * time entries, and the technician's own tabs (recent, favorite).
 * Open values (statuses, upload statuses, entry kinds, author types) are
 * strings: a real instance may send ones the spec does not list, and they
 * are shown raw.
 */
import type { Ticket, Trigger } from '../ticketing';
import type { Mention, ReplyDraft } from '../../rules/tickets/reply';

/** §3.5 attachment of a conversation entry (or of a reply being written). */
export interface TicketAttachment {
  id: string;
  resourceId: string | null;
  /** PROCESSING (§4.4: a placeholder until updated), SUCCESS, FAILURE, SUSPICIOUS, or a value of the instance's own. */
  uploadStatus: string;
  metadata: {
    name: string;
    /** Bytes, when the instance says. */
    size: number | null;
    contentType: string | null;
    /** How an inline image's `<img src="cid:…">` names it in the html body. */
    contentId: string | null;
    inline: boolean;
  };
}

/** The automation or ruleset that made an entry (§2.5's automation link). */
export interface EntryAutomation {
  id: number;
  /**
   * EVENT_BASED, TIME_BASED and RESPONSE_TEMPLATE open the automation dialog;
   * anything else (SCRIPT_RULE, CONDITION_RULE, ACTIVITY_RULE, RULESET, a value
   * of the instance's own) the ruleset dialog (§2.5).
   */
  type: string;
  name: string;
}

/** One field a log entry records as changed. Values as the instance shows them. */
export interface EntryChange {
  field: string;
  from: string | null;
  to: string | null;
}

/** A time entry recorded with a reply (§3.5). */
export interface TimeEntry {
  /** Minutes. */
  timeTracked: number;
  remote: boolean;
  /** Epoch ms. */
  startDate: number | null;
  agreementId: number | null;
  billingType: string | null;
  agreementOriginType: string | null;
}

/** Who wrote an entry: a technician, an end user, or the system (an automation or ruleset). Open. */
interface EntryAuthor {
  id: number | null;
  name: string;
  type: string;
}

/**
 * One entry of a ticket's conversation: a reply (public or internal, §6) or a
 * system log entry (what changed, and which automation or ruleset changed it).
 */
export interface ConversationEntry {
  id: string;
  /** 'REPLY' or 'LOG' (open: another kind is shown as a log entry with its raw kind). */
  kind: string;
  /** False for an internal reply: shown on a warning background (§6). */
  isPublic: boolean;
  /** Epoch ms. */
  createTime: number;
  author: EntryAuthor;
  /** The instance's html: shown only after the console's own schema has read it (never inserted raw). */
  htmlBody: string;
  body: string;
  attachments: TicketAttachment[];
  /** The technicians mentioned, with their §6 flags. */
  techniciansTagged: Mention[];
  /** Set on entries an automation or ruleset made (§2.5). */
  automation: EntryAutomation | null;
  changes: EntryChange[];
  timeEntry: TimeEntry | null;
}

/** A ticket as its page shows it: the board fields plus CC, the ids §3.5 names, and the agreement's id. */
export interface TicketDetail extends Ticket {
  /** CC'd email addresses. */
  cc: string[];
  assignedAppUserId: number | null;
  requesterUid: string | null;
  agreementId: number | null;
  /** The instance's version of the ticket: an update names the one it changed. */
  version: number | null;
}

/** A ticket's page: the ticket and its conversation (oldest first). */
export interface TicketView {
  ticket: TicketDetail;
  conversation: ConversationEntry[];
  /** Entries the console could not read: left out and counted. */
  skipped: number;
  /** Set when read from this computer's cache (the instance unreachable): when it was fetched. */
  cachedAt: number | null;
}

/** The header fields a technician edits in place. */
export const TICKET_HEADER_FIELDS = ['status', 'priority', 'severity', 'type', 'organization', 'location', 'requester', 'assignee', 'cc', 'ticketForm', 'tags', 'agreement'] as const;

/** A billing agreement a ticket or time entry can name. */
export interface TicketAgreement {
  id: number;
  name: string;
  /** Open: the agreement origin type the instance reports. */
  originType: string | null;
}

/** A recent or favorite tab of the ticketing home (§3.5 tabs; §9.4 at most 10 recent). */
export interface WorkspaceTab {
  kind: 'board' | 'ticket';
  id: number;
  title: string;
}

export interface WorkspaceTabs {
  recent: WorkspaceTab[];
  favorites: WorkspaceTab[];
}

/** The boards of the home's left list. */
export interface BoardList {
  items: Trigger[];
  skipped: number;
  cachedAt: number | null;
}

/** A draft as the store keeps it. */
export interface StoredReplyDraft {
  key: string;
  updatedAt: number;
  draft: ReplyDraft;
}
