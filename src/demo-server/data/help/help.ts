/**
 * Demo help data (spec/help-shared-blocks-editor.md §3, §7): a help-center
 * article corpus generated from the seed, every article tagged with the
 * topic (Zendesk `label_names`) and the route patterns of §2.2 it belongs to;
 * technicians and user roles for the CC picker and @-mentions.
 */
import type { HelpArticle, Technician } from '../../../shared/model/help';
import { HELP_ARTICLE_PREFIX, HELP_LOCALE } from '../../../shared/rules/help';
import { helpTopics, kebabCase } from '../../../shared/rules/help/routes';
import type { DemoConfig } from '../../config';
import { hashString, rngFor } from '../random';

interface DemoArticle extends HelpArticle {
  title: string;
  body: string;
  locale: string;
  label_names: string[];
  /** The §2.2 patterns whose pages suggest this article. */
  routes: string[];
  section_id: number;
}

/** Topic titles that read better than the words of their key. */
const TOPIC_TITLES: Readonly<Record<string, string>> = {
  backup: 'Backup',
  patching: 'Patch management',
  software: 'Software inventory',
  scripting: 'Scripting and automation',
  mdm: 'Mobile device management',
  api: 'The public API',
  installers: 'Agent installers',
  'getting-started': 'Getting started',
  'device-search': 'Device search',
  'remote-support': 'Remote support',
  'remote-control': 'Remote control',
  'remote-tools': 'Remote tools',
  'network-storage': 'Network storage for backups',
  'custom-fields': 'Custom fields',
  'scheduled-tasks': 'Scheduled tasks',
  'cloud-monitoring': 'Cloud monitoring',
  'quick-connect': 'Quick connect',
};

/** Fixed titles for the backup topic (the console's own area). */
const BACKUP_TITLES = [
  'Browsing backup data of a device',
  'Downloading files and folders from a backup',
  'Restoring files and folders from a backup',
  'Backup plans: image and file/folder backups',
  'Backup storage: cloud-only, local-only and hybrid',
  'Mounting an image backup to browse its content',
];

const FIXED_TITLES: Readonly<Record<string, readonly string[]>> = {
  backup: BACKUP_TITLES,
  'getting-started': ['Getting started with NinjaOne', 'Your first week: a checklist', 'Installing your first agent'],
};

const TEMPLATES = [
  'Getting started with {t}',
  '{T}: frequently asked questions',
  'How to configure {t}',
  'Troubleshooting {t}',
  '{T} best practices',
  'Understanding {t} reports',
  'Permissions and roles for {t}',
  "What's new in {t}",
  '{T} for managed service providers',
  'Automating {t} with policies',
];

const SNIPPET_OPENINGS = [
  'This article explains',
  'Learn',
  'A step-by-step guide to',
  'Find out',
  'An overview of',
  'Everything you need to know about',
];

const GENERAL_TITLES = [
  'Contacting NinjaOne support',
  'Submitting a help ticket',
  'Keyboard shortcuts in the console',
  'Two-factor authentication for technicians',
  'Exporting data to CSV',
  'Time zones and date formats',
  'Browser and operating system requirements',
  'Release notes',
  'Using the NinjaOne Community',
  'NinjaOne Academy courses',
];

