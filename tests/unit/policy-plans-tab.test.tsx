/**
 * The policy editor's Backup tab as markup (ticketing spec §4.4): where an inherited plan comes from, the
 * Overridden tag with the parent's value beside each changed field and Revert, and Delete disabled with its reason
 * on an inherited plan only.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { POLICY_MESSAGES } from '../../src/shared/rules/admin/backup-policy';
import { inheritPlans, setPlanEnabled } from '../../src/shared/rules/admin/policy-inheritance';
import { BackupPlansTab } from '../../src/renderer/src/features/admin/policies/BackupPlansTab';
import { newPlan } from '../../src/renderer/src/features/admin/policies/policy-form';

const now = new Date(2026, 10, 27, 8, 40);
const root = [{ ...newPlan('Documents', now), include: ['C:\\Users'] }, { ...newPlan('System image', now), type: 'IMAGE', include: ['C:'] }];
const plans = inheritPlans(root, 1, [{ ...newPlan('SQL', now), include: ['D:\\SQL'] }]).map((p) => (p.identifier === 'System image' ? setPlanEnabled(p, false) : p));

describe('the Backup tab', () => {
  it('says where inherited plans come from, marks the overridden one with the parent values and Revert, and refuses to delete inherited plans', () => {
    const html = renderToStaticMarkup(
      createElement(BackupPlansTab, { plans, onChange: () => undefined, policyName: (id) => (id === 1 ? 'Company baseline' : '?'), loadedStartDates: new Map(), problemOf: () => null }),
    );
    expect(html.match(/Inherited from Company baseline/g)).toHaveLength(2);
    expect(html.match(/data-testid="plan-overridden"/g)).toHaveLength(1);
    expect(html).toContain('data-testid="parent-value-enabled"');
    expect(html).toContain('(Parent: Enabled)');
    expect(html.match(/>Revert</g)).toHaveLength(1);
    expect(html).toContain('aria-label="Revert plan System image"');
    // Inherited plans: Delete disabled but focusable (aria-disabled, not natively), described by the reason.
    const deletes = [...html.matchAll(/<button[^>]*aria-label="Delete plan ([^"]+)"[^>]*>/g)].map((m) => [m[1], m[0]] as const);
    const blocked = deletes.filter(([, tag]) => tag.includes('aria-disabled="true"')).map(([name]) => name);
    expect(blocked).toEqual(['Documents', 'System image']);
    for (const [, tag] of deletes) expect(tag).not.toMatch(/\sdisabled=""/);
    const describedBy = /aria-label="Delete plan Documents"[^>]*aria-describedby="([^"]+)"|aria-describedby="([^"]+)"[^>]*aria-label="Delete plan Documents"/.exec(html);
    const reasonId = describedBy?.[1] ?? describedBy?.[2];
    expect(reasonId).toBeTruthy();
    expect(html).toContain(`<span id="${reasonId}" hidden="">${POLICY_MESSAGES.inheritedCannotBeDeleted}</span>`);
    expect(deletes.find(([name]) => name === 'SQL')![1]).not.toContain('aria-disabled');
  });
});
