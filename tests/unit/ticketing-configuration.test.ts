/** The ticketing configuration's default state (help spec §3), TICKETING_SET_CONFIGURATIONS (§4), its patch and checks. */
import { describe, expect, it } from 'vitest';
import {
  configurationPatch,
  configurationPatchSchema,
  configurationProblems,
  defaultTicketingConfiguration,
  HEALTH_STATUSES,
  mergeConfiguration,
  NOTIFICATION_EVENTS,
  readConfiguration,
  RECIPIENTS,
} from '../../src/shared/rules/ticketing/configuration';

describe('ticketing configuration', () => {
  it('the default state is §3 exactly', () => {
    const config = defaultTicketingConfiguration();
    expect(config).toMatchObject({
      enabled: false,
      fromEmailDomain: null,
      useFromEmailDomain: false,
      timerSettings: { enabled: false, mode: null },
      attachmentSettings: { canAttachFiles: false, requireAuthToView: false },
      businessHours: { twentyFourSeven: true, days: [] },
    });
    const n = config.emailNotificationSettings;
    expect(Object.keys(n)).toEqual([...NOTIFICATION_EVENTS]);
    expect(Object.keys(n.onTicketCreated)).toEqual(['onEditor', 'onEmail']);
    // Technician true everywhere.
    const all = [n.onAssigned, n.onRemoved, n.onCCAdded, n.onTicketCreated.onEditor, n.onTicketCreated.onEmail, n.onTicketUpdated, n.onPrivateComment, n.onPublicComment];
    for (const event of all) for (const recipient of RECIPIENTS) expect(event[recipient].technician).toBe(true);
    // endUserOrContact true for onCCAdded, onTicketCreated, onTicketUpdated (requester and CC), and public comment CC.
    for (const event of [n.onCCAdded, n.onTicketCreated.onEditor, n.onTicketCreated.onEmail, n.onTicketUpdated]) {
      expect(event.toRequester.endUserOrContact).toBe(true);
      expect(event.toCC.endUserOrContact).toBe(true);
    }
    expect(n.onPublicComment.toCC.endUserOrContact).toBe(true);
    expect(n.onPublicComment.toRequester.endUserOrContact).toBe(false);
    // Absent for the assignee and for private comments.
    for (const event of all) expect(event.toAssignee).not.toHaveProperty('endUserOrContact');
    for (const recipient of RECIPIENTS) expect(n.onPrivateComment[recipient]).not.toHaveProperty('endUserOrContact');
    expect(HEALTH_STATUSES).toEqual(['HEALTHY', 'UNHEALTHY', 'NEEDS_ATTENTION', 'UNKNOWN']);
  });

  it('TICKETING_SET_CONFIGURATIONS merges a partial payload into the current configuration', () => {
    const current = defaultTicketingConfiguration();
    const merged = mergeConfiguration(current, { enabled: true, timerSettings: { mode: 'MANUAL' }, emailNotificationSettings: { onPublicComment: { toRequester: { endUserOrContact: true } } } });
    expect(merged.enabled).toBe(true);
    expect(merged.timerSettings).toEqual({ enabled: false, mode: 'MANUAL' });
    expect(merged.emailNotificationSettings.onPublicComment.toRequester).toEqual({ technician: true, endUserOrContact: true });
    expect(merged.emailNotificationSettings.onPublicComment.toCC).toEqual(current.emailNotificationSettings.onPublicComment.toCC);
    // Arrays replace; the current configuration is not changed.
    const days = [{ day: 'MONDAY' as const, start: '09:00', end: '17:00' }];
    expect(mergeConfiguration(merged, { businessHours: { twentyFourSeven: false, days } }).businessHours).toEqual({ twentyFourSeven: false, days });
    expect(current.enabled).toBe(false);
    // A payload cannot reach the prototype.
    const hostile = mergeConfiguration(current, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(hostile).toEqual(current);
  });

  it('a save sends only what changed; the patch schema refuses unknown parts and bad values', () => {
    const before = defaultTicketingConfiguration();
    const after = mergeConfiguration(before, { useFromEmailDomain: true, fromEmailDomain: 'help.example.com', emailNotificationSettings: { onRemoved: { toCC: { technician: false } } } });
    const patch = configurationPatch(before, after);
    expect(patch).toEqual({ useFromEmailDomain: true, fromEmailDomain: 'help.example.com', emailNotificationSettings: { onRemoved: { toCC: { technician: false } } } });
    expect(configurationPatchSchema.safeParse(patch).success).toBe(true);
    expect(configurationPatch(before, before)).toBeUndefined();
    expect(configurationPatchSchema.safeParse({ emailNotificationSettings: { onSomething: {} } }).success).toBe(false);
    expect(configurationPatchSchema.safeParse({ fromEmailDomain: 'not a domain' }).success).toBe(false);
    expect(configurationPatchSchema.safeParse({ businessHours: { days: [{ day: 'MONDAY', start: '18:00', end: '09:00' }] } }).success).toBe(false);
  });

  it('the form checks: a domain to use, a timer mode when the timer is on, business days unless 24/7', () => {
    const config = defaultTicketingConfiguration();
    expect(configurationProblems(config)).toEqual({});
    expect(configurationProblems({ ...config, useFromEmailDomain: true })).toEqual({ fromEmailDomain: 'Required' });
    expect(configurationProblems({ ...config, fromEmailDomain: 'bad domain' }).fromEmailDomain).toBe('Enter a domain such as example.com.');
    expect(configurationProblems({ ...config, timerSettings: { enabled: true, mode: null } })).toEqual({ timerMode: 'Required' });
    expect(configurationProblems({ ...config, businessHours: { twentyFourSeven: false, days: [] } })).toEqual({ days: 'Choose at least one day, or 24/7.' });
  });

  it('an instance answer is read tolerantly over the defaults: wrong kinds keep the default, unknown parts go, odd days are dropped', () => {
    const read = readConfiguration({ enabled: 'yes', fromEmailDomain: 'help.example.com', extra: 1, timerSettings: { enabled: true, mode: 'WEIRD' }, businessHours: { twentyFourSeven: false, days: [{ day: 'MONDAY', start: '09:00', end: '17:00' }, { day: 'FUNDAY' }] }, emailNotificationSettings: { onAssigned: { toAssignee: { technician: false, endUserOrContact: true } } } });
    expect(read.enabled).toBe(false);
    expect(read.fromEmailDomain).toBe('help.example.com');
    expect(read).not.toHaveProperty('extra');
    // A mode this console does not know passes through raw.
    expect(read.timerSettings).toEqual({ enabled: true, mode: 'WEIRD' });
    expect(read.businessHours.days).toEqual([{ day: 'MONDAY', start: '09:00', end: '17:00' }]);
    expect(read.emailNotificationSettings.onAssigned.toAssignee).toEqual({ technician: false, endUserOrContact: true });
    expect(read.emailNotificationSettings.onCCAdded).toEqual(defaultTicketingConfiguration().emailNotificationSettings.onCCAdded);
  });
});