function topicTitle(topic: string): string {
  const known = TOPIC_TITLES[topic];
  if (known) return known;
  const words = topic.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fill(template: string, title: string): string {
  const lower = /^[A-Z][a-z]/.test(title) && !/^(API|MDM)/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title;
  return template.replace('{T}', title).replace('{t}', lower);
}

function articleId(seed: string, key: string): number {
  // Help-center ids are large integers; stay well inside Number.MAX_SAFE_INTEGER.
  return 360_000_000_000 + (hashString(`${seed}|article|${key}`) % 1_000_000_000);
}

function makeArticle(seed: string, key: string, title: string, topic: string, routes: string[]): DemoArticle {
  const rng = rngFor(seed, 'article', key);
  const id = articleId(seed, key);
  const subject = topicTitle(topic).toLowerCase();
  const snippet = `${rng.pick(SNIPPET_OPENINGS)} ${title.charAt(0).toLowerCase()}${title.slice(1)}, with examples for ${subject}.`;
  const body = `${title}. ${snippet} Applies to ${routes.length ? routes.join(', ') : 'every page'}.`;
  return {
    id,
    name: title,
    title,
    snippet,
    body,
    html_url: `${HELP_ARTICLE_PREFIX}${id}-${kebabCase(title).slice(0, 60)}`,
    locale: HELP_LOCALE,
    label_names: [topic],
    routes,
    section_id: 360_000_000 + (hashString(`${seed}|section|${topic}`) % 1_000_000),
  };
}

/** At least this many articles, whatever the seed. */
export const MIN_ARTICLES = 200;

const corpora = new Map<string, DemoArticle[]>();

/** The article corpus of a seed: the same on every request and run. */
export function helpArticles(seed: string): DemoArticle[] {
  const cached = corpora.get(seed);
  if (cached) return cached;
  const articles: DemoArticle[] = [];
  for (const [topic, patterns] of helpTopics()) {
    const rng = rngFor(seed, 'topic', topic);
    const titles =
      FIXED_TITLES[topic] ??
      [...TEMPLATES]
            .sort((a, b) => hashString(`${seed}|${topic}|${a}`) - hashString(`${seed}|${topic}|${b}`))
            .slice(0, rng.int(2, 4))
            .map((template) => fill(template, topicTitle(topic)));
    titles.forEach((title, i) => articles.push(makeArticle(seed, `${topic}#${i}`, title, topic, patterns)));
  }
  GENERAL_TITLES.forEach((title, i) => articles.push(makeArticle(seed, `general#${i}`, title, 'general', [])));
  for (let i = 0; articles.length < MIN_ARTICLES; i++) {
    const title = `${rngFor(seed, 'tip', i).pick(['Tip', 'How-to', 'Guide'])} #${i + 1}: working faster in the console`;
    articles.push(makeArticle(seed, `tip#${i}`, title, 'general', []));
  }
  corpora.set(seed, articles);
  return articles;
}

/**
 * Help-center search: articles with any significant word of the query (3+
 * characters) in the title, snippet or body, the most matching words first
 * (case-insensitive); an optional label filter. An empty query lists a label.
 */
export function searchArticles(seed: string, query: string, labels: string[] = []): DemoArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const significant = words.filter((word) => word.length >= 3);
  const terms = significant.length ? significant : words;
  const inLabels = (article: DemoArticle) => !labels.length || article.label_names.some((label) => labels.includes(label));
  if (terms.length === 0) return labels.length ? helpArticles(seed).filter(inLabels) : [];
  return helpArticles(seed)
    .filter(inLabels)
    .map((article, index) => {
      const text = `${article.title} ${article.snippet} ${article.body}`.toLowerCase();
      const title = article.title.toLowerCase();
      const score = terms.reduce((n, term) => n + (text.includes(term) ? 2 : 0) + (title.includes(term) ? 1 : 0), 0);
      return { article, index, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.article);
}

interface UserRole {
  id: number;
  name: string;
  roleType: 'TECHNICIAN' | 'END_USER';
  users: Technician[];
}

const FIRST_NAMES = ['Jordan', 'Sam', 'Taylor', 'Casey', 'Morgan', 'Jamie', 'Riley', 'Avery', 'Quinn', 'Drew', 'Parker', 'Skyler', 'Rowan', 'Emerson'];
const LAST_NAMES = ['Patel', 'Nguyen', 'Garcia', 'Schmidt', 'Okafor', 'Rossi', 'Kowalski', 'Andersson', 'Tanaka', 'Dubois', 'Silva', 'Murphy'];

/**
 * User roles (`GET /psa/user-roles`): technician roles with their members
 * (the configured users first, then generated ones; one deleted, one without
 * permission for help tickets) and an end-user role.
 */
export function userRoles(config: DemoConfig): UserRole[] {
  const technicians: Technician[] = config.users
    .filter((user) => user.userType === 'TECHNICIAN')
    .map((user) => ({ id: user.id, name: user.name, email: user.email, deleted: false, permitted: true }));
  const used = new Set(technicians.map((t) => t.name));
  for (let i = 0; technicians.length < 24; i++) {
    const rng = rngFor(config.seed, 'technician', i);
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    if (used.has(name)) continue;
    used.add(name);
    const id = 100 + i;
    const login = name.toLowerCase().replace(/[^a-z]+/g, '.');
    technicians.push({ id, name, email: `${login}@demo-msp.example`, deleted: false, permitted: true });
  }
  technicians.push({ id: 98, name: 'Former Technician', email: 'former.technician@demo-msp.example', deleted: true, permitted: true });
  technicians.push({ id: 99, name: 'Contract Technician', email: 'contract.technician@demo-msp.example', deleted: false, permitted: false });
  const half = Math.ceil(technicians.length / 2);
  return [
    { id: 1, name: 'Administrators', roleType: 'TECHNICIAN', users: technicians.slice(0, half) },
    { id: 2, name: 'Help desk', roleType: 'TECHNICIAN', users: technicians.slice(half) },
    {
      id: 3,
      name: 'End users',
      roleType: 'END_USER',
      users: [{ id: 500, name: 'Pat Customer', email: 'pat.customer@northwind.example', deleted: false, permitted: true }],
    },
  ];
}
