/**
 * The demo's automations, response templates and boards, and what their
 * editor picks from (spec/ticketing-automations-psa.md §3.1, §7.1, §9.1):
 * seeded triggers of every type (two system boards among them), the
 * notification channels (EMAIL, SMS, SLACK), the ticket attributes (one
 * inactive) and the users the requester and assignee pickers page through
 * (technicians, end users, one deleted technician for §5.1's 'Must not
 * contain deleted users'), and the attachments of two triggers with their
 * content (§3.1, §4.1: 'Escalate VIP tickets' has a PNG and a PDF, both
 * SUCCESS, and a SUSPICIOUS file; 'Password reset instructions' one
 * still PROCESSING). TicketingStore (./ticketing.ts) keeps the triggers; the
 * rest is fixed.
 */
import type { UploadStatus } from '../../../shared/model/platform/attachments';
import type { NotificationChannel, Trigger, TriggerAction } from '../../../shared/model/ticketing';
import { DEFAULT_BOARD_COLUMNS, DEFAULT_BOARD_SORT } from '../../../shared/rules/ticketing/trigger';

/** §3.5 Attachment as the instance sends it with a trigger: its name, size and type in metadata. */
export interface DemoTriggerAttachment {
  id: string;
  resourceId: string;
  contentId: string;
  uploadStatus: UploadStatus;
  metadata: { name: string; size: number; contentType: string };
}

/** A trigger as the demo stores and sends it: its attachments in the instance's shape. */
export type DemoTrigger = Omit<Trigger, 'attachments'> & { attachments: DemoTriggerAttachment[] };

type Seed = Omit<Trigger, 'attachments' | 'columns' | 'sortBy' | 'system'> & Partial<Pick<Trigger, 'columns' | 'sortBy' | 'system'>>;

const addTags = (tags: string): TriggerAction => ({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: tags }] } });
const email = (keys: string[], subject: string, body: string): TriggerAction => ({ type: 'SEND_EMAIL', params: { to: { keys, emails: [], uids: [] }, subject, body, allowResponse: false } });
const comment = (body: string, isPublic: boolean): TriggerAction => ({ type: 'ADD_TICKET_COMMENT', params: { body, public: isPublic } });
const logTime = (unit: 'MINUTES' | 'HOURS', value: number): TriggerAction => ({ type: 'TICKET_LOG_ENTRY_TIME_TRACKER', params: { unit, value } });
const notify = (...channels: NotificationChannel[]): TriggerAction => ({
  type: 'SEND_NOTIFICATION',
  params: { channels: channels.map((c, order) => ({ order, channelId: c.id, channelType: c.type })) },
});

/** The notification channels, deliberately not in name order: §7.1 has them answered sorted by name. */
export const DEMO_NOTIFICATION_CHANNELS: NotificationChannel[] = [
  { id: 1, name: 'Service desk inbox', type: 'EMAIL' },
  { id: 2, name: 'On-call phone', type: 'SMS' },
  { id: 3, name: 'Helpdesk channel', type: 'SLACK' },
  { id: 4, name: 'Escalations mailbox', type: 'EMAIL' },
  { id: 5, name: 'Security alerts', type: 'SLACK' },
];
const [SERVICE_DESK, ON_CALL, HELPDESK, ESCALATIONS, SECURITY] = DEMO_NOTIFICATION_CHANNELS as [NotificationChannel, NotificationChannel, NotificationChannel, NotificationChannel, NotificationChannel];

