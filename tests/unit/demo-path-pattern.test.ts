import { describe, expect, it } from 'vitest';
import { pathMatcher } from '../../src/demo-server/path-pattern';

const matches = (pattern: string | undefined, path: string) => pathMatcher(pattern)(path);

describe('demo fault path patterns (never a RegExp)', () => {
  it('reads the patterns the tests use as they read when they were regular expressions', () => {
    const data = '/api/v2/backup/nodes/1/plans/p/revisions/r1/data';
    expect(matches('/revisions/.+/data$', data)).toBe(true);
    expect(matches('/revisions/.*/data$', data)).toBe(true);
    expect(matches('/revisions/.+/data$', '/api/v2/backup/nodes/1/plans/p/revisions//data')).toBe(false);
    expect(matches('/revisions/.+/data$', `${data}/more`)).toBe(false);
    expect(matches('zendesk/articles', '/api/v2/zendesk/articles/search')).toBe(true);
    expect(matches('zendesk/ticket$', '/api/v2/zendesk/ticket')).toBe(true);
    expect(matches('zendesk/ticket$', '/api/v2/zendesk/tickets')).toBe(false);
    expect(matches('psa/user-roles', '/api/v2/psa/user-roles')).toBe(true);
    expect(matches('hide-help-tooltip', '/api/v2/user/hide-help-tooltip')).toBe(true);
  });

  it('supports * and the anchors', () => {
    expect(matches('*/data', '/x/data/y')).toBe(true);
    expect(matches('^/api/*/data$', '/api/a/b/data')).toBe(true);
    expect(matches('^/api/*/data$', '/v/api/a/data')).toBe(false);
    expect(matches('^/api', '/api/x')).toBe(true);
    expect(matches('^/api$', '/api')).toBe(true);
    expect(matches('^/api$', '/api/')).toBe(false);
    expect(matches('data.+', '/data')).toBe(false);
    expect(matches('data.+', '/datax')).toBe(true);
    expect(matches('$', '/anything')).toBe(true);
    expect(matches(undefined, '/anything')).toBe(true);
  });

  it('takes regular-expression syntax literally: no syntax errors, no catastrophic backtracking', () => {
    expect(() => pathMatcher('devices[')).not.toThrow();
    expect(matches('devices[', '/api/v2/query/devices')).toBe(false);
    expect(matches('(a|b)', '/x/(a|b)/y')).toBe(true);
    const started = performance.now();
    expect(matches('(x+x+)+y', `/${'x'.repeat(100_000)}`)).toBe(false);
    expect(matches('*x*x*x*x*x*x*x*y$', `/${'x'.repeat(100_000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
