/** Help ticket, attachments, phone and demo request validations (spec §5, §8, §9), to the letter. */
import { describe, expect, it } from 'vitest';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type AttachmentFile } from '../../src/shared/model/help';
import {
  academyAvailable,
  BACKUP_GET_STARTED_FEATURES,
  callbackAvailable,
  extensionOf,
  HELP_MESSAGES,
  HELP_PANEL_WIDTH,
  HELP_SEARCH_DELAY_MS,
  isValidEmail,
  passesFileCheck,
  shouldSearchRelated,
  SIGNED_URL_CACHE_MS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_BODY_MAX_LENGTH,
  TICKET_MAX_ATTACHMENTS,
  tooLargeMessage,
  validateAttachmentSelection,
  validateDemoRequest,
  validateTicketForm,
} from '../../src/shared/rules/help';
import { attachmentId as attachmentIdSchema, submitTicketSchema } from '../../src/shared/rules/help/schemas';
import { REQUIRED_MESSAGE } from '../../src/shared/rules/platform/messages';
import { callingCodePrefix, DEFAULT_PHONE_COUNTRY, isValidInternationalPhone, phoneValue, validatePhone } from '../../src/shared/rules/help/phone';

const MB = 1024 * 1024;

function file(name: string, size = 1000, passes = true): AttachmentFile {
  return { path: `/tmp/${name}`, name, size, extension: extensionOf(name), passesFileCheck: passes };
}

describe('constants of §9', () => {
  it('are the spec values', () => {
    expect(HELP_PANEL_WIDTH).toBe(420);
    expect(HELP_SEARCH_DELAY_MS).toBe(2000);
    expect(TICKET_BODY_MAX_LENGTH).toBe(500);
    expect(TICKET_MAX_ATTACHMENTS).toBe(5);
    expect(TICKET_ATTACHMENT_MAX_BYTES).toBe(50 * MB);
    expect(SIGNED_URL_CACHE_MS).toBe(55_000);
    expect(TICKET_PRIORITIES).toEqual(['LOW', 'NORMAL', 'HIGH', 'URGENT']);
    expect(TICKET_CATEGORIES).toHaveLength(25);
    expect(TICKET_CATEGORIES[0]).toBe('Activities');
    expect(TICKET_CATEGORIES).toContain('Ninja Mobile');
    expect(TICKET_CATEGORIES[24]).toBe('Virtualization');
  });

  it('has the texts of the spec', () => {
    expect(HELP_MESSAGES.noRouteArticles).toBe("We're working on getting articles added for this page...");
    expect(HELP_MESSAGES.guideTitle).toBe('A smarter way to get help');
    expect(HELP_MESSAGES.guideBody).toBe('View suggested help articles wherever you are in the app.');
    expect(HELP_MESSAGES.attachmentType).toBe('Only jpg, jpeg, png, mov, txt file extensions are supported.');
    expect(BACKUP_GET_STARTED_FEATURES).toHaveLength(6);
  });
});

describe('attachments (§5, §8)', () => {
  it('accepts up to 5 files of the allowed types', () => {
    const files = ['a.jpg', 'b.jpeg', 'c.png', 'd.mov', 'e.txt'].map((n) => file(n));
    expect(validateAttachmentSelection([], files)).toEqual({ accepted: files, errors: [], tooLarge: [] });
    expect(validateAttachmentSelection([], [file('UPPER.PNG')]).accepted).toHaveLength(1);
  });

  it('refuses a selection over the count whole: "Only 5 attachments are allowed."', () => {
    const current = ['a.txt', 'b.txt', 'c.txt', 'd.txt'].map((n) => file(n));
    expect(validateAttachmentSelection(current, [file('e.txt'), file('f.txt')])).toEqual({ accepted: [], errors: ['Only 5 attachments are allowed.'], tooLarge: [] });
    expect(validateAttachmentSelection(current, [file('e.txt')]).accepted).toHaveLength(1);
  });

  it('refuses other types and files failing the file check', () => {
    const result = validateAttachmentSelection([], [file('report.pdf'), file('fake.png', 100, false), file('noext')]);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual(['Only jpg, jpeg, png, mov, txt file extensions are supported.']);
  });

  it('refuses duplicate names with the file name', () => {
    const result = validateAttachmentSelection([file('notes.txt')], [file('notes.txt'), file('other.txt'), file('other.txt')]);
    expect(result.accepted.map((f) => f.name)).toEqual(['other.txt']);
    expect(result.errors).toEqual(['File notes.txt has already been uploaded.', 'File other.txt has already been uploaded.']);
  });

  it('lists files over 50 MB in the danger alert', () => {
    const result = validateAttachmentSelection([], [file('big.mov', 50 * MB + 1), file('ok.mov', 50 * MB)]);
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.mov']);
    expect(result.tooLarge).toEqual(['big.mov']);
    expect(tooLargeMessage(result.tooLarge)).toBe('Please select a different file. The following file(s) are too large: big.mov');
  });

  it('refuses empty files', () => {
    expect(validateAttachmentSelection([], [file('empty.txt', 0)]).errors).toEqual(['Minimum file size is 1 byte']);
  });
});

