/**
 * Ticket rulesets through the console's services against the
 * demo server over real HTTP: the lists, the rulesets, GraphQL
 * ticketRulesetById and the create-or-update mutation (create, update, copy),
 * §8.2's messages on failed saves, the contract refusing what §5.2 refuses,
 * deletion, and the tags query.
 */
import { describe, expect, it } from 'vitest';
import type { LookupPage, TicketingLists, TicketRuleset } from '../../src/shared/model/ticketing';
import { defaultTicketingConfiguration, type TicketingConfiguration } from '../../src/shared/rules/ticketing/configuration';
import { formOfRuleset, newRulesetForm, RULESET_MESSAGES, rulesetPayload } from '../../src/shared/rules/ticketing/ruleset';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();


describe('ticket rulesets against the demo', () => {
  it('lists forms (an inactive one among them), statuses, priorities and severities, and the rulesets of each type', async () => {
    const lists = await ctx.services().call<TicketingLists>('ticketing.lists', {});
    expect(lists.forms.some((f) => !f.active)).toBe(true);
    expect(lists.statuses.map((s) => s.value)).toContain('OPEN');
    expect(lists.priorities.map((p) => p.value)).toEqual(['LOW', 'NORMAL', 'HIGH', 'URGENT']);
    expect(lists.severities.length).toBeGreaterThan(0);
    const all = await ctx.services().call<{ items: TicketRuleset[]; skipped: number }>('ticketing.rulesets', {});
    expect(all.skipped).toBe(0);
    expect(new Set(all.items.map((r) => r.type))).toEqual(new Set(['SCRIPT_RULE', 'CONDITION_RULE', 'ACTIVITY_RULE']));
    const conditions = await ctx.services().call<{ items: TicketRuleset[] }>('ticketing.rulesets', { type: 'CONDITION_RULE' });
    expect(conditions.items.every((r) => r.type === 'CONDITION_RULE')).toBe(true);
  });

  it('creates a condition rule through the mutation, reads it back by id (GraphQL), edits it, copies it and deletes it', async () => {
    const form = { ...newRulesetForm(), name: 'Printer offline', ticketFormId: 2, status: 'NEW', tags: ['printers'], resetStatus: 'RESOLVED', resetValue: 30, resetUnit: 'MINUTES' as const };
    const created = await ctx.services().call<TicketRuleset>('ticketing.saveRuleset', rulesetPayload(form, 'CONDITION_RULE'));
    expect(created.id).toBeGreaterThan(0);
    expect(created.conditionResetSettings).toEqual({ status: 'RESOLVED', time: { value: 30, unit: 'MINUTES' } });
    // The retrigger status fell back to the trigger status.
    expect(created.conditionReTriggerSettings).toMatchObject({ createNewTicket: false, status: 'NEW', tags: [] });

    const read = await ctx.services().call<TicketRuleset>('ticketing.ruleset', { id: created.id });
    expect(read).toEqual(created);
    const edited = await ctx.services().call<TicketRuleset>('ticketing.saveRuleset', rulesetPayload({ ...formOfRuleset(read), enabled: false, createNewTicket: true, retriggerTags: ['kept?'] }, 'CONDITION_RULE', read.id));
    expect(edited.id).toBe(read.id);
    expect(edited.enabled).toBe(false);
    // §4.2: with createNewTicket the retrigger tags, priority and severity go empty.
    expect(edited.conditionReTriggerSettings).toMatchObject({ createNewTicket: true, tags: [], priority: null, severity: null });

    const copy = await ctx.services().call<TicketRuleset>('ticketing.saveRuleset', rulesetPayload({ ...formOfRuleset(edited), name: `${edited.name} (Copy)` }, 'CONDITION_RULE'));
    expect(copy.id).not.toBe(edited.id);
    expect(copy.name).toBe('Printer offline (Copy)');

    await ctx.services().call('ticketing.deleteRuleset', { id: copy.id });
    await expect(ctx.services().call('ticketing.ruleset', { id: copy.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ctx.services().call('ticketing.deleteRuleset', { id: copy.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // New tags became the instance's tags.
    expect(await ctx.services().call<string[]>('ticketing.tags', { search: 'print' })).toEqual(['printers']);
  });

  it('§7.1 create-tag makes a tag the instance has; one it refuses says §8.1 "Error creating tag"; a bad name never leaves the console', async () => {
    expect(await ctx.services().call<string>('ticketing.createTag', { name: 'warranty' })).toBe('warranty');
    expect(await ctx.services().call<string[]>('ticketing.tags', { search: 'warr' })).toEqual(['warranty']);
    await expect(ctx.services().call('ticketing.createTag', { name: 'Warranty' })).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error creating tag' });
    await expect(ctx.services().call('ticketing.createTag', { name: 'a,b' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('a failed save says §8.2 (saving a new one, updating one), never the server words', async () => {
    const form = { ...newRulesetForm(), name: 'Broken [fail]', ticketFormId: 1, status: 'NEW' };
    await expect(ctx.services().call('ticketing.saveRuleset', rulesetPayload(form, 'SCRIPT_RULE'))).rejects.toMatchObject({ code: 'SERVER_ERROR', message: RULESET_MESSAGES.saveFailed });
    await expect(ctx.services().call('ticketing.saveRuleset', rulesetPayload(form, 'SCRIPT_RULE', 1))).rejects.toMatchObject({ code: 'SERVER_ERROR', message: RULESET_MESSAGES.updateFailed });
    expect(RULESET_MESSAGES.saveFailed).toBe('Error saving ticket ruleset');
    expect(RULESET_MESSAGES.updateFailed).toBe('Error updating ticket ruleset');
  });

  it('the contract refuses what §5.2 refuses before anything is sent: a 51-character name, a reset past its unit, an unknown type', async () => {
    const base = rulesetPayload({ ...newRulesetForm(), name: 'x', ticketFormId: 1, status: 'NEW', resetStatus: 'NEW' }, 'CONDITION_RULE');
    await expect(ctx.services().call('ticketing.saveRuleset', { ...base, name: 'n'.repeat(51) })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.saveRuleset', { ...base, conditionResetSettings: { status: 'NEW', time: { value: 60_000, unit: 'MINUTES' } } })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.saveRuleset', { ...base, type: 'OTHER_RULE' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('the ticketing configuration against the demo', () => {
  it('starts as the §3 default state; a partial save merges into it (TICKETING_SET_CONFIGURATIONS) and is what the next read gives', async () => {
    expect(await ctx.services().call<TicketingConfiguration>('ticketing.configuration', {})).toEqual(defaultTicketingConfiguration());
    const saved = await ctx.services().call<TicketingConfiguration>('ticketing.saveConfiguration', {
      enabled: true,
      timerSettings: { enabled: true, mode: 'MANUAL' },
      emailNotificationSettings: { onPublicComment: { toRequester: { endUserOrContact: true } } },
    });
    expect(saved.enabled).toBe(true);
    expect(saved.timerSettings).toEqual({ enabled: true, mode: 'MANUAL' });
    expect(saved.emailNotificationSettings.onPublicComment.toRequester).toEqual({ technician: true, endUserOrContact: true });
    // What the save did not name is as it was.
    expect(saved.emailNotificationSettings.onPrivateComment).toEqual(defaultTicketingConfiguration().emailNotificationSettings.onPrivateComment);
    expect(saved.attachmentSettings).toEqual({ canAttachFiles: false, requireAuthToView: false });
    const second = await ctx.services().call<TicketingConfiguration>('ticketing.saveConfiguration', { businessHours: { twentyFourSeven: false, days: [{ day: 'MONDAY', start: '08:00', end: '16:30' }] } });
    expect(second.timerSettings.mode).toBe('MANUAL');
    expect(await ctx.services().call('ticketing.configuration', {})).toEqual(second);
  });

  it('refuses an unknown part or a bad value before sending', async () => {
    await expect(ctx.services().call('ticketing.saveConfiguration', { emailNotificationSettings: { onTeleport: {} } })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.saveConfiguration', { fromEmailDomain: 'not a domain' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.saveConfiguration', { businessHours: { days: [{ day: 'MONDAY', start: '18:00', end: '08:00' }] } })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('organization and location lookups against the demo (§7.1, §9.1)', () => {
  it('pages organizations by 50, searched by name on the server, a deleted one marked', async () => {
    const first = await ctx.services().call<LookupPage>('ticketing.organizations', { page: 0 });
    expect(first.results).toHaveLength(50);
    expect(first.totalPages).toBeGreaterThanOrEqual(3);
    expect(first.skipped).toBe(0);
    const last = await ctx.services().call<LookupPage>('ticketing.organizations', { page: first.totalPages - 1 });
    expect(last.results.at(-1)).toMatchObject({ name: 'Retired Client (deleted)', deleted: true });
    const apex = await ctx.services().call<LookupPage>('ticketing.organizations', { page: 0, search: 'apex' });
    expect(apex.results.length).toBeGreaterThan(0);
    expect(apex.results.every((o) => o.name.toLowerCase().includes('apex'))).toBe(true);
    expect(apex.totalElements).toBe(apex.results.length);
  });

  it("lists an organization's locations, and refuses a bad organization id before sending", async () => {
    const northwind = (await ctx.services().call<LookupPage>('ticketing.organizations', { page: 0, search: 'Northwind' })).results[0]!;
    const locations = await ctx.services().call<LookupPage>('ticketing.locations', { page: 0, organizationId: northwind.id });
    expect(locations.results.map((l) => l.name)).toEqual(['Northwind Traders Head office', 'Northwind Traders Branch']);
    await expect(ctx.services().call('ticketing.locations', { page: 0, organizationId: -1 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
