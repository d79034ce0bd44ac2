/** The demo's help corpus and user roles: deterministic from the seed, at least 200 articles, tied to the route table. */
import { describe, expect, it } from 'vitest';
import { defaultDemoConfig } from '../../src/demo-server/config';
import { helpArticles, MIN_ARTICLES, searchArticles, userRoles } from '../../src/demo-server/data/help/help';
import { HELP_ARTICLE_PREFIX } from '../../src/shared/rules/help';
import { helpTopics } from '../../src/shared/rules/help/routes';

describe('the help article corpus', () => {
  it('has at least 200 articles with unique ids and help-center links', () => {
    const articles = helpArticles('rmm-demo');
    expect(articles.length).toBeGreaterThanOrEqual(MIN_ARTICLES);
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    for (const article of articles) {
      expect(article.html_url.startsWith(`${HELP_ARTICLE_PREFIX}${article.id}-`)).toBe(true);
      expect(Number.isSafeInteger(article.id)).toBe(true);
    }
  });

  it('is the same for the same seed and differs for another', () => {
    const a = helpArticles('seed-a').map((x) => [x.id, x.name, x.snippet]);
    expect(helpArticles('seed-a').map((x) => [x.id, x.name, x.snippet])).toEqual(a);
    expect(helpArticles('seed-b').map((x) => x.id)).not.toEqual(a.map((x) => x[0]));
  });

  it('covers every topic of the route table with its patterns', () => {
    const articles = helpArticles('rmm-demo');
    for (const [topic, patterns] of helpTopics()) {
      const ofTopic = articles.filter((a) => a.label_names.includes(topic));
      expect(ofTopic.length, topic).toBeGreaterThanOrEqual(2);
      expect(ofTopic[0]!.routes).toEqual(patterns);
    }
  });

  it('searches by words and by label', () => {
    const backup = searchArticles('rmm-demo', '', ['backup']);
    expect(backup.map((a) => a.name)).toContain('Restoring files and folders from a backup');
    expect(searchArticles('rmm-demo', 'restoring BACKUP')[0]!.name).toBe('Restoring files and folders from a backup');
    expect(searchArticles('rmm-demo', 'nightly backup fails').length).toBeGreaterThan(0);
    expect(searchArticles('rmm-demo', 'zzzz-nothing')).toEqual([]);
    expect(searchArticles('rmm-demo', '')).toEqual([]);
  });
});

describe('user roles', () => {
  it('lists technician roles with the configured users first, plus an end-user role', () => {
    const roles = userRoles(defaultDemoConfig());
    const technicians = roles.filter((r) => r.roleType === 'TECHNICIAN').flatMap((r) => r.users);
    expect(technicians[0]).toMatchObject({ name: 'Alex Morgan', email: 'alex.morgan@demo-msp.example' });
    expect(technicians.length).toBeGreaterThanOrEqual(20);
    expect(technicians.some((t) => t.deleted)).toBe(true);
    expect(technicians.some((t) => !t.permitted)).toBe(true);
    expect(roles.some((r) => r.roleType === 'END_USER')).toBe(true);
    expect(userRoles(defaultDemoConfig())).toEqual(roles);
  });
});