describe('the file check', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  it('recognises JPEG, PNG, QuickTime and text', () => {
    expect(passesFileCheck('jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(passesFileCheck('jpeg', bytes(0xff, 0xd8, 0xff, 0xdb))).toBe(true);
    expect(passesFileCheck('png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(passesFileCheck('mov', new TextEncoder().encode('\0\0\0\x14ftypqt  '))).toBe(true);
    expect(passesFileCheck('txt', new TextEncoder().encode('hello\nworld'))).toBe(true);
  });

  it('refuses content that does not match its extension', () => {
    expect(passesFileCheck('png', new TextEncoder().encode('not a png'))).toBe(false);
    expect(passesFileCheck('jpg', bytes(0x89, 0x50))).toBe(false);
    expect(passesFileCheck('mov', bytes(1, 2, 3))).toBe(false);
    expect(passesFileCheck('txt', bytes(0x41, 0, 0x42))).toBe(false);
    expect(passesFileCheck('exe', bytes(0x4d, 0x5a))).toBe(false);
  });
});

describe('the ticket form (§5)', () => {
  const valid = { subject: 'Backup fails', bodyTextLength: 20, priority: 'HIGH' as const, category: 'Backup' as const, phoneError: null };

  it('requires priority, subject, body and category', () => {
    expect(validateTicketForm(valid)).toEqual({});
    expect(validateTicketForm({ subject: '  ', bodyTextLength: 0, priority: '', category: '', phoneError: null })).toEqual({
      subject: REQUIRED_MESSAGE,
      body: REQUIRED_MESSAGE,
      priority: REQUIRED_MESSAGE,
      category: REQUIRED_MESSAGE,
    });
  });

  it('limits the body to 500 characters', () => {
    expect(validateTicketForm({ ...valid, bodyTextLength: 500 })).toEqual({});
    expect(validateTicketForm({ ...valid, bodyTextLength: 501 }).body).toBe('The description can be at most 500 characters.');
  });

  it('carries the phone problem', () => {
    expect(validateTicketForm({ ...valid, phoneError: 'Invalid phone number' }).phone).toBe('Invalid phone number');
  });

  it('hides the callback checkbox for Billing and API', () => {
    expect(callbackAvailable('Billing')).toBe(false);
    expect(callbackAvailable('API')).toBe(false);
    expect(callbackAvailable('Backup')).toBe(true);
    expect(callbackAvailable('')).toBe(true);
  });

  it('searches related articles from 3 non-space characters, only when not branded', () => {
    expect(shouldSearchRelated('ab', false)).toBe(false);
    expect(shouldSearchRelated(' a b ', false)).toBe(false);
    expect(shouldSearchRelated('a b c', false)).toBe(true);
    expect(shouldSearchRelated('backup', true)).toBe(false);
  });

  it('validates the submitted ticket at the contract', () => {
    const input = {
      submissionId: '6f1f8c1e-4d2a-4c53-9a55-3c4a1c7d2b10',
      ticketSubject: 'Subject',
      ticketBody: '<p>Body</p>',
      ticketPriority: 'LOW',
      ticketPhoneNumber: '',
      ticketCategory: 'Other',
      ticketCallback: false,
      ticketCc: ['alex.morgan@demo-msp.example'],
      attachmentFiles: ['0b6c2f1e-6a0b-4a3e-9e7d-2f1d3c4b5a69'],
    };
    expect(submitTicketSchema.safeParse(input).success).toBe(true);
    expect(submitTicketSchema.safeParse({ ...input, ticketPriority: 'CRITICAL' }).success).toBe(false);
    expect(submitTicketSchema.safeParse({ ...input, ticketCategory: 'Cooking' }).success).toBe(false);
    expect(submitTicketSchema.safeParse({ ...input, ticketPhoneNumber: '+1 123' }).error?.issues[0]?.message).toBe('Invalid phone number');
    expect(submitTicketSchema.safeParse({ ...input, ticketPhoneNumber: '555-0123' }).success).toBe(false);
    expect(submitTicketSchema.safeParse({ ...input, ticketPhoneNumber: '+12015550123' }).success).toBe(true);
    expect(submitTicketSchema.safeParse({ ...input, ticketCc: ['not-an-email'] }).success).toBe(false);
    expect(submitTicketSchema.safeParse({ ...input, attachmentFiles: Array.from({ length: 6 }, () => crypto.randomUUID()) }).success).toBe(false);
    // Files are named by the ids they were handed over with, never by a path on disk.
    expect(submitTicketSchema.safeParse({ ...input, attachments: ['/tmp/notes.txt'] }).success).toBe(false);
    expect(submitTicketSchema.safeParse({ ...input, attachmentFiles: ['/tmp/notes.txt'] }).success).toBe(false);
  });
});

describe('the phone input (§5)', () => {
  it('defaults to the US', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('US');
    expect(callingCodePrefix('US')).toBe('+1');
  });

  it('validates per country: "Invalid phone number"', () => {
    expect(validatePhone(phoneValue('US', '(201) 555-0123'), 'US')).toBeNull();
    expect(validatePhone(phoneValue('US', '123'), 'US')).toBe('Invalid phone number');
    expect(validatePhone(phoneValue('GB', '020 7946 0018'), 'GB')).toBeNull();
    // A valid British number is not valid for the US.
    expect(validatePhone(phoneValue('US', '+44 20 7946 0018'), 'US')).toBe('Invalid phone number');
    expect(validatePhone(phoneValue('DE', '030 123456'), 'DE')).toBeNull();
  });

  it('is E.164 when it parses, and empty when only the country code remains', () => {
    expect(phoneValue('US', '201-555-0123')).toBe('+12015550123');
    expect(phoneValue('US', '')).toBe('');
    expect(phoneValue('US', '  ')).toBe('');
    expect(phoneValue('US', '+1')).toBe('');
    expect(validatePhone('', 'US')).toBeNull();
    expect(isValidInternationalPhone('+12015550123')).toBe(true);
    expect(isValidInternationalPhone('+1201')).toBe(false);
  });
});

describe('the demo request (§5)', () => {
  it('needs a name and a valid email', () => {
    expect(validateDemoRequest({ userName: 'Alex', userEmail: 'alex@example.com' })).toEqual({});
    expect(validateDemoRequest({ userName: ' ', userEmail: 'alex@' })).toEqual({ userName: 'Enter your name.', userEmail: 'Enter a valid email address.' });
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a b@c.co')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

describe('the academy link (§6)', () => {
  it('needs the feature ninja_academy and its branding flag', () => {
    expect(academyAvailable(true, true)).toBe(true);
    expect(academyAvailable(false, true)).toBe(false);
    expect(academyAvailable(true, false)).toBe(false);
  });
});

describe('attachment ids in a path', () => {
  it("refuses '.' and '..' (they would walk the path once encoded) and control characters", () => {
    expect(attachmentIdSchema.safeParse('..').success).toBe(false);
    expect(attachmentIdSchema.safeParse('.').success).toBe(false);
    expect(attachmentIdSchema.safeParse('a\u0000b').success).toBe(false);
    expect(attachmentIdSchema.safeParse('automation-attachment-1').success).toBe(true);
    expect(attachmentIdSchema.safeParse('a.b').success).toBe(true);
  });
});