const SEEDS: Seed[] = [
  {
    id: 1,
    enabled: true,
    name: 'Escalate VIP tickets',
    description: 'New high-priority tickets from VIP clients are tagged escalated and their assignee is emailed.',
    type: 'EVENT_BASED',
    conditions: {
      all: [
        { id: 'vip-action', field: 'action', operator: 'equals', value: 'INSERT' },
        { id: 'vip-priority', field: 'priority', operator: 'equals', value: 'HIGH' },
      ],
      any: [{ id: 'vip-tags', field: 'tags', operator: 'contains_any', value: ['vip'] }],
    },
    actions: [addTags('escalated'), email(['ASSIGNEE'], 'VIP ticket needs attention', '<p>A high-priority ticket from a VIP client was just opened. Please pick it up first.</p>')],
  },
  {
    id: 2,
    enabled: true,
    name: 'Acknowledge new tickets',
    description: 'Tells the requester the ticket arrived and posts it to the helpdesk channel.',
    type: 'EVENT_BASED',
    conditions: { all: [{ id: 'ack-action', field: 'action', operator: 'equals', value: 'INSERT' }], any: [] },
    actions: [comment('<p>Thank you, we have received your request. A technician will be in touch shortly.</p>', true), notify(HELPDESK)],
  },
  {
    id: 3,
    enabled: false,
    name: 'Flag security incidents',
    description: 'Critical tickets about security go to review and page the on-call technician.',
    type: 'EVENT_BASED',
    conditions: {
      all: [
        { id: 'sec-action', field: 'action', operator: 'equals', value: 'INSERT' },
        { id: 'sec-severity', field: 'severity', operator: 'equals', value: 'CRITICAL' },
      ],
      any: [
        { id: 'sec-tags', field: 'tags', operator: 'contains_any', value: ['security'] },
        { id: 'sec-summary', field: 'summary', operator: 'contains', value: 'phishing' },
      ],
    },
    actions: [addTags('security-review'), notify(SECURITY, ON_CALL)],
  },
  {
    id: 4,
    enabled: true,
    name: 'Escalate waiting tickets after 24 hours',
    description: 'A ticket left waiting for a day is tagged escalated and its assignee reminded.',
    type: 'TIME_BASED',
    conditions: {
      all: [
        { id: 'wait-created', field: 'ticket_created', operator: 'hours_since:greater_or_equal_than', value: { hours: 24, minutes: 0 } },
        { id: 'wait-status', field: 'status', operator: 'equals', value: 'WAITING' },
      ],
      any: [],
    },
    actions: [addTags('escalated'), email(['ASSIGNEE'], 'Ticket waiting for 24 hours', '<p>This ticket has been waiting for a day. Please follow up with the requester.</p>')],
  },
  {
    id: 5,
    enabled: true,
    name: 'Remind about unassigned tickets',
    description: 'Mails the escalations list about tickets nobody picked up within two and a half hours.',
    type: 'TIME_BASED',
    conditions: {
      all: [
        { id: 'unassigned-created', field: 'ticket_created', operator: 'hours_since:greater_or_equal_than', value: { hours: 2, minutes: 30 } },
        { id: 'unassigned-assignee', field: 'assignee', operator: 'not_present', value: null },
      ],
      any: [],
    },
    actions: [notify(ESCALATIONS, SERVICE_DESK)],
  },
  {
    id: 6,
    enabled: true,
    name: 'Password reset instructions',
    description: 'The self-service password reset steps, with a quarter hour logged.',
    type: 'RESPONSE_TEMPLATE',
    conditions: { all: [], any: [] },
    actions: [
      comment('<p>To reset your password, open the sign-in page, choose <strong>Forgot password</strong> and follow the link we email you. Reply here if it does not arrive.</p>', true),
      logTime('MINUTES', 15),
    ],
  },
  {
    id: 7,
    enabled: true,
    name: 'Escalated to vendor',
    description: 'An internal note that the case is with the vendor.',
    type: 'RESPONSE_TEMPLATE',
    conditions: { all: [], any: [] },
    actions: [comment('<p>Escalated to the vendor; waiting for their case number.</p>', false), addTags('vendor'), logTime('MINUTES', 10)],
  },
  {
    id: 8,
    enabled: true,
    name: 'All tickets',
    description: 'Every ticket.',
    type: 'BOARD',
    system: true,
    conditions: { all: [], any: [] },
    actions: [],
  },
  {
    id: 9,
    enabled: true,
    name: 'Unassigned tickets',
    description: 'Tickets no technician has picked up yet.',
    type: 'BOARD',
    system: true,
    conditions: { all: [{ id: 'board-unassigned', field: 'assignee', operator: 'not_present', value: null }], any: [] },
    actions: [],
    columns: DEFAULT_BOARD_COLUMNS.filter((c) => c !== 'assignee'),
    sortBy: [{ field: 'createTime', direction: 'ASC' }],
  },
  {
    id: 10,
    enabled: true,
    name: 'VIP escalations',
    description: 'Urgent and high-priority work for VIP clients.',
    type: 'BOARD',
    conditions: {
      all: [{ id: 'board-vip', field: 'tags', operator: 'contains_any', value: ['vip'] }],
      any: [
        { id: 'board-high', field: 'priority', operator: 'equals', value: 'HIGH' },
        { id: 'board-urgent', field: 'priority', operator: 'equals', value: 'URGENT' },
      ],
    },
    actions: [],
    columns: ['priority', 'status', 'id', 'summary', 'organization', 'requester', 'assignee', 'lastUpdated'],
    sortBy: [
      { field: 'priority', direction: 'DESC' },
      { field: 'lastUpdated', direction: 'DESC' },
    ],
  },
];

/** A 32×24 PNG: a blue bar over a light checkerboard. */
const FLOW_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAAOklEQVR42mOQz39NU8QwasEIsODFuy9w9OPHLziiljjtLaCFocjioxYQtmDop6LRfDCaD0bzwTCwAAAcrIWq1HtVFgAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF saying `text`, its cross-reference table right. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface AttachmentSeed {
  id: string;
  name: string;
  contentType: string;
  uploadStatus: UploadStatus;
  bytes: Buffer;
}

/** The seeded attachments by trigger id, with their content (a SUSPICIOUS file's is never served). */
const ATTACHMENT_SEEDS: Readonly<Record<number, readonly AttachmentSeed[]>> = {
  1: [
    { id: 'automation-attachment-1', name: 'vip-escalation-flow.png', contentType: 'image/png', uploadStatus: 'SUCCESS', bytes: FLOW_PNG },
    { id: 'automation-attachment-2', name: 'vip-escalation-policy.pdf', contentType: 'application/pdf', uploadStatus: 'SUCCESS', bytes: onePagePdf('VIP escalation policy') },
    // Called a picture, but an executable: quarantined by the instance's scan.
    { id: 'automation-attachment-3', name: 'client-contacts.png', contentType: 'image/png', uploadStatus: 'SUSPICIOUS', bytes: Buffer.from('MZ\x90\x00 not a picture', 'latin1') },
  ],
  6: [{ id: 'automation-attachment-4', name: 'password-reset-steps.png', contentType: 'image/png', uploadStatus: 'PROCESSING', bytes: FLOW_PNG }],
};

const ATTACHMENT_CONTENT = new Map(Object.values(ATTACHMENT_SEEDS).flatMap((seeds) => seeds.map((seed) => [seed.id, seed] as const)));

function attachmentsOf(triggerId: number): DemoTriggerAttachment[] {
  return (ATTACHMENT_SEEDS[triggerId] ?? []).map((seed) => ({
    id: seed.id,
    resourceId: `ticketing-trigger-${triggerId}`,
    contentId: `cid-${seed.id}`,
    uploadStatus: seed.uploadStatus,
    metadata: { name: seed.name, size: seed.bytes.length, contentType: seed.contentType },
  }));
}

/** The bytes of a seeded attachment, or null for an id the demo never seeded. */
export function seededAttachmentBytes(id: string): Buffer | null {
  return ATTACHMENT_CONTENT.get(id)?.bytes ?? null;
}

/** The seeded triggers, fresh copies (a store changes its own): boards get the default columns and sort unless given theirs. */
export function initialTriggers(): DemoTrigger[] {
  return SEEDS.map((seed) => {
    const board = seed.type === 'BOARD';
    return structuredClone({
      ...seed,
      system: seed.system ?? false,
      attachments: attachmentsOf(seed.id),
      columns: seed.columns ?? (board ? [...DEFAULT_BOARD_COLUMNS] : []),
      sortBy: seed.sortBy ?? (board ? DEFAULT_BOARD_SORT : []),
    });
  });
}

/** §3.1 ticket attributes as GraphQL ticketAttributes answers them (content.values nested). */
export interface DemoTicketAttribute {
  id: number;
  attributeType: string;
  name: string;
  active: boolean;
  content: { values: Array<{ id: number; name: string }> };
}

const values = (...names: string[]) => ({ values: names.map((name, i) => ({ id: i + 1, name })) });

export const DEMO_TICKET_ATTRIBUTES: DemoTicketAttribute[] = [
  { id: 1, attributeType: 'MULTI_SELECT', name: 'Affected services', active: true, content: values('Email', 'VPN', 'File shares', 'Printing') },
  { id: 2, attributeType: 'DROPDOWN', name: 'Contract tier', active: true, content: values('Bronze', 'Silver', 'Gold') },
  { id: 3, attributeType: 'CHECKBOX', name: 'On-site visit needed', active: true, content: values() },
  { id: 4, attributeType: 'TEXT', name: 'Asset tag', active: true, content: values() },
  { id: 5, attributeType: 'NUMERIC', name: 'Affected users', active: true, content: values() },
  { id: 6, attributeType: 'DATE', name: 'Warranty expiry (retired)', active: false, content: values() },
];

/** §3.1: a user lookup is id, name, deleted; `technician` says which the assignee pickers list (§6). */
export interface UserLookup {
  id: number;
  name: string;
  deleted: boolean;
  technician: boolean;
}

const TECHNICIANS = ['Alex Morgan', 'Priya Shah', 'Diego Alvarez', 'Hannah Keller', 'Tom Okafor', 'Mei Lin'];
/** One technician is marked deleted, for §5.1's 'Must not contain deleted users'. */
const DELETED_TECHNICIAN_NAME = 'Former Technician (deleted)';
const FIRST_NAMES = ['Amelia', 'Ben', 'Chloe', 'Daniel', 'Ella', 'Finn', 'Grace', 'Henry', 'Isla', 'Jack', 'Kate', 'Liam'];
const LAST_NAMES = ['Anderson', 'Brooks', 'Carter', 'Dalton', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen'];

/** The users the pickers page through (50 a page): the technicians (the deleted one last), then 120 end users. */
export function lookupUsers(): UserLookup[] {
  const technicians = [...TECHNICIANS, DELETED_TECHNICIAN_NAME].map((name, i) => ({ id: i + 1, name, deleted: name === DELETED_TECHNICIAN_NAME, technician: true }));
  const endUsers = LAST_NAMES.flatMap((last, l) => FIRST_NAMES.map((first, f) => ({ id: 1000 + l * FIRST_NAMES.length + f, name: `${first} ${last}`, deleted: false, technician: false })));
  return [...technicians, ...endUsers];
}
